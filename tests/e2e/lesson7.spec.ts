// Lesson 7, "Limits and budgets" (M7, M8, L1, L2), played through the UI: full inbox, oversized
// body, a resend with the same idempotency key, retry budget, history cap (failed), delivery
// quota, request budget (stopped).
import { test, expect } from '@playwright/test';
import {
  golden, stepAfter, trackErrors, openLesson, scrubTo, memberCard, readCounter, caption,
  playBothLanguages, statuses, selectMember, requestView, chip, expectChipIn, pickRequest,
  testPlaysToEndInBothLanguages,
} from './helpers';

const ID = 'l7-limits-and-budgets';
const g = golden(ID);

test('M7 L1 L2: every limit is a clear, visible refusal or status', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  expect((await readCounter(page)).last).toBe(g.length);

  // M7: the ninth message to reader is refused; eight records are queued, nothing dropped.
  await scrubTo(page, stepAfter(g, 'refusal', /inbox_full/));
  await expect(page.locator('.caption-kind')).toContainText('refusal');
  await expect(caption(page)).toContainText('ninth message is refused');
  await expect(memberCard(page, 'reader')).toContainText('inbox records 8');
  await expect(page.getByTestId('lane-queued').locator('[data-testid=message-chip][data-to="reader"]')).toHaveCount(8);

  // M7: an oversized body is refused whole.
  await scrubTo(page, stepAfter(g, 'refusal', /body_too_long/));
  await expect(caption(page)).toContainText('600');
  await expect(page.locator('[data-testid=message-chip][data-to="scout"]')).toHaveCount(0);

  // M8: the task to scout is sent again with the same idempotency key: nothing new is stored,
  // the first receipt (m9) comes back, scout's inbox holds the task once.
  await scrubTo(page, stepAfter(g, 'store', /^lead resent key 'scout-task': nothing stored, first receipt m9/));
  await expect(caption(page)).toContainText('same idempotency key');
  await expect(page.locator('[data-testid=message-chip][data-to="scout"]')).toHaveCount(1);
  await expect(chip(page, 'm9')).toHaveAttribute('data-to', 'scout');
  await expect(page.locator('[data-testid=message-chip][data-message-id="m10"]')).toHaveCount(0);

  // L2: a failed request is retried from the retry budget, not the logical request budget.
  await scrubTo(page, stepAfter(g, 'request', /^reader sent request r6/));
  await expect(memberCard(page, 'reader')).toContainText('requests this round 1/4');
  await expect(memberCard(page, 'reader')).toContainText('retries 1/');

  // M7: the history cap fails archivist, which reports the error to the lead.
  await scrubTo(page, stepAfter(g, 'lifecycle', /^archivist failed: .*; working -> failed$/));
  await expect(memberCard(page, 'archivist')).toHaveAttribute('data-status', 'failed');
  await expect(memberCard(page, 'archivist')).toContainText('history entries 80');
  await scrubTo(page, stepAfter(g, 'store', /archivist queued message m11 -> lead/));
  await expect(page.locator('[data-testid=message-chip][data-message-id="m11"]')).toHaveAttribute('data-from', 'archivist');

  // L2: a third delivery is refused and reader stays as it is.
  const quota = stepAfter(g, 'refusal', /delivery_budget_spent/);
  await scrubTo(page, quota);
  await expect(caption(page)).toContainText('third delivery is refused');
  await expect(memberCard(page, 'reader')).toHaveAttribute('data-status', 'idle');
  await expect(memberCard(page, 'reader')).toContainText('deliveries 2/2');

  // L2: scout spends its four requests without an answer: stopped, not restarted.
  await scrubTo(page, stepAfter(g, 'lifecycle', /^scout stopped: .*; working -> stopped$/));
  await expect(memberCard(page, 'scout')).toHaveAttribute('data-status', 'stopped');
  await page.getByTestId('step-last').click();
  expect(await statuses(page)).toEqual({ lead: 'idle', reader: 'idle', scout: 'stopped', archivist: 'failed' });
  await selectMember(page, 'lead');
  await expect(requestView(page).locator('.reply-text')).toContainText('refused');
  expect(errors).toEqual([]);
});

test('M8: a resend with the same idempotency key stores nothing and returns the first receipt', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  const first = stepAfter(g, 'store', /^lead queued message m9 -> scout/);
  const resent = stepAfter(g, 'store', /^lead resent key 'scout-task': nothing stored, first receipt m9/);
  // M8: the record carries its id, sender, recipient, kind, body and position.
  await scrubTo(page, first);
  await expectChipIn(page, 'm9', 'lane-queued', 'queued');
  await expect(chip(page, 'm9')).toHaveAttribute('data-from', 'lead');
  await expect(chip(page, 'm9')).toHaveAttribute('data-to', 'scout');
  await expect(chip(page, 'm9')).toHaveAttribute('data-kind', 'message');
  await expect(chip(page, 'm9').locator('.chip-body')).toHaveText('Find the secret word in notes.txt.');
  await scrubTo(page, resent);
  await expect(caption(page)).toContainText('same idempotency key');
  await expect(page.locator('[data-testid=message-chip][data-to="scout"]')).toHaveCount(1);
  await expect(page.locator('[data-testid=message-chip][data-message-id="m10"]')).toHaveCount(0);
  // The lead's model gets the first receipt back for both sends: the same message id, m9.
  await scrubTo(page, stepAfter(g, 'request', /^lead sent request r2/));
  await selectMember(page, 'lead');
  await pickRequest(page, 'r1');
  const calls = requestView(page).locator('.reply-calls code');
  await expect(calls.filter({ hasText: '"idempotency_key":"scout-task"' })).toHaveCount(2);
  await pickRequest(page, 'r2');
  const receipts = requestView(page).locator('.request-messages li.entry[data-role="tool"] .entry-text')
    .filter({ hasText: '"to":"scout"' });
  await expect(receipts).toHaveText([
    '{"message_id":"m9","state":"queued","to":"scout"}',
    '{"message_id":"m9","state":"queued","to":"scout"}',
  ]);
  // scout's model sees the task once.
  await page.getByTestId('step-last').click();
  await selectMember(page, 'scout');
  await expect(page.getByTestId('detail-history').locator('.entry-notifies[data-message-id="m9"]')).toHaveCount(1);
  await expect(page.getByTestId('detail-history')).not.toContainText('notifies m10');
  expect(errors).toEqual([]);
});

testPlaysToEndInBothLanguages('UI: l7', ID, 120_000);
