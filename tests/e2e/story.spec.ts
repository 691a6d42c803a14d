// The story level (issue 22, part 3): the page opens at the story level, where one step is a
// story stop (a routine cycle of a delivery folded into one step whose caption says what the
// cycle did); every event is still one click away, and a link keeps the event step and the
// level it was made at. The folded caption is held against lesson 1's golden transcript.
import { test, expect, Page } from '@playwright/test';
import { Lang, CJK, golden, stepAfter, trackErrors, waitReady, readCounter, expectStep, chooseLevel } from './helpers';

const ID = 'l1-two-investigators';
const g = golden(ID);
// reader's first cycle: lock, start, release, prepare (m1), commit, request r3.
const r3 = stepAfter(g, 'request', /^reader sent request r3 /);
const FOLD: Record<Lang, string> = {
  en: "reader's round 1: started under the lock, took in m1, committed, sent r3.",
  zh: 'reader 第 1 轮：在锁内开始，读入 m1，提交，发出 r3。',
};

async function open(page: Page, lang: Lang, rest = '') {
  await page.goto('about:blank');
  await page.goto(`/#lesson=${ID}&step=0&lang=${lang}${rest}`);
  await waitReady(page);
}

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`M3 M4: ${lang}: at the story level lesson 1 reaches its end in fewer steps than events, and a folded stop says what the cycle did`, async ({ page }) => {
    const errors = trackErrors(page);
    await open(page, lang, '&level=story');
    await expect(page.getByTestId('level-story')).toBeChecked();
    const { last } = await readCounter(page);
    expect(last).toBe(g.length);
    const stops: number[] = [];
    const folded = new Map<number, string>();
    while (await page.getByTestId('step-forward').isEnabled()) {
      await page.getByTestId('step-forward').click();
      const before = stops[stops.length - 1] ?? 0;
      await expect.poll(async () => (await readCounter(page)).step).toBeGreaterThan(before);
      const { step } = await readCounter(page);
      stops.push(step);
      const text = ((await page.getByTestId('caption').textContent()) ?? '').trim();
      expect(text, `caption at stop ${step}`).not.toBe('');
      if (lang === 'zh') expect(text).toMatch(CJK);
      else expect(text).not.toMatch(CJK);
      if (await page.getByTestId('folded-caption').count()) folded.set(step, text);
    }
    expect(stops[stops.length - 1]).toBe(last);
    expect(stops.length, `${stops.length} story steps for ${last} events`).toBeLessThan(last);
    expect(stops.length).toBeGreaterThan(8);
    // The cycle that ends with r3 folds into one stop, its caption naming m1 and r3.
    expect(stops).toContain(r3);
    expect(stops).not.toContain(r3 - 1);
    expect(folded.get(r3)).toBe(FOLD[lang]);
    expect(folded.size).toBeGreaterThan(5);
    // Each authored caption's step is a stop: the payoff (m4 in a request) among them.
    const r9 = stepAfter(g, 'request', /^reader sent request r9 /);
    expect(stops).toContain(r9);
    // And back at the story level goes to the stop before, not one event back.
    await page.getByTestId('step-back').click();
    await expectStep(page, stops[stops.length - 2]);
    await page.getByTestId('step-first').click();
    await expectStep(page, 0);
    expect(errors).toEqual([]);
  });

  test(`UI: ${lang}: switching to every event steps one event; key moments step between key steps`, async ({ page }) => {
    const errors = trackErrors(page);
    // The lead's first round ends (a stop); the next stop is reader's folded cycle, at r3.
    const first = stepAfter(g, 'lifecycle', /^lead finished the round/);
    await open(page, lang, '&level=story');
    await page.goto(`/#lesson=${ID}&step=${first}&lang=${lang}&level=story`);
    await expectStep(page, first);
    await page.getByTestId('step-forward').click();
    await expectStep(page, r3);
    const second = r3;
    expect(second - first, 'a story step folds several events').toBeGreaterThan(1);
    await chooseLevel(page, 'event');
    await page.getByTestId('step-forward').click();
    await expectStep(page, second + 1);
    await page.getByTestId('step-back').click();
    await expectStep(page, second);
    // The caption at the event level is the event's own, not the folded one.
    await expect(page.getByTestId('folded-caption')).toHaveCount(0);
    await chooseLevel(page, 'key');
    const marks = (await page.getByTestId('key-mark').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-step')))))
      .sort((a, b) => a - b);
    await page.getByTestId('step-forward').click();
    await expectStep(page, marks.find((s) => s > second)!);
    expect(errors).toEqual([]);
  });

  test(`UI: ${lang}: a link made at the story level reopens at that level and step; an older link opens at every event`, async ({ page, context }) => {
    const errors = trackErrors(page);
    await open(page, lang, '&level=story');
    while ((await readCounter(page)).step < r3) await page.getByTestId('step-forward').click();
    await expectStep(page, r3);
    await expect.poll(() => page.evaluate(() => location.hash)).toContain(`step=${r3}&lang=${lang}&level=story`);
    const link = await page.evaluate(() => location.href);
    const other = await context.newPage();
    await other.goto(link);
    await waitReady(other);
    await expect(other.getByTestId('level-story')).toBeChecked();
    await expectStep(other, r3);
    await expect(other.getByTestId('folded-caption')).toHaveText(FOLD[lang]);
    // A step that is not a story stop still opens at that exact step; forward goes to the next stop.
    await other.goto('about:blank');
    await other.goto(`/#lesson=${ID}&step=${r3 - 2}&lang=${lang}&level=story`);
    await waitReady(other);
    await expectStep(other, r3 - 2);
    await other.getByTestId('step-forward').click();
    await expectStep(other, r3);
    // A link without a level was made when every event was the only level.
    await other.goto('about:blank');
    await other.goto(`/#lesson=${ID}&step=${r3 - 2}&lang=${lang}`);
    await waitReady(other);
    await expect(other.getByTestId('level-event')).toBeChecked();
    await other.getByTestId('step-forward').click();
    await expectStep(other, r3 - 1);
    expect(errors).toEqual([]);
  });
}

