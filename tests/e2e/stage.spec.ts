// The stage (issue 22, part 1): at every step of every lesson and of free play, on a laptop
// (1366x800) and a phone (390x844), in Chinese and English, the transport, the whole caption
// and the three lanes' headers are in the viewport together without the learner scrolling, and
// the caption box never scrolls inside; on the laptop the member cards' row starts in view too.
// Each step is checked in one page.evaluate (after the ArrowRight key steps the playhead).
import { test, expect } from '@playwright/test';
import { Lang, Wanted, trackErrors, waitReady, focusPlayground, readCounter, stageProblems } from './helpers';

const SCREENS = [
  { name: 'laptop', width: 1366, height: 800, cards: true },
  { name: 'phone', width: 390, height: 844, cards: false },
] as const;

/** The stage's parts besides the transport and the caption bar (which every stage check wants). */
function wantedOnStage(cards: boolean): Wanted[] {
  const wanted: Wanted[] = [{ what: 'caption', selector: '[data-testid=caption]' }];
  for (const lane of ['lane-queued', 'lane-candidate', 'lane-request']) {
    wanted.push({ what: `${lane} header`, selector: `[data-testid=${lane}] h3` });
  }
  if (cards) wanted.push({ what: 'member cards row', selector: '.member-grid', topOnly: true });
  return wanted;
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
          const problems = await stageProblems(page, step, wantedOnStage(screen.cards), true);
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
