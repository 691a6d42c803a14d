// Lesson 3, "Lock scope" (T5, T6), played through the UI: with the small lock reader and
// reviewer are busy at the same time and a second start is refused; with the lock held during
// the model call they run one after another and the card shows who holds and who waits.
import { test, expect } from '@playwright/test';
import {
  golden, stepAfter, trackErrors, openLesson, scrubTo, memberCard, readCounter, caption,
  playBothLanguages, currentRefusal, setLang,
  testPlaysToEndInBothLanguages,
} from './helpers';

const ID = 'l3-lock-scope';
const g = golden(ID);

async function busy(page: import('@playwright/test').Page, name: string) {
  return (await memberCard(page, name).getAttribute('data-busy')) === 'true';
}

test('T5 T6: small lock runs in parallel and a busy member is refused with its reason; lock around the model call serialises', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  expect((await readCounter(page)).last).toBe(g.length);
  await expect(page.getByTestId('sequence-diagram')).toBeVisible();

  // T5/T6 round 1: both busy while both requests are in flight; nobody holds the lock then.
  const bothSent = stepAfter(g, 'request', /^reviewer sent request r2/);
  await scrubTo(page, bothSent);
  await expect(memberCard(page, 'reader')).toHaveAttribute('data-busy', 'true');
  await expect(memberCard(page, 'reviewer')).toHaveAttribute('data-busy', 'true');
  await expect(page.getByTestId('lock-held')).toHaveCount(0);

  // T5: a second start for a busy member is refused with a clear reason.
  const refused = stepAfter(g, 'refusal', /member_busy/);
  await scrubTo(page, refused);
  await expect(page.locator('.caption-kind')).toContainText('refusal');
  await expect(caption(page)).toContainText('Starting another round for reader while it works is refused');
  await expect(currentRefusal(page)).toHaveText(
    'Refused (reader): reader is already working on delivery 1; one member never runs two rounds at once');
  await setLang(page, 'zh');
  await expect(currentRefusal(page)).toContainText('拒绝（reader）：成员正忙。原因：');
  await expect(caption(page)).toContainText('被拒绝');
  await setLang(page, 'en');
  await expect(memberCard(page, 'reader')).toHaveAttribute('data-status', 'working');

  // Round 2: the lock is held during reader's model call; reviewer waits for it.
  const toggled = stepAfter(g, 'other', /hold_lock_during_model_call=true/);
  const r7 = stepAfter(g, 'request', /^reader sent request r7/);
  await scrubTo(page, r7);
  await expect(memberCard(page, 'reader').getByTestId('lock-held')).toBeVisible();
  const waits = stepAfter(g, 'lock', /reviewer waits for the lock/);
  await scrubTo(page, waits);
  await expect(memberCard(page, 'reviewer').locator('.lock-wait')).toBeVisible();
  await expect(memberCard(page, 'reviewer')).toHaveAttribute('data-busy', 'false');

  // From the toggle on, never two members busy at once (checked at every step).
  for (let step = toggled; step <= g.length; step++) {
    await scrubTo(page, step);
    const both = (await busy(page, 'reader')) && (await busy(page, 'reviewer'));
    expect(both, `both busy at step ${step} with the lock held`).toBe(false);
  }
  // Before the toggle they were busy together at some step (round 1).
  let overlap = false;
  for (let step = 0; step < toggled && !overlap; step++) {
    await scrubTo(page, step);
    overlap = (await busy(page, 'reader')) && (await busy(page, 'reviewer'));
  }
  expect(overlap).toBe(true);
  expect(errors).toEqual([]);
});

testPlaysToEndInBothLanguages('UI: l3', ID);

test('T5 PATH: the diagram\'s refusal reasons are reachable by tap and keyboard, not only by hover', async ({ page }) => {
  const errors = trackErrors(page);
  const refused = stepAfter(g, 'refusal', /member_busy/);
  await page.goto(`/#lesson=${ID}&step=${refused}&lang=en`);
  await expect(page.getByTestId('sequence-diagram')).toBeVisible();
  const reasons = page.getByTestId('seq-reasons');
  // Folded: opened with the keyboard (focus its summary, press Enter) ...
  await reasons.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(reasons).toHaveAttribute('open', '');
  // ... it lists the current refusal at its step with the reason its mark's title gives.
  const title = (await currentRefusal(page).textContent()) ?? '';
  expect(title).toContain('reader is already working');
  await expect(reasons.locator('li').filter({ hasText: title })).toHaveText(`step ${refused}: ${title}`);
  // A tap (a click on the summary) folds it again.
  await reasons.locator('summary').click();
  await expect(reasons).not.toHaveAttribute('open', '');
  expect(errors).toEqual([]);
});
