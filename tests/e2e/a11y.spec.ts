// Accessibility: an axe-core pass (the engine injected from node_modules) over every lesson at
// its first, a middle and its last step, in both languages and both colour schemes, with a
// member open in the detail panel. Zero violations. One page load per lesson, language and
// scheme; the steps are reached with the keyboard and the scrubber.
import { test, expect, Page } from '@playwright/test';
import * as path from 'path';
import {
  LESSON_IDS, Lang, golden, trackErrors, waitReady, expectStep, scrubTo, focusPlayground,
  selectMember,
} from './helpers';

const AXE = path.resolve(__dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core on the whole page; returns its violations, one readable line each. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations: Violation[] = await page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}` +
      (v.nodes[0]?.failureSummary ? ` -- ${v.nodes[0].failureSummary.split('\n').join(' ')}` : ''),
  );
}

/** Opens the first member card in the detail panel (the lesson's lead at least exists). */
async function openAMember(page: Page) {
  const name = await page.getByTestId('member-card').first().getAttribute('data-member');
  expect(name).not.toBeNull();
  await selectMember(page, name!);
  await expect(page.getByTestId('member-detail')).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  for (const lang of ['en', 'zh'] as Lang[]) {
    test.describe(`UI: axe-core finds no violation (${scheme}, ${lang})`, () => {
      test.use({ colorScheme: scheme });
      for (const id of LESSON_IDS) {
        test(`UI: ${id} first, middle and last step, ${lang}, ${scheme}`, async ({ page }) => {
          const errors = trackErrors(page);
          const last = golden(id).length;
          await page.goto(`/#lesson=${id}&step=0&lang=${lang}`);
          await waitReady(page);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expectStep(page, 0);
          // The panels below the fold mount after the first paint.
          await expect(page.getByTestId('files-panel')).toBeVisible();
          for (const step of [0, Math.floor(last / 2), last]) {
            if (step === last) {
              await focusPlayground(page);
              await page.keyboard.press('End');
              await expectStep(page, last);
            } else {
              await scrubTo(page, step);
            }
            await openAMember(page);
            expect(await axeViolations(page), `${id} at step ${step} (${lang}, ${scheme})`).toEqual([]);
          }
          expect(errors).toEqual([]);
        });
      }
    });
  }
}