test('UI: the page opens at the story level; the level switch is a labelled radio group with 24 px targets on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitReady(page);
  await expect(page.getByTestId('level-story')).toBeChecked();
  const group = page.getByRole('radiogroup', { name: /Step by/ });
  await expect(group).toBeVisible();
  await expect(group.getByRole('radio')).toHaveCount(3);
  for (const level of ['key', 'story', 'event']) {
    const r = await page.getByTestId(`level-${level}`).boundingBox();
    expect(r!.width, level).toBeGreaterThanOrEqual(24);
    expect(r!.height, level).toBeGreaterThanOrEqual(24);
  }
});

for (const screen of [{ name: 'phone', width: 390, height: 844 }, { name: 'laptop', width: 1366, height: 800 }]) {
  test(`STAGE: ${screen.name} ${screen.width}x${screen.height}: at every story stop of lesson 1, in both languages, the transport, the whole caption and the lanes' headers are in view`, async ({ page }) => {
    const errors = trackErrors(page);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    for (const lang of ['zh', 'en'] as Lang[]) {
      await open(page, lang, '&level=story');
      let step = 0;
      while (step < g.length) {
        await page.getByTestId('step-forward').click();
        await expect.poll(async () => (await readCounter(page)).step).toBeGreaterThan(step);
        step = (await readCounter(page)).step;
        for (const id of ['step-forward', 'step-counter', 'level-switch', 'caption', 'lane-queued', 'lane-candidate', 'lane-request']) {
          const target = id.startsWith('lane-') ? page.getByTestId(id).locator('h3') : page.getByTestId(id);
          await expect(target, `${lang} step ${step}: ${id}`).toBeInViewport({ ratio: 0.99 });
        }
        expect(await page.evaluate(() => scrollY), `${lang} step ${step}: the page did not scroll`).toBe(0);
      }
    }
    expect(errors).toEqual([]);
  });
}
