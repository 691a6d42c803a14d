// Lesson 5, "Shutdown handshake" (P1, P2, P4, P5), played through the UI with the protocol
// tracker: rejected while writing, approved after, status shutdown, duplicate and unknown
// responses refused with the tracker unchanged.
import { test, expect, Page } from '@playwright/test';
import {
  golden, stepAfter, trackErrors, openLesson, scrubTo, selectMember, memberCard, chip,
  readCounter, caption, playBothLanguages, requestView, currentRefusal, setLang,
  testPlaysToEndInBothLanguages,
} from './helpers';

const ID = 'l5-shutdown-handshake';
const g = golden(ID);

const row = (page: import('@playwright/test').Page, id: string) =>
  page.getByTestId('protocol-tracker').locator(`[data-testid=protocol-row][data-request-id="${id}"]`);

test('P1 P2 P5: shutdown handshake in the protocol tracker; bad responses refused with their reason, tracker unchanged', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  expect((await readCounter(page)).last).toBe(g.length);
  await expect(page.getByTestId('protocol-tracker').getByTestId('protocol-empty')).toBeVisible();
  await expect(page.getByTestId('protocol-tracker').getByTestId('protocol-row')).toHaveCount(0);

  // P1/P2: the lead opens shutdown-1: pending, carried by a shutdown_request message.
  await scrubTo(page, stepAfter(g, 'protocol', /shutdown request shutdown-1 opened/));
  await expect(row(page, 'shutdown-1')).toHaveAttribute('data-status', 'pending');
  await expect(row(page, 'shutdown-1')).toHaveAttribute('data-kind', 'shutdown');
  await expect(row(page, 'shutdown-1')).toContainText('pending');
  await scrubTo(page, stepAfter(g, 'store', /shutdown_request m2/));
  await expect(chip(page, 'm2')).toHaveAttribute('data-kind', 'shutdown_request');

  // P2: rejected while writing; the lead sees the reason.
  await scrubTo(page, stepAfter(g, 'protocol', /shutdown-1 rejected/));
  await expect(row(page, 'shutdown-1')).toHaveAttribute('data-status', 'rejected');
  await expect(row(page, 'shutdown-1')).toContainText('middle of writing report.md');
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'working');
  await scrubTo(page, stepAfter(g, 'store', /shutdown_response m3/));
  await expect(chip(page, 'm3')).toHaveAttribute('data-kind', 'shutdown_response');

  // P2: approved after the file is complete.
  await scrubTo(page, stepAfter(g, 'protocol', /shutdown-2 approved/));
  await expect(row(page, 'shutdown-2')).toHaveAttribute('data-status', 'approved');
  await expect(row(page, 'shutdown-1')).toHaveAttribute('data-status', 'rejected');
  // It finishes the tool round first: still working here.
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'working');

  // P5: a duplicate approval and an unknown id are refused with their reason (in both
  // languages); the tracker does not change.
  const refusals: [RegExp, string, string][] = [
    [/already_decided/, "Refused (alice): 'shutdown-2' was already approved; a request leaves pending only once",
      '拒绝（alice）：该请求已经有结论。原因：'],
    [/unknown_request/, "Refused (alice): there is no shutdown request with id 'shutdown-9' (known: shutdown-1, shutdown-2)",
      '拒绝（alice）：没有这个请求编号。原因：'],
  ];
  for (const [code, en, zh] of refusals) {
    await scrubTo(page, stepAfter(g, 'refusal', code));
    await expect(page.locator('.caption-kind')).toContainText('refusal');
    await expect(currentRefusal(page)).toHaveText(en);
    await expect(page.getByTestId('protocol-row')).toHaveCount(2);
    await expect(row(page, 'shutdown-2')).toHaveAttribute('data-status', 'approved');
    await expect(row(page, 'shutdown-1')).toHaveAttribute('data-status', 'rejected');
    await expect(row(page, 'shutdown-9')).toHaveCount(0);
    await setLang(page, 'zh');
    await expect(currentRefusal(page)).toContainText(zh);
    await expect(page.getByTestId('protocol-row')).toHaveCount(2);
    await setLang(page, 'en');
  }

  // P2: then it exits with status shutdown (not idle).
  await scrubTo(page, stepAfter(g, 'lifecycle', /^alice exited after an approved shutdown; working -> shutdown$/));
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'shutdown');
  await expect(memberCard(page, 'alice')).toContainText('shutdown');

  // Nothing restarts by itself: more work for alice is refused, with the reason.
  await scrubTo(page, stepAfter(g, 'refusal', /member_shut_down/));
  await expect(caption(page)).toContainText('Nothing restarts by itself');
  await expect(currentRefusal(page)).toHaveText('Refused (alice): alice has shut down; recall it to use it again');
  await page.getByTestId('step-last').click();
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'shutdown');
  expect(errors).toEqual([]);
});

/** The tool specs the selected member's shown request offered, read from its raw JSON. */
async function toolSpecs(page: Page): Promise<Record<string, { description: string; parameters: { properties: object; required: string[] } }>> {
  const text = await page.getByTestId('request-json').evaluate((el) => (el as HTMLElement).innerText);
  const tools = text.slice(text.indexOf('"tools": [')).split('\n').map((l) => l.trim()).filter((l) => l.startsWith('{"description"'));
  return Object.fromEntries(tools.map((l) => JSON.parse(l.replace(/,$/, ''))).map((t) => [t.name, t]));
}

test('P4: the same tool name has a different description and parameters per role, and each prompt states its duties', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  await page.getByTestId('step-last').click();
  await selectMember(page, 'lead');
  const lead = await toolSpecs(page);
  await expect(requestView(page).locator('.request-system pre')).toContainText('check it with shutdown_response; decide submitted plans with plan_approval');
  await selectMember(page, 'alice');
  const alice = await toolSpecs(page);
  await expect(requestView(page).locator('.request-system pre')).toContainText('submit a plan with plan_approval before major work; answer every shutdown_request with shutdown_response');
  // shutdown_response: the lead queries a request's status, the teammate answers one.
  expect(lead.shutdown_response.description).toMatch(/^Query the status of a shutdown request you sent/);
  expect(Object.keys(lead.shutdown_response.parameters.properties)).toEqual(['request_id']);
  expect(alice.shutdown_response.description).toMatch(/^Answer a shutdown request addressed to you/);
  expect(Object.keys(alice.shutdown_response.parameters.properties).sort()).toEqual(['approve', 'reason', 'request_id']);
  // plan_approval: the lead decides a plan, the teammate submits one.
  expect(lead.plan_approval.description).toMatch(/^Decide a plan/);
  expect(Object.keys(lead.plan_approval.parameters.properties).sort()).toEqual(['approve', 'feedback', 'request_id']);
  expect(alice.plan_approval.description).toMatch(/^Submit a plan to the lead/);
  expect(Object.keys(alice.plan_approval.parameters.properties)).toEqual(['plan']);
  // Same name, different spec; a tool only one role has is absent from the other's list.
  expect(lead.shutdown_request).toBeDefined();
  expect(alice.shutdown_request).toBeUndefined();
  expect(alice.read_file).toBeDefined();
  expect(lead.read_file).toBeUndefined();
  expect(errors).toEqual([]);
});

testPlaysToEndInBothLanguages('UI: l5', ID);
