// Helpers of the editor and export specs: committing an editor field (a change takes effect
// when the field loses focus, as for a learner tabbing on) and building the five-member
// scenario both specs play.
import { expect, Page } from '@playwright/test';
import * as path from 'path';
import { waitReady } from './helpers';

/** Types `value` into the editor field `testid` and leaves it (its change event). */
export async function commit(page: Page, testid: string, value: string) {
  const field = page.getByTestId(testid);
  await field.fill(value);
  await field.press('Tab');
}

export const NAMES = ['lead', 'ann', 'reviewer', 'carol', 'dave'];

/**
 * Free play, then in the editor: two members added and named carol and dave, reader renamed
 * ann, main.py and the task edited, and the lead's first reply also writing to carol.
 */
export async function buildFiveMembers(page: Page, lang = 'en') {
  await page.goto(`/#lesson=free-play&lang=${lang}`);
  await waitReady(page);
  await expect(page.getByTestId('editor')).toBeVisible();
  await page.getByTestId('editor-add-member').click();
  await page.getByTestId('editor-add-member').click();
  await commit(page, 'editor-member-name-3', 'carol');
  await commit(page, 'editor-member-name-4', 'dave');
  await commit(page, 'editor-member-role-4', 'scribe');
  await commit(page, 'editor-member-name-1', 'ann');
  const paths = await page.locator('[data-testid^=editor-file-][data-path]').evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-path')),
  );
  const main = paths.indexOf('main.py');
  expect(main).toBeGreaterThanOrEqual(0);
  await commit(page, `editor-file-text-${main}`, 'print(7 * 6)');
  await commit(page, 'editor-task', 'What does main.py print? ann reads it, carol and dave stand by.');
  // The lead's first reply: its tool calls, plus a message to carol.
  await page.locator('.editor-replies summary').click();
  const replies = await page.locator('[data-testid^=editor-reply-member-]').evaluateAll((els) =>
    els.map((e) => (e as HTMLSelectElement).value),
  );
  const first = replies.indexOf('lead');
  const calls = JSON.parse(await page.getByTestId(`editor-reply-calls-${first}`).inputValue());
  expect(calls.some((c: any) => c.arguments?.to === 'ann')).toBe(true);
  calls.push({ name: 'send_message', arguments: { to: 'carol', body: 'Stand by, carol.' } });
  await commit(page, `editor-reply-calls-${first}`, JSON.stringify(calls));
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
}

const AXE = path.resolve(__dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js');

/** axe-core's violations on the whole page, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations: { id: string; help: string; nodes: { target: string[] }[] }[] = await page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}
