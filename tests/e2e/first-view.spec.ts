// LOAD (issue 25, part 2): something true on screen at once. Before the module arrives the page
// shows the linked lesson's step 0 (index.html picks the static view the native renderer wrote,
// src/view/first_view), in the link's language; when the module mounts, the live page takes its
// place with the caption where it was (no layout shift). A later-step link shows only the title
// and the loading bar. The checkpoint switch (issue 26) shows as this browser stored it, on when
// nothing is. The module is held back by a route that does not answer until released.
import { test, expect, Page } from '@playwright/test';
import { CJK, LESSON_IDS } from './helpers';

const WASM = /_bg\.wasm$/;

/** Holds every request for the module until `release()` is called. */
async function holdModule(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(WASM, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Records layout shifts (without recent input) from the start of the page, and the time of the
 * frame after the live page took the static view's place and then mounted its side panel's
 * heavy parts (`__settled`: the member detail, the first of them, is in the page). Both
 * moves count: the options section, drawn at the first paint before the panels above it, was
 * pushed out of a laptop's view when they arrived (0.12 on a broadband load). */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as any;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as any[]) if (!e.hadRecentInput) w.__shifts.push({ at: e.startTime, value: e.value });
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((_, observer) => {
      if (w.__shown && !document.getElementById('first-view') && document.querySelector('[data-testid=member-detail]')) {
        observer.disconnect();
        requestAnimationFrame(() => requestAnimationFrame(() => (w.__settled = performance.now())));
      }
      if (document.getElementById('first-view')) w.__shown = true;
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The layout shift up to and including the frame where the live page has settled. */
async function swapShift(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as any).__settled !== undefined);
  return page.evaluate(() => {
    const w = window as any;
    return (w.__shifts as { at: number; value: number }[]).filter((s) => s.at < w.__settled).reduce((a, s) => a + s.value, 0);
  });
}

/** What a learner reads on the stage, and where the caption is. */
async function stageOf(page: Page) {
  const title = await page.locator('[data-testid=lesson-select] option:checked').textContent();
  const caption = page.getByTestId('caption');
  const box = await caption.boundingBox();
  const members = await page.getByTestId('member-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-member')));
  const stage = await page.getByTestId('stage-column').innerText();
  const level = await page.locator('[data-testid^=level-]:checked').getAttribute('value');
  // The checkpoint switch (in the lessons that have checkpoints): whether it is on.
  const checkpoints = await page.getByTestId('checkpoint-switch').evaluateAll((s) => s.map((i) => (i as HTMLInputElement).checked));
  return { title, caption: (await caption.textContent()) ?? '', box, members, stage, level, checkpoints };
}

const live = (page: Page) => expect(page.locator('#first-view')).toHaveCount(0, { timeout: 30_000 });

for (const [id, lang, title, viewport] of [
  ['l1-two-investigators', 'en', 'Two investigators, one follow-up', { width: 390, height: 844 }],
  ['l3-lock-scope', 'zh', '锁的范围', { width: 1366, height: 800 }],
  ['free-play', 'en', 'Free play', { width: 1366, height: 800 }],
] as const) {
  test(`LOAD: ${id} ${lang} ${viewport.width}px: with the module held back the title, the step-0 caption and the members are on screen in the link's language; released, the live page puts the same texts in the same place (CLS <= 0.05)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await watchShifts(page);
    const release = await holdModule(page);
    await page.goto(`/#lesson=${id}&lang=${lang}`);
    const first = page.locator('#first-view');
    await expect(first).toBeVisible();
    // Nothing on it acts: the view is inert and its transport disabled, the bar says it loads.
    await expect(first).toHaveAttribute('inert', '');
    await expect(page.getByTestId('step-forward')).toBeDisabled();
    await expect(page.locator('#boot')).toBeVisible();
    const before = await stageOf(page);
    expect(before.title).toBe(title);
    expect(before.caption.trim()).not.toBe('');
    expect(CJK.test(before.caption)).toBe(lang === 'zh');
    expect(before.members.length).toBeGreaterThan(1);
    for (const name of before.members) await expect(first.locator(`[data-member="${name}"] .member-name`)).toHaveText(name!);
    // The checkpoint switch as this browser stored it (the specs start with checkpoints off),
    // inert; free play has no checkpoints and no switch.
    expect(before.checkpoints).toEqual(id === 'free-play' ? [] : [false]);
    if (id !== 'free-play') await expect(first.getByTestId('checkpoint-switch')).toBeDisabled();
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');

    release();
    await live(page);
    await expect(page.locator('#boot')).toHaveCount(0);
    // Live now: the first step works, and before it the page said the same at the same place.
    const after = await stageOf(page);
    expect(after.title).toBe(before.title);
    expect(after.caption).toBe(before.caption);
    expect(after.members).toEqual(before.members);
    expect(after.stage).toBe(before.stage);
    expect(after.level).toBe(before.level);
    expect(after.checkpoints).toEqual(before.checkpoints);
    expect(Math.abs(after.box!.x - before.box!.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(after.box!.y - before.box!.y)).toBeLessThanOrEqual(1);
    expect(await swapShift(page)).toBeLessThanOrEqual(0.05);
    await page.getByTestId('step-forward').click();
    await expect(page.getByTestId('caption')).not.toHaveText(before.caption);
  });
}

