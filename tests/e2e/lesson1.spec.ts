// Lesson 1, "Two investigators, one follow-up" (T1-T5, M1-M4, D1-D3), played through the UI.
// Also home of the transport checks that need a real lesson: breakpoints, keyboard shortcuts,
// and the default language following the browser.
import { test, expect } from '@playwright/test';
import {
  golden, stepAfter, trackErrors, openLesson, scrubTo, selectMember, memberCard, chip, laneOf,
  expectChipIn, requestView, pickRequest, allReplyCalls, expectStep, readCounter, caption,
  focusPlayground, playBothLanguages, setLang, waitReady, counter, GoldenEvent,
} from './helpers';

const ID = 'l1-two-investigators';
const g = golden(ID);
const M4_BODY = 'expected.txt says the expected output is 42';

test('l1: queued is not seen: m4 waits in Queued while r7 is in flight, then candidate, then request', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  const { last } = await readCounter(page);
  expect(last).toBe(g.length);

  // T1: the roster at step 0.
  await expect(page.getByTestId('member-card')).toHaveCount(3);
  for (const name of ['lead', 'reader', 'reviewer']) {
    await expect(memberCard(page, name)).toHaveAttribute('data-status', 'idle');
  }

  // T5: reader and reviewer busy at the same time.
  const reviewerStarts = stepAfter(g, 'lifecycle', /^reviewer started delivery 1\//);
  await scrubTo(page, reviewerStarts);
  await expect(memberCard(page, 'reader')).toHaveAttribute('data-busy', 'true');
  await expect(memberCard(page, 'reviewer')).toHaveAttribute('data-busy', 'true');

  // M1/M2/M3: reviewer's message to reader is stored while reader's request r7 is in flight.
  const m4Queued = stepAfter(g, 'store', /^reviewer queued message m4 -> reader/);
  await scrubTo(page, m4Queued);
  await expectChipIn(page, 'm4', 'lane-queued', 'queued');
  await expect(chip(page, 'm4')).toHaveAttribute('data-from', 'reviewer');
  await expect(chip(page, 'm4')).toHaveAttribute('data-to', 'reader');
  await expect(chip(page, 'm4')).toHaveAttribute('data-kind', 'message');
  await expect(memberCard(page, 'reader')).toHaveAttribute('data-status', 'working');
  await selectMember(page, 'reader');
  const view = requestView(page);
  await expect(view).toHaveAttribute('data-request-id', 'r7');
  await expect(view).toHaveAttribute('data-status', 'in_flight');
  await expect(view.locator('.entry-notifies[data-message-id="m4"]')).toHaveCount(0);
  await expect(view).not.toContainText(M4_BODY);
  // ... nor in reader's first request.
  await pickRequest(page, 'r3');
  await expect(view.locator('.entry-notifies[data-message-id="m4"]')).toHaveCount(0);
  await expect(view).not.toContainText(M4_BODY);

  // r7's reply comes back without 42: still only queued.
  const r7Reply = stepAfter(g, 'reply', /^reader got reply to r7/);
  await scrubTo(page, r7Reply);
  await expectChipIn(page, 'm4', 'lane-queued', 'queued');
  await pickRequest(page, 'r7');
  await expect(view).toHaveAttribute('data-status', 'replied');
  await expect(view.locator('.reply-text')).not.toContainText('42');

  // M4: the next preparation copies it into a candidate (the inbox keeps it).
  const prepared = stepAfter(g, 'prepare', /^reader prepared a candidate: .*notifies m4/);
  await scrubTo(page, prepared);
  await expectChipIn(page, 'm4', 'lane-candidate', 'in_candidate');
  const candidate = page.getByTestId('detail-candidate');
  await expect(candidate).toHaveAttribute('data-present', 'true');
  await expect(candidate.locator('.entry-notifies[data-message-id="m4"]')).toHaveCount(1);
  await expect(memberCard(page, 'reader')).toContainText(/inbox records [1-9]/);

  // M3: committed to history, still not sent.
  await page.getByTestId('step-forward').click();
  await expectStep(page, prepared + 1);
  await expectChipIn(page, 'm4', 'lane-candidate', 'committed');
  await expect(chip(page, 'm4')).toHaveClass(/committed/);

  // Only now a request carries it.
  const r9 = stepAfter(g, 'request', /^reader sent request r9/);
  expect(r9).toBe(prepared + 2);
  await page.getByTestId('step-forward').click();
  await expectStep(page, r9);
  await expectChipIn(page, 'm4', 'lane-request', 'in_request');
  await pickRequest(page, 'r9'); // the detail keeps the request picked earlier (r7)
  const note = view.locator('.request-messages .entry-notifies[data-message-id="m4"]');
  await expect(note).toHaveCount(1);
  await expect(view.locator('.request-messages li.entry-new .entry-notifies[data-message-id="m4"]')).toHaveCount(1);
  // T3: the same request still holds the first round's read_file result.
  await expect(view.locator('.request-messages')).toContainText('print(6 * 7)');

  // T3: reader never reads main.py a second time.
  await page.getByTestId('step-last').click();
  await expectStep(page, last);
  await selectMember(page, 'reader');
  const calls = await allReplyCalls(page);
  expect(calls.filter((c) => c.startsWith('read_file(')).length).toBe(1);
  expect(calls.filter((c) => c.startsWith('send_message(')).length).toBe(2);
  const toolEntries = page.getByTestId('detail-history').locator('li.entry[data-role="tool"] .entry-tool');
  await expect(toolEntries.filter({ hasText: 'read_file' })).toHaveCount(1);

  // D1/D2: the lead takes in both reports, then says the program was not run.
  const leadTakesBoth = stepAfter(g, 'prepare', /^lead prepared a candidate: .*notifies m3, m5/);
  await scrubTo(page, leadTakesBoth);
  await expectChipIn(page, 'm3', 'lane-candidate', 'in_candidate');
  await expectChipIn(page, 'm5', 'lane-candidate', 'in_candidate');
  const summary = stepAfter(g, 'lifecycle', /^lead finished the round: "main\.py's source/);
  await scrubTo(page, summary);
  await expect(caption(page)).toContainText('the program was not run');
  await expect(caption(page)).not.toContainText(/ran it, output 42"?\s*$/);
  // The lead's round ends the lesson (its status changes in the same step).
  const stepLast = page.getByTestId('step-last');
  if (await stepLast.isEnabled()) await stepLast.click();
  await selectMember(page, 'lead');
  await expect(view.locator('.reply-text')).toContainText('The program was not run');
  await expect(view.locator('.reply-text')).not.toContainText(/\bran it\b|\boutput 42\b/);
  // Every message ended up in a sent request.
  for (const id of ['m1', 'm2', 'm3', 'm4', 'm5']) await expectChipIn(page, id, 'lane-request', 'in_request');
  expect(errors).toEqual([]);
});

test('l1: plays to the end in English and Chinese', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  const { en, zh } = await playBothLanguages(page, ID);
  expect(en.length).toBe(g.length);
  expect(zh.length).toBe(g.length);
  // The lesson ends on the lead's summary: its round's end is the last step.
  expect(en[en.length - 1]).toContain('the program was not run');
  expect(zh[zh.length - 1]).toContain('程序也没有执行');
  expect(errors).toEqual([]);
});

/** The step at which `run`, started at `from`, must stop: the first later event of a kind in `kinds`. */
function nextStop(events: GoldenEvent[], from: number, kinds: string[]): number {
  const hit = events.find((e) => e.seq >= from && kinds.includes(e.cat));
  return hit ? hit.seq + 1 : events.length;
}

test('l1: breakpoints stop run at the right event kind', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  await page.getByTestId('speed').selectOption('4');
  const toggle = (kind: string) => page.locator(`[data-testid=breakpoint-toggle][data-kind="${kind}"]`);
  await expect(page.getByTestId('breakpoint-toggle')).toHaveCount(9);
  await expect(page.locator('.scrubber-wrap .tick')).toHaveCount(0);

  const runUntil = async (kinds: string[]) => {
    const { step } = await readCounter(page);
    const expected = nextStop(g, step, kinds);
    await page.getByTestId('run').click();
    await expect(page.getByTestId('pause')).toBeEnabled();
    await expectStep(page, expected);
    await expect(page.getByTestId('run')).toBeEnabled();
    await expect(page.getByTestId('pause')).toBeDisabled();
    await page.waitForTimeout(700); // > 2 steps at 4x: it really stopped
    await expectStep(page, expected);
    const kindLine = page.locator('.caption-kind');
    return { expected, kindLine };
  };

  await toggle('store').click();
  await expect(toggle('store')).toHaveAttribute('aria-pressed', 'true');
  const stores = g.filter((e) => e.cat === 'store').length;
  await expect(page.locator('.scrubber-wrap .tick')).toHaveCount(stores);
  let r = await runUntil(['store']);
  expect(g[r.expected - 1].cat).toBe('store');
  await expect(r.kindLine).toContainText('store');
  r = await runUntil(['store']);
  expect(g[r.expected - 1].text).toMatch(/queued message m2/);

  await toggle('store').click();
  await toggle('request').click();
  await toggle('commit').click();
  r = await runUntil(['request', 'commit']);
  expect(['request', 'commit']).toContain(g[r.expected - 1].cat);
  await expect(r.kindLine).toContainText(g[r.expected - 1].cat);

  await toggle('commit').click();
  await toggle('request').click();
  await toggle('discard').click(); // lesson 1 never discards: run goes to the end
  const { step } = await readCounter(page);
  expect(nextStop(g, step, ['discard'])).toBe(g.length);
  await page.getByTestId('speed').selectOption('4');
  // From here to the end at 4x is ~15 s; jump closer first so the test stays short.
  await scrubTo(page, g.length - 6);
  await page.getByTestId('run').click();
  await expectStep(page, g.length);
  await expect(page.getByTestId('run')).toBeEnabled();
  expect(errors).toEqual([]);
});

