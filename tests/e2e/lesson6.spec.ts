// Lesson 6, "Plan approval" (P1, P3), played through the UI: plan-1 rejected with feedback,
// plan-2 approved, and alice writes only after the approval.
import { test, expect } from '@playwright/test';
import {
  golden, stepAfter, trackErrors, openLesson, scrubTo, selectMember, chip, readCounter,
  playBothLanguages, allReplyCalls,
  testPlaysToEndInBothLanguages,
} from './helpers';

const ID = 'l6-plan-approval';
const g = golden(ID);

const row = (page: import('@playwright/test').Page, id: string) =>
  page.getByTestId('protocol-tracker').locator(`[data-testid=protocol-row][data-request-id="${id}"]`);

test('P1 P3: reject with feedback, resubmit, approve, then proceed', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  expect((await readCounter(page)).last).toBe(g.length);

  await scrubTo(page, stepAfter(g, 'protocol', /plan request plan-1 opened by alice/));
  await expect(row(page, 'plan-1')).toHaveAttribute('data-status', 'pending');
  await expect(row(page, 'plan-1')).toHaveAttribute('data-kind', 'plan');
  await expect(row(page, 'plan-1')).toContainText('Rewrite auth.py from scratch');
  await scrubTo(page, stepAfter(g, 'store', /plan_approval m2/));
  await expect(chip(page, 'm2')).toHaveAttribute('data-kind', 'plan_approval');

  await scrubTo(page, stepAfter(g, 'protocol', /plan-1 rejected by lead/));
  await expect(row(page, 'plan-1')).toHaveAttribute('data-status', 'rejected');
  await expect(row(page, 'plan-1')).toContainText('Too big');
  await scrubTo(page, stepAfter(g, 'store', /plan_approval_response m3/));
  await expect(chip(page, 'm3')).toHaveAttribute('data-kind', 'plan_approval_response');

  await scrubTo(page, stepAfter(g, 'protocol', /plan request plan-2 opened/));
  await expect(row(page, 'plan-2')).toHaveAttribute('data-status', 'pending');
  await expect(row(page, 'plan-1')).toHaveAttribute('data-status', 'rejected');

  // Before the approval alice has written nothing.
  const approved = stepAfter(g, 'protocol', /plan-2 approved by lead/);
  await scrubTo(page, approved);
  await expect(row(page, 'plan-2')).toHaveAttribute('data-status', 'approved');
  await selectMember(page, 'alice');
  expect((await allReplyCalls(page)).filter((c) => c.startsWith('write_file('))).toEqual([]);

  // After it, she writes auth.py once.
  await page.getByTestId('step-last').click();
  await selectMember(page, 'alice');
  const writes = (await allReplyCalls(page)).filter((c) => c.startsWith('write_file('));
  expect(writes.length).toBe(1);
  expect(writes[0]).toContain('auth.py');
  await expect(page.getByTestId('protocol-row')).toHaveCount(2);
  expect(errors).toEqual([]);
});

testPlaysToEndInBothLanguages('UI: l6', ID);
