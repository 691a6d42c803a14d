// LOAD (issue 25, part 3): before the module runs, the page says what is coming and how far the
// download is, in the link's language; a module that cannot load leaves a message and a retry
// button, never a blank page, and the retry opens the lesson once the network is back.
import { test, expect } from '@playwright/test';
import * as fs from 'fs';
import * as path from 'path';

const WASM = /_bg\.wasm$/;

function wasmSize(): number {
  const dist = path.resolve(__dirname, '..', '..', 'dist');
  const file = fs.readdirSync(dist).find((f) => WASM.test(f));
  if (!file) throw new Error('no wasm in dist/');
  return fs.statSync(path.join(dist, file)).size;
}

for (const [lang, loading, failed, retry] of [
  ['en', 'Loading the playground', 'The playground could not load', 'Try again'],
  ['zh', '正在加载演练场', '演练场没能加载', '重试'],
] as const) {
  test(`LOAD: ${lang}: a determinate bar counts the module's bytes while it loads, in the link's language`, async ({ page }) => {
    // Hold the module back until the bar has been seen at zero.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(WASM, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/#lesson=l2-drain-loses-mail&lang=${lang}`);
    const boot = page.locator('#boot');
    await expect(boot).toBeVisible();
    await expect(boot.getByRole('heading')).toHaveText(loading);
    const bar = boot.locator('progress');
    expect(await bar.evaluate((el: HTMLProgressElement) => el.value)).toBe(0);
    release();
    // The lesson opens in place of the boot screen, and the bar had the module's real size.
    await expect(page.getByTestId('caption')).toBeVisible();
    await expect(boot).toHaveCount(0);
    const total = await page.evaluate(() => (window as any).__bootTotal);
    expect(total).toBe(wasmSize());
  });

  test(`LOAD: ${lang}: a module that cannot load says so with a retry; the retry opens the lesson`, async ({ page }) => {
    let block = true;
    await page.route(WASM, (route) => (block ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`/#lesson=l2-drain-loses-mail&lang=${lang}`);
    const alert = page.locator('#boot [role=alert]');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(failed);
    const button = page.getByTestId('boot-retry');
    await expect(button).toHaveText(retry);
    await expect(button).toBeFocused();
    block = false;
    await button.click();
    await expect(page.getByTestId('caption')).toBeVisible();
    await expect(page.locator('#boot')).toHaveCount(0);
    expect(page.url()).toContain('lesson=l2-drain-loses-mail');
  });
}
