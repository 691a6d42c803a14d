// XSS: a scripted reply replaced through the fork panel with HTML and a script tag must be shown
// as text (the characters are visible) and run nothing.
import { test, expect } from '@playwright/test';
import { trackErrors, openLesson, selectMember, requestView, pickRequest, expectStep, readCounter } from './helpers';

const PAYLOAD = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

test('UI: a forked reply with <img onerror> and <script> renders as text and runs nothing', async ({ page }) => {
  const errors = trackErrors(page);
  const fetched: string[] = [];
  page.on('request', (r) => { if (/\/x($|\?)/.test(new URL(r.url()).pathname)) fetched.push(r.url()); });
  await openLesson(page, 'l1-two-investigators');

  const fork = page.getByTestId('fork');
  await expect(fork).toBeVisible();
  await fork.getByTestId('fork-kind').selectOption('reply');
  await fork.getByTestId('fork-member').selectOption('reader');
  await fork.getByTestId('fork-text').fill(PAYLOAD);
  await fork.getByTestId('fork-apply').click();
  await expect(fork.getByTestId('fork-error')).toHaveCount(0);
  await expect(fork.getByTestId('fork-notice')).toBeVisible();
  // The original branch stays available.
  await expect(fork.locator('[data-testid=fork-branch][data-current="false"]')).toHaveCount(1);

  await page.getByTestId('step-last').click();
  const { last } = await readCounter(page);
  await expectStep(page, last);
  await selectMember(page, 'reader');
  await pickRequest(page, 'r3');
  const reply = requestView(page).locator('.reply-text');
  await expect(reply).toHaveText(PAYLOAD);
  await expect(reply).toBeVisible();
  // Shown as characters wherever the text appears (fork notice, branch label, reply).
  expect(await page.evaluate(() => document.body.innerText)).toContain(PAYLOAD);

  // Walk every step so any place that renders the reply (caption, history, diagram) is mounted.
  for (let s = 0; s <= last; s += 1) {
    await page.getByTestId('scrubber').evaluate((el, v) => {
      (el as HTMLInputElement).value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, s);
  }
  await expectStep(page, last);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as any).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"], img[onerror]').count()).toBe(0);
  expect(await page.evaluate(() =>
    Array.from(document.scripts).filter((s) => (s.textContent ?? '').includes('__xss')).length)).toBe(0);
  expect(fetched).toEqual([]);
  expect(errors).toEqual([]);
});
