// LOAD (issue 25, part 3): before the module runs, the page says what is coming and how far the
// download is, in the link's language; a module that cannot load leaves a message and a retry
// button, never a blank page, and the retry opens the lesson once the network is back.
import { test, expect, Page } from '@playwright/test';
import * as fs from 'fs';
import * as path from 'path';
import { expectStep, readCounter, waitReady } from './helpers';

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

// The first module holds what the first view needs; the side panel's later parts (member
// detail, diagram, fork, options, live panel, editor, export) arrive in a second module once the
// first view is live (issue 25 part 4). If that module cannot arrive, the lesson still works, the
// side panel says so in the page's language with a retry, and the retry loses nothing.
const LATER = /split_later_parts-[0-9a-f]+\.wasm$/;

/** Fails every load of the later parts' module until the returned function is called. */
async function blockLaterParts(page: Page): Promise<() => void> {
  let block = true;
  await page.route(LATER, (route) => (block ? route.abort('internetdisconnected') : route.continue()));
  return () => {
    block = false;
  };
}

/** Lesson 2 on a phone (the side panel below the stage, out of view until something brings it)
 * with the later parts' module failing until `unblock` is called; `alert` is the failure box. */
async function openWithLaterPartsFailed(page: Page, lang: string, failed: string) {
  const unblock = await blockLaterParts(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#lesson=l2-drain-loses-mail&lang=${lang}`);
  await waitReady(page);
  const alert = page.getByTestId('later-failed');
  await expect(alert).toContainText(failed);
  return { unblock, alert };
}

for (const [lang, failed, retry, options, toOptions] of [
  ['en', 'This part of the playground could not load', 'Try again', 'Breakpoints and keys', 'Breakpoints, keys ›'],
  ['zh', '演练场的这一部分没能加载', '重试', '断点与按键', '断点与按键 ›'],
] as const) {
  test(`LOAD: ${lang}: a jump to a later part before its module is here shows the failure box with focus, and after the retry it gets there`, async ({ page }) => {
    const { unblock, alert } = await openWithLaterPartsFailed(page, lang, failed);
    await expect(alert).not.toBeInViewport();
    await page.getByTestId('to-options').filter({ hasText: toOptions }).click();
    // The click did something: what stands in for the part is in view, focus on its retry.
    await expect(alert).toBeInViewport();
    await expect(alert.getByTestId('later-retry')).toBeFocused();
    unblock();
    await alert.getByTestId('later-retry').click();
    // The jump waited for the part: once it is here it is in view with focus on it (the parts
    // above it, from the member detail to the fork, are taller than the phone's screen).
    const part = page.locator('#side-options');
    await expect(part).toBeFocused();
    await expect(part.locator('#options-heading')).toHaveText(options);
    await expect(part.locator('#options-heading')).toBeInViewport();
    await expect(alert).toHaveCount(0);
  });

  test(`LOAD: ${lang}: "Open in the editor" before the later parts are here opens the lesson as a scenario at once; the editor, once here, is in view with focus`, async ({ page }) => {
    const { unblock, alert } = await openWithLaterPartsFailed(page, lang, failed);
    await page.getByTestId('open-in-editor').click();
    // Nothing waits for the module to open the lesson as a scenario: free play, its team.
    await expect(page.getByTestId('lesson-select')).toHaveValue('free-play');
    await expect(page.locator('[data-testid=member-card][data-member=reader]')).toHaveCount(1);
    // The click visibly did something about the editor: its stand-in is in view, focus on the retry.
    await expect(alert).toBeInViewport();
    await expect(alert.getByTestId('later-retry')).toBeFocused();
    unblock();
    await alert.getByTestId('later-retry').click();
    const editor = page.getByTestId('editor');
    await expect(editor).toBeFocused();
    await expect(editor.locator('#editor-heading')).toBeInViewport();
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
  });

  test(`LOAD: ${lang}: a jump that waits for the later parts is dropped once the learner steps on; the retry then pulls nobody away`, async ({ page }) => {
    const { unblock, alert } = await openWithLaterPartsFailed(page, lang, failed);
    await page.getByTestId('to-options').filter({ hasText: toOptions }).click();
    await expect(alert.getByTestId('later-retry')).toBeFocused();
    // The learner goes back to the stage and steps on instead.
    await page.getByTestId('step-forward').click();
    unblock();
    await alert.getByTestId('later-retry').click();
    await expect(page.locator('#options-heading')).toHaveText(options);
    await expect(alert).toHaveCount(0);
    // No jump to the options: focus is on the first later part's heading (where the retry was).
    await expect(page.locator('#member-detail-heading')).toBeFocused();
    await expect(page.locator('#side-options')).not.toBeFocused();
  });

  test(`LOAD: ${lang}: a jump that waits for the later parts is dropped once the learner scrolls with a wheel; the parts then arrive where the learner is`, async ({ page }) => {
    // The later parts' module is held (not failed) until `release`: the jump waits on the loading line.
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    await page.route(LATER, async (route) => { await held; await route.continue(); });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/#lesson=l2-drain-loses-mail&lang=${lang}`);
    await waitReady(page);
    const loading = page.getByTestId('later-loading');
    await page.getByTestId('to-options').filter({ hasText: toOptions }).click();
    await expect(loading).toBeInViewport();
    // The learner scrolls back up to the stage with the wheel, then the module arrives.
    await page.mouse.move(195, 400);
    await page.mouse.wheel(0, -20000);
    await expect(page.getByTestId('step-forward')).toBeInViewport();
    release();
    await expect(page.locator('#options-heading')).toHaveText(options);
    await expect(loading).toHaveCount(0);
    // The parts mount one per task, the waiting jump runs in the frame after the last one (the
    // export panel): give it that frame and a few more, then check it did not pull the learner away.
    await expect(page.getByTestId('export-panel')).toHaveCount(1);
    await page.evaluate(() => new Promise<void>((done) => { let n = 0; const f = () => (++n >= 10 ? done() : requestAnimationFrame(f)); requestAnimationFrame(f); }));
    await expect(page.locator('#side-options')).not.toBeFocused();
    await expect(page.locator('#options-heading')).not.toBeInViewport();
    await expect(page.getByTestId('step-forward')).toBeInViewport();
  });

  test(`LOAD: ${lang}: in an embed, a later part's tab shows the failure box before its module is here; after the retry focus is on that part's heading`, async ({ page }) => {
    const unblock = await blockLaterParts(page);
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto(`/#lesson=l2-drain-loses-mail&lang=${lang}&embed=1`);
    await waitReady(page);
    const alert = page.getByTestId('later-failed');
    await expect(alert).toContainText(failed);
    await page.locator('#embed-tab-options').click();
    await expect(alert).toBeVisible();
    unblock();
    await alert.getByTestId('later-retry').click();
    const heading = page.locator('#options-heading');
    await expect(heading).toHaveText(options);
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
  });

  test(`LOAD: ${lang}: the later parts come in a second module; if it cannot load the lesson works, a retry brings them and keeps the step`, async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname.split('/').pop() ?? ''));
    const unblock = await blockLaterParts(page);
    const laterRequest = page.waitForRequest(LATER);
    await page.goto(`/#lesson=l2-drain-loses-mail&lang=${lang}`);
    await waitReady(page);
    await laterRequest;
    // The first module was the page's; the later one was asked for only after it.
    const main = requested.findIndex((f) => WASM.test(f));
    const later = requested.findIndex((f) => LATER.test(f));
    expect(main).toBeGreaterThanOrEqual(0);
    expect(later).toBeGreaterThan(main);
    const alert = page.getByTestId('later-failed');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(failed);
    await expect(page.getByTestId('member-detail')).toHaveCount(0);
    // The stage works without them: step on.
    await page.getByTestId('step-forward').click();
    await page.getByTestId('step-forward').click();
    const { step } = await readCounter(page);
    expect(step).toBeGreaterThan(0);
    unblock();
    await page.getByTestId('later-retry').filter({ hasText: retry }).click();
    await expect(page.getByTestId('member-detail')).toBeVisible();
    // The retry's button is gone: focus is on the first part's heading, not fallen to the page.
    await expect(page.locator('#member-detail-heading')).toBeFocused();
    await expect(page.locator('#options-heading')).toHaveText(options);
    await expect(page.getByTestId('live-panel')).toBeVisible();
    await expect(alert).toHaveCount(0);
    await expectStep(page, step);
  });
}

