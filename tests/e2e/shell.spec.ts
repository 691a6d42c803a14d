// The playground shell: it loads, lists the built-in lessons, and the language toggle switches
// every title between English and Chinese.
import { test, expect } from '@playwright/test';

test('shell loads, lists lessons, and switches language', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Agent Team Playground');
  const picker = page.getByTestId('lesson-select');
  await expect(picker).toBeVisible();
  const options = picker.locator('option');
  await expect(options).toHaveCount(9); // eight lessons + free play
  await expect(options.first()).toContainText('Two investigators');

  for (const lane of ['lane-queued', 'lane-candidate', 'lane-request']) {
    await expect(page.getByTestId(lane)).toBeVisible();
  }
  await expect(page.getByTestId('lane-queued')).toContainText('Queued');

  await page.getByTestId('lang-toggle').click();
  await expect(options.first()).toContainText('两个调查者');
  await expect(page.getByTestId('lane-queued')).toContainText('已排队');
  await page.screenshot({ path: 'target/e2e/shell-zh.png', fullPage: true });

  await page.getByTestId('lang-toggle').click();
  await expect(options.first()).toContainText('Two investigators');
  await page.screenshot({ path: 'target/e2e/shell-en.png', fullPage: true });
  expect(errors).toEqual([]);
});
