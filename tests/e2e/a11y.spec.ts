// Accessibility: an axe-core pass (the engine injected from node_modules) over every lesson at
// its first, a middle and its last step, in both languages and both colour schemes, with a
// member open in the detail panel, and with a checkpoint's question open. Zero violations. One
// page load per lesson, language and scheme; the steps are reached with the keyboard and the
// scrubber.
import { test, expect, Page } from '@playwright/test';
import * as path from 'path';
import {
  LESSON_IDS, Lang, golden, trackErrors, waitReady, expectStep, scrubTo, focusPlayground,
  selectMember, chooseLevel,
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

// A checkpoint's question open on the stage (issue 26 part 5): the radio group, its label, the
// Check button and a wrong try's explanation pass axe-core in both languages and schemes, and
// the question is announced by a status region (the caption stays on the step before). Lesson 2
// asks its first question when stepping onto step 8 (tests/e2e/checkpoints.spec.ts).
for (const scheme of ['light', 'dark'] as const) {
  for (const lang of ['en', 'zh'] as Lang[]) {
    test.describe(`M5: a checkpoint's question (${scheme}, ${lang})`, () => {
      // Checkpoints are on in an empty storage (the other specs start with them off).
      test.use({ colorScheme: scheme, storageState: { cookies: [], origins: [] } });
      test('M5: a question at a checkpoint, open, with its rule text and after a wrong try, passes axe-core and is announced, ' + lang + ', ' + scheme, async ({ page }) => {
        const errors = trackErrors(page);
        await page.goto(`/#lesson=l2-drain-loses-mail&step=0&lang=${lang}`);
        await waitReady(page);
        await chooseLevel(page, 'event');
        await scrubTo(page, 7);
        await page.getByTestId('step-forward').click();
        const question = page.getByTestId('checkpoint');
        await expect(question).toHaveAttribute('data-asking', 'true');
        await expectStep(page, 7);
        const asked = (await page.locator('#checkpoint-question').textContent()) ?? '';
        expect(asked).not.toBe('');
        const announce = page.getByTestId('checkpoint-announce');
        await expect(announce).toHaveAttribute('role', 'status');
        await expect(announce).toContainText(asked);
        await expect(announce).toContainText(lang === 'zh' ? '检查点' : 'Checkpoint');
        expect(await axeViolations(page), `question open (${lang}, ${scheme})`).toEqual([]);
        // The rule it illustrates, named by id, opens its text in the page (kept open below).
        const rule = page.getByTestId('checkpoint-rule');
        await expect(rule).toHaveAttribute('data-rule', 'M5');
        await rule.locator('summary').click();
        await expect(rule.locator('p')).toBeVisible();
        await expect(rule.locator('p')).toContainText(lang === 'zh' ? '候选被丢弃' : 'the candidate is thrown away');
        await page.locator('[data-testid="checkpoint-choice"][data-key="lost"] input').check();
        await page.getByTestId('checkpoint-check').click();
        await expect(page.getByTestId('checkpoint-feedback')).toHaveAttribute('data-right', 'false');
        expect(await axeViolations(page), `after a wrong try (${lang}, ${scheme})`).toEqual([]);
        expect(errors).toEqual([]);
      });
    });
  }
}