// The header's Share and Embed dialogs come in a module of their own (issue 25 part 4), fetched
// when the learner first opens one: not at load, not with the later parts. If it cannot arrive,
// the dialog says so in the page's language with a retry, the lesson works on, and the retry
// opens the dialog with the link to what is on screen.
const DIALOGS = /split_header_dialogs-[0-9a-f]+\.wasm$/;

for (const [lang, failed, retry] of [
  ['en', 'This part of the playground could not load', 'Try again'],
  ['zh', '演练场的这一部分没能加载', '重试'],
] as const) {
  test(`LOAD: ${lang}: the Share and Embed dialogs come in a module fetched at the first click; if it cannot load the lesson works, a retry opens the dialog with its link, focus on it`, async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname.split('/').pop() ?? ''));
    let block = true;
    await page.route(DIALOGS, (route) => (block ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`/#lesson=l2-drain-loses-mail&lang=${lang}`);
    await waitReady(page);
    // Everything the page loads by itself is in: the later parts' module too.
    await expect(page.getByTestId('member-detail')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((f) => f.endsWith('.wasm')).length).toBeGreaterThanOrEqual(2);
    expect(requested.filter((f) => DIALOGS.test(f))).toEqual([]);
    const dialogRequest = page.waitForRequest(DIALOGS);
    await page.getByTestId('share-button').click();
    await dialogRequest;
    const dialog = page.getByTestId('share-dialog');
    const alert = dialog.getByTestId('dialog-failed');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(failed);
    await expect(page.getByTestId('share-link')).toHaveCount(0);
    // It can be closed while failed (the body, which holds Close, is not here), and opened again.
    await dialog.getByTestId('dialog-close').filter({ hasText: lang === 'zh' ? '关闭' : 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByTestId('share-button').click();
    await expect(alert).toBeVisible();
    // The lesson works without it: step on.
    await page.getByTestId('step-forward').click();
    await page.getByTestId('step-forward').click();
    const { step } = await readCounter(page);
    expect(step).toBeGreaterThan(0);
    block = false;
    await dialog.getByTestId('dialog-retry').filter({ hasText: retry }).click();
    const link = page.getByTestId('share-link');
    await expect(link).toBeVisible();
    expect(await link.inputValue()).toContain(`#lesson=l2-drain-loses-mail&step=${step}&lang=${lang}`);
    await expect(alert).toHaveCount(0);
    // Focus was on the retry, which is gone: it is on the body's first control, the link.
    await expect(link).toBeFocused();
    // Embed's body is in the same module: it opens at once, without fetching any module.
    const wasm = () => requested.filter((f) => f.endsWith('.wasm')).length;
    const fetched = wasm();
    await page.getByTestId('embed-button').click();
    await expect(page.getByTestId('embed-snippet')).toHaveValue(/embed=1/);
    expect(wasm()).toBe(fetched);
    await expectStep(page, step);
  });
}

