// The stage (issue 22, part 1): at every step of every lesson and of free play, on a laptop
// (1366x800) and a phone (390x844), in Chinese and English, the transport, the whole caption
// and the three lanes' headers are in the viewport together without the learner scrolling, and
// the caption box never scrolls inside; on the laptop the member cards' row starts in view too.
// Each step is checked in one page.evaluate (after the ArrowRight key steps the playhead).
import { test, expect, Page } from '@playwright/test';
import { Lang, trackErrors, waitReady, focusPlayground, readCounter } from './helpers';

const SCREENS = [
  { name: 'laptop', width: 1366, height: 800, cards: true },
  { name: 'phone', width: 390, height: 844, cards: false },
] as const;

/** What is out of place at `step` (empty when the stage is whole), once the counter shows it. */
async function stageProblems(page: Page, step: number, cards: boolean): Promise<string[]> {
  return page.evaluate(async ({ step, cards }) => {
    const counter = () => document.querySelector('[data-testid=step-counter]')?.textContent ?? '';
    const shows = () => new RegExp(`(^|\\D)${step} / \\d+`).test(counter());
    for (let i = 0; i < 200 && !shows(); i++) await new Promise((r) => requestAnimationFrame(() => r(null)));
    if (!shows()) return [`counter shows '${counter()}', not step ${step}`];
    const problems: string[] = [];
    const [w, h] = [innerWidth, innerHeight];
    const inView = (what: string, el: Element | null, whole = true) => {
      if (!el) return problems.push(`${what}: missing`);
      const r = el.getBoundingClientRect();
      const ok = whole
        ? r.top >= -0.5 && r.left >= -0.5 && r.bottom <= h + 0.5 && r.right <= w + 0.5 && r.height > 0
        : r.top >= -0.5 && r.top < h && r.height > 0;
      if (!ok) problems.push(`${what} at top ${Math.round(r.top)} bottom ${Math.round(r.bottom)} (viewport ${w}x${h})`);
      // Not clipped by a box that scrolls or hides its overflow.
      if (whole) {
        for (let p = el.parentElement; p; p = p.parentElement) {
          if (getComputedStyle(p).overflowY === 'visible') continue;
          const b = p.getBoundingClientRect();
          if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) problems.push(`${what} clipped by .${p.className}`);
        }
      }
    };
    const bar = document.querySelector('.caption-bar');
    inView('caption bar', bar);
    inView('caption', document.querySelector('[data-testid=caption]'));
    if (bar && bar.scrollHeight > bar.clientHeight + 1) problems.push(`caption box scrolls: ${bar.scrollHeight} > ${bar.clientHeight}`);
    for (const lane of ['lane-queued', 'lane-candidate', 'lane-request']) {
      inView(`${lane} header`, document.querySelector(`[data-testid=${lane}] h3`));
    }
    inView('forward button', document.querySelector('[data-testid=step-forward]'));
    inView('step counter', document.querySelector('[data-testid=step-counter]'));
    if (cards) inView('member cards row', document.querySelector('.member-grid'), false);
    if (scrollY !== 0) problems.push(`page scrolled to ${scrollY}`);
    return problems;
  }, { step, cards });
}

for (const screen of SCREENS) {
  for (const lang of ['zh', 'en'] as Lang[]) {
    test(`STAGE: ${screen.name} ${screen.width}x${screen.height} ${lang}: the transport, the whole caption and the lanes' headers are in view at every step of every lesson and free play`, async ({ page }) => {
      test.setTimeout(600_000);
      const errors = trackErrors(page);
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.goto(`/#lang=${lang}`);
      await waitReady(page);
      const ids = await page.getByTestId('lesson-select').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(ids.length).toBeGreaterThanOrEqual(9);
      let checked = 0;
      const failures: string[] = [];
      for (const id of ids) {
        await page.goto('about:blank');
        await page.goto(`/#lesson=${id}&step=0&lang=${lang}`);
        await waitReady(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const { step: first, last } = await readCounter(page);
        expect(first).toBe(0);
        await focusPlayground(page);
        for (let step = 0; step <= last; step++) {
          if (step > 0) await page.keyboard.press('ArrowRight');
          const problems = await stageProblems(page, step, screen.cards);
          checked += 1;
          for (const p of problems) failures.push(`${id} step ${step}: ${p}`);
          if (failures.length > 40) break;
        }
        if (failures.length > 40) break;
      }
      console.log(`STAGE ${screen.name} ${lang}: ${checked} steps checked over ${ids.length} lessons`);
      expect(failures.slice(0, 40)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
}

test('STAGE: opening a member shows its detail in view with focus on it; Escape returns focus to the card', async ({ page }) => {
  const errors = trackErrors(page);
  for (const screen of SCREENS) {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('about:blank');
    await page.goto('/#lesson=l1-two-investigators&step=61&lang=en');
    await waitReady(page);
    const card = page.locator('[data-testid=member-card][data-member=reader]');
    await card.locator('.member-name').click();
    const heading = page.locator('#member-detail-heading');
    await expect(heading).toBeFocused();
    await expect(page.getByTestId('member-detail').locator('.detail-meta[data-member=reader]')).toBeInViewport();
    await expect(heading).toBeInViewport();
    // Nothing (the side panel's sticky jump list) covers the heading.
    const covered = await heading.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + Math.min(20, r.width / 2), r.y + r.height / 2);
      return !(top && el.contains(top));
    });
    expect(covered, `${screen.name}: the detail's heading is covered`).toBe(false);
    if (screen.cards) {
      // A laptop keeps the stage in view beside the detail.
      await expect(page.getByTestId('caption')).toBeInViewport();
      await expect(page.getByTestId('step-forward')).toBeInViewport();
    }
    await page.keyboard.press('Escape');
    await expect(card.locator('.member-name')).toBeFocused();
    await expect(card).toBeInViewport();
    // And the back button does the same.
    await card.locator('.member-name').click();
    await expect(heading).toBeFocused();
    await page.getByTestId('detail-back').click();
    await expect(card.locator('.member-name')).toBeFocused();
  }
  expect(errors).toEqual([]);
});