test('l1: keyboard shortcuts act only while the playground has focus', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  const { last } = await readCounter(page);
  await focusPlayground(page);
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 1);
  await page.keyboard.press('ArrowRight');
  await expectStep(page, 2);
  await page.keyboard.press('ArrowLeft');
  await expectStep(page, 1);
  await page.keyboard.press('End');
  await expectStep(page, last);
  await page.keyboard.press('ArrowRight'); // clamped
  await expectStep(page, last);
  await page.keyboard.press('Home');
  await expectStep(page, 0);
  await page.keyboard.press('ArrowLeft'); // clamped
  await expectStep(page, 0);

  // Space runs and pauses.
  await page.getByTestId('speed').selectOption('4');
  await focusPlayground(page);
  await page.keyboard.press(' ');
  await expect(page.getByTestId('pause')).toBeEnabled();
  await expect(counter(page)).not.toHaveText(/^step 0 \//);
  await page.keyboard.press(' ');
  await expect(page.getByTestId('pause')).toBeDisabled();
  const paused = (await readCounter(page)).step;
  await page.waitForTimeout(700);
  await expectStep(page, paused);

  // Focus outside the playground: nothing happens.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('End');
  await page.waitForTimeout(200);
  await expectStep(page, paused);
  // Typing in a field inside the playground: the keys belong to the field.
  const text = page.getByTestId('fork-text');
  await text.click();
  await page.keyboard.type('ab');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
  await page.keyboard.press(' ');
  await page.waitForTimeout(200);
  await expectStep(page, paused);
  await expect(text).toHaveValue('ab ');
  expect(errors).toEqual([]);
});

test.describe('default language follows the browser', () => {
  test.use({ locale: 'zh-CN' });
  test('zh-CN browser opens in Chinese; the choice persists', async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto('/');
    await waitReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
    await expect(counter(page)).toHaveText(`第 0 / ${g.length} 步`);
    await expect(page.getByTestId('lesson-select').locator('option').first()).toHaveText('两个调查者，一次追问');
    await expect(page.getByTestId('lane-queued')).toContainText('已排队');
    await setLang(page, 'en');
    await page.goto('about:blank');
    await page.goto('/');
    await waitReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(counter(page)).toHaveText(`step 0 / ${g.length}`);
    expect(errors).toEqual([]);
  });
});

test('en-US browser opens lesson 1 in English at step 0', async ({ page }) => {
  await page.goto('/');
  await waitReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('lesson-select')).toHaveValue(ID);
  await expect(counter(page)).toHaveText(`step 0 / ${g.length}`);
  await expect(caption(page)).toContainText('Two people finished investigating');
  expect(await laneOf(page, 'm1')).toBeNull();
});