// The comparison (issue 49) and the list of next choices (issue 48) come in modules of their
// own, fetched at their first opening. If one cannot arrive, the stage says so where it would
// be, in the page's language, with a retry (the same look and words as every split point); the
// lesson steps on meanwhile, and the retry brings the part.
const OPENED_LATER = [
  {
    name: 'the comparison', module: /split_compare_view-[0-9a-f]+\.wasm$/, prefix: 'compare',
    link: '#lesson=l2-drain-loses-mail&step=0', open: 'compare-open', part: 'compare',
  },
  {
    name: 'the list of next choices', module: /split_next_choices_view-[0-9a-f]+\.wasm$/, prefix: 'next-choices',
    link: '#lesson=l1-two-investigators&step=45&level=event', open: 'next-choices-open', part: 'next-choices',
  },
];

for (const [lang, failed, retry] of [
  ['en', 'This part of the playground could not load', 'Try again'],
  ['zh', '演练场的这一部分没能加载', '重试'],
] as const) {
  for (const later of OPENED_LATER) {
    test(`LOAD: ${lang}: ${later.name} comes in a module fetched at its first opening; if it cannot load the stage says so with a retry, the lesson steps on, and the retry brings it`, async ({ page }) => {
      let block = true;
      await page.route(later.module, (route) => (block ? route.abort('internetdisconnected') : route.continue()));
      await page.goto(`/${later.link}&lang=${lang}`);
      await waitReady(page);
      const fetched = page.waitForRequest(later.module);
      await page.getByTestId(later.open).first().click();
      await fetched;
      const alert = page.getByTestId(`${later.prefix}-failed`);
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(failed);
      await expect(page.getByTestId(later.part)).toHaveCount(0);
      const { step } = await readCounter(page);
      await page.getByTestId('step-forward').click();
      await expectStep(page, step + 1);
      block = false;
      await page.getByTestId(`${later.prefix}-retry`).filter({ hasText: retry }).click();
      await expect(page.getByTestId(later.part)).toBeVisible();
      await expect(alert).toHaveCount(0);
    });
  }
}