test('LOAD: a later-step link shows the lesson title and the loading bar only, then the live page at that step', async ({ page }) => {
  const release = await holdModule(page);
  await page.goto('/#lesson=l2-drain-loses-mail&step=12&lang=zh');
  await expect(page.locator('#first-view')).toBeVisible();
  await expect(page.locator('[data-testid=lesson-select] option:checked')).toHaveText('读后即删会丢信');
  // No step-0 caption, cards or lanes that the link did not ask for.
  await expect(page.locator('#first-view [data-testid=caption]')).toHaveCount(0);
  await expect(page.locator('#first-view [data-testid=member-card]')).toHaveCount(0);
  await expect(page.locator('#boot')).toBeVisible();
  await expect(page.locator('#boot [data-boot=title]')).toHaveText('正在加载演练场');
  release();
  await live(page);
  await expect(page.getByTestId('step-counter')).toHaveText(/第 12 \//);
});

test('LOAD: an embed (embed=1) gets the same first view without the page chrome, then the live embedded page says the same', async ({ page }) => {
  const release = await holdModule(page);
  await page.goto('/#lesson=l1-two-investigators&lang=en&embed=1&hide=picker');
  const first = page.locator('#first-view');
  await expect(first).toHaveClass(/embedded/);
  await expect(first.locator('header')).toHaveCount(0);
  await expect(first.getByTestId('caption')).not.toBeEmpty();
  const caption = await first.getByTestId('caption').textContent();
  release();
  await live(page);
  await expect(page.locator('.app.embedded')).toBeVisible();
  await expect(page.getByTestId('caption')).toHaveText(caption!);
});

test('LOAD: every lesson and free play, in both languages: the static first view reads exactly as the live page at step 0', async ({ page }) => {
  test.setTimeout(180_000);
  for (const id of [...LESSON_IDS, 'free-play']) {
    for (const lang of ['en', 'zh']) {
      const release = await holdModule(page);
      await page.goto(`/#lesson=${id}&lang=${lang}`);
      await expect(page.locator('#first-view')).toBeVisible();
      const header = await page.locator('#first-view header').innerText();
      const before = await stageOf(page);
      release();
      await live(page);
      const after = await stageOf(page);
      expect(after.stage, `${id} ${lang}`).toBe(before.stage);
      expect(after.level, `${id} ${lang}: the level chosen`).toBe(before.level);
      expect(after.checkpoints, `${id} ${lang}: the checkpoint switch`).toEqual(before.checkpoints);
      expect(await page.locator('.app > header').innerText(), `${id} ${lang}`).toBe(header);
      await page.unroute(WASM);
      await page.goto('about:blank');
    }
  }
});

test.describe('with nothing stored', () => {
  // Checkpoints are on in a browser that never turned them off.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('LOAD: with nothing stored (a first visit, issue 46) the static view and the live page show the same first screen, the other controls one tap away at the same place; opened, the checkpoint switch is on', async ({ page }) => {
    const release = await holdModule(page);
    await page.goto('/#lesson=l3-lock-scope&lang=en');
    const first = page.locator('#first-view');
    await expect(first.getByTestId('checkpoint-switch')).toBeChecked();
    await expect(first.getByTestId('checkpoint-switch')).toBeHidden();
    await expect(first.getByTestId('step-last')).toBeHidden();
    await expect(first.getByTestId('step-forward')).toBeVisible();
    const more = first.getByTestId('reveal-controls');
    await expect(more).toBeVisible();
    const box = await more.boundingBox();
    release();
    await live(page);
    const liveMore = page.getByTestId('reveal-controls');
    await expect(liveMore).toBeVisible();
    const after = await liveMore.boundingBox();
    expect(Math.abs(after!.x - box!.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(after!.y - box!.y)).toBeLessThanOrEqual(1);
    await liveMore.click();
    const liveSwitch = page.getByTestId('checkpoint-switch');
    await expect(liveSwitch).toBeVisible();
    await expect(liveSwitch).toBeChecked();
    await expect(liveSwitch).toBeEnabled();
  });
});
