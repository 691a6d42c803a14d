// Lesson 8, "Restart and recall" (L3), played through the UI: after the reload every member is
// offline, work for an offline member is refused, and an explicit recall restores the history.
import { test, expect } from '@playwright/test';
import {
  golden, stepAfter, trackErrors, openLesson, scrubTo, selectMember, memberCard, readCounter,
  caption, playBothLanguages, statuses, requestView, allReplyCalls, expectStep, waitReady,
  testPlaysToEndInBothLanguages,
} from './helpers';

const ID = 'l8-restart-and-recall';
const g = golden(ID);

test('L3: after the reload members are offline until recalled with their history', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  expect((await readCounter(page)).last).toBe(g.length);

  const before = stepAfter(g, 'lifecycle', /^reader finished the round: .*; working -> idle$/);
  await scrubTo(page, before);
  await expect(memberCard(page, 'reader')).toHaveAttribute('data-status', 'idle');
  await expect(memberCard(page, 'reader')).toContainText('history entries 6');

  const restored = stepAfter(g, 'lifecycle', /roster restored from storage/);
  await scrubTo(page, restored);
  expect(await statuses(page)).toEqual({ lead: 'offline', reader: 'offline', reviewer: 'offline' });
  // L3: the history came back stored, not loaded: only the recall loads it.
  await expect(memberCard(page, 'reader')).toContainText('history stored: 6 entries (not loaded)');

  await scrubTo(page, stepAfter(g, 'refusal', /member_offline/));
  await expect(page.locator('.caption-kind')).toContainText('refusal');
  await expect(memberCard(page, 'reader')).toHaveAttribute('data-status', 'offline');

  await scrubTo(page, stepAfter(g, 'lifecycle', /^reader recalled: loaded 6 stored history entries: offline -> idle$/));
  await expect(memberCard(page, 'reader')).toHaveAttribute('data-status', 'idle');
  await expect(memberCard(page, 'reader')).toContainText('history entries 6');
  await expect(memberCard(page, 'reviewer')).toHaveAttribute('data-status', 'offline');

  // The first request after the recall is built on the restored history.
  await scrubTo(page, stepAfter(g, 'request', /^reader sent request r4/));
  await selectMember(page, 'reader');
  await expect(requestView(page)).toHaveAttribute('data-request-id', 'r4');
  await expect(requestView(page).locator('.request-messages')).toContainText('print(6 * 7)');
  await expect(requestView(page).locator('.entry-notifies[data-message-id="m3"]')).toHaveCount(1);

  // reader answers from its history: one read_file in all, before the reload.
  await page.getByTestId('step-last').click();
  await selectMember(page, 'reader');
  expect((await allReplyCalls(page)).filter((c) => c.startsWith('read_file(')).length).toBe(1);
  expect(await statuses(page)).toEqual({ lead: 'idle', reader: 'idle', reviewer: 'offline' });

  // A real page reload keeps what the learner had: the same lesson, run and step; nothing
  // restarts. The restart (L3) is the explicit "restart the host here" action of the fork panel:
  // a new branch with a roster-restored step added, every member offline until recalled.
  await page.reload();
  await waitReady(page);
  await expect(page.getByTestId('lesson-select')).toHaveValue(ID);
  const reloaded = await readCounter(page);
  expect(reloaded).toEqual({ step: g.length, last: g.length });
  expect(await statuses(page)).toEqual({ lead: 'idle', reader: 'idle', reviewer: 'offline' });
  await expect(page.getByTestId('restart-banner')).toHaveCount(0);

  await page.getByTestId('restart-host').click();
  const after = await readCounter(page);
  expect(after.last).toBe(g.length + 1);
  expect(after.step).toBe(after.last);
  await expect(page.getByTestId('restart-banner')).toBeVisible();
  expect(await statuses(page)).toEqual({ lead: 'offline', reader: 'offline', reviewer: 'offline' });
  await expect(memberCard(page, 'reader')).toContainText('history stored: 10 entries (not loaded)');
  // The original branch is kept to switch back to.
  await expect(page.locator('[data-testid=fork-branch][data-current="false"]')).toHaveCount(1);
  await memberCard(page, 'reader').getByTestId('recall').click();
  await expect(caption(page)).toContainText('reader is recalled');
  // The caption now says reader "is idle again": the card must agree at the same step.
  await expect.soft(memberCard(page, 'reader'), 'card status at the step the recall lands on')
    .toHaveAttribute('data-status', 'idle', { timeout: 2000 });
  const landed = await readCounter(page);
  if (landed.step < landed.last) await page.getByTestId('step-forward').click();
  await expect(memberCard(page, 'reader')).toHaveAttribute('data-status', 'idle');
  await expect(memberCard(page, 'reader')).toContainText('history entries 10');
  await expect(memberCard(page, 'lead')).toHaveAttribute('data-status', 'offline');
  expect(errors).toEqual([]);
});

testPlaysToEndInBothLanguages('UI: l8', ID);
