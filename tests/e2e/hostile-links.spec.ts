// A link can never crash or freeze the page (issue 28). The 205-character link whose ~1,850
// fork edits once overflowed the stack, and the 27-character link that once froze the page
// for seconds generating 200,000 events, each open the default lesson with a refusal in the
// banner, in both languages, with no page error, and within a second of the time a plain link
// takes to show its first caption; `x=` with bytes after its compressed stream is refused.
import { test, expect, Page } from '@playwright/test';
import { caption, readCounter, trackErrors, waitReady } from './helpers';

const CRASHING = '#lesson=l3-lock-scope&step=5&lang=en&x=1.7dWhEQAACAOxlViIUdgdgeIOiYyNatVfO_afqAkEY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcbeLasB';
const FREEZING = '#lesson=stress-200000&step=1';

/** Milliseconds from navigation until `ready` holds, measured in the page. */
async function openAndTime(page: Page, link: string, ready: () => Promise<void>): Promise<number> {
  await page.goto('about:blank');
  await page.goto(link);
  await ready();
  return page.evaluate(() => performance.now());
}

async function plainOpenMs(page: Page): Promise<number> {
  return openAndTime(page, '/#lesson=l3-lock-scope&step=5&lang=en', () => waitReady(page));
}

for (const [name, link, en, zh] of [
  ['the 205-character link with 1,850 fork edits', CRASHING, /carries \d+ fork edits; a run takes at most 100/, /个分支修改/],
  ['the 27-character link to a 200,000-event stress log', FREEZING, /200000 events; a link opens at most 5000/, /压力日志/],
] as const) {
  test(`SHARE: ${name} is refused in both languages within a second, with no page error`, async ({ page }) => {
    const errors = trackErrors(page);
    const plain = await plainOpenMs(page);
    const banner = page.getByTestId('error-banner');
    const refusedMs = await openAndTime(page, `/${link}`, async () => {
      await expect(banner).toBeVisible();
      await waitReady(page);
    });
    await expect(banner).toContainText(en);
    await expect(banner).toContainText('The default lesson is open instead');
    await expect(page.getByTestId('lesson-select')).toHaveValue('l1-two-investigators');
    await expect(caption(page)).not.toBeEmpty();
    console.log(`HOSTILE LINK ${name}: refused and drawn ${refusedMs.toFixed(0)} ms after navigation (a plain link: ${plain.toFixed(0)} ms)`);
    expect(refusedMs - plain).toBeLessThan(1_000);
    // The page still works: a step forward moves (to the first stop of the default level,
    // the story: the refused link set no level).
    await expect(page.getByTestId('level-story')).toBeChecked();
    await page.getByTestId('step-forward').click();
    await expect.poll(async () => (await readCounter(page)).step).toBeGreaterThan(0);

    const inChinese = link.includes('lang=en') ? link.replace('lang=en', 'lang=zh') : `${link}&lang=zh`;
    await openAndTime(page, `/${inChinese}`, async () => {
      await expect(banner).toBeVisible();
    });
    await expect(banner).toContainText(zh);
    await expect(banner).toContainText('已改为打开默认课程');
    expect(errors).toEqual([]);
  });
}

test('SHARE: x= with bytes after the end of its compressed stream is refused', async ({ page }) => {
  const errors = trackErrors(page);
  await page.goto('/#lesson=l3-lock-scope&step=4&lang=en');
  await waitReady(page);
  await page.getByTestId('toggle-hold-lock').click();
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('&x=1.');
  const good = await page.evaluate(() => location.hash);
  const x = /&x=1\.([A-Za-z0-9_-]+)/.exec(good)![1];
  const longer = Buffer.concat([Buffer.from(x, 'base64url'), Buffer.from([0])]).toString('base64url');
  await page.goto('about:blank');
  await page.goto(`/${good.replace(x, longer)}`);
  await expect(page.getByTestId('error-banner')).toContainText('does not decompress');
  await page.goto('about:blank');
  await page.goto(`/${good}`);
  await waitReady(page);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  await expect(page.getByTestId('toggle-hold-lock')).toHaveAttribute('aria-checked', 'true');
  expect(errors).toEqual([]);
});
