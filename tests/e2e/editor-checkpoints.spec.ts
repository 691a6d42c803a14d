// Checkpoints in the scenario editor (issue 26 part 2): a checkpoint authored in free play
// asks when the learner steps onto its moment; a bad field shows its problem beside the row in
// both languages; a moment that never happens shows the placement's note; the checkpoint
// survives the share link and the JSON export. Checkpoints are on in an empty storage (the
// other specs start with them off, playwright.config.ts).
import { test, expect, Page } from '@playwright/test';
import * as fs from 'fs';
import * as path from 'path';
import { CJK, chooseLevel, expectStep, Lang, scrubTo, shot, trackErrors, waitReady } from './helpers';
import { commit } from './editor-helpers';

// Checkpoints on (nothing stored of them); every part of the page shown, as for a learner who
// opened them (issue 46: a first visit keeps Share one tap away).
test.use({
  storageState: {
    cookies: [],
    origins: [{ origin: new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8181').origin, localStorage: [{ name: 'atp.shown', value: 'controls panel' }] }],
  },
});

const row = (page: Page) => page.getByTestId('editor-checkpoint-0');
const fieldError = (page: Page) => page.locator('[data-testid="editor-field-error"][data-field="checkpoint-0"]');

/** Free play with one checkpoint added and its question written in both languages. */
async function authorOne(page: Page, lang: Lang) {
  await page.goto(`/#lesson=free-play&step=0&lang=${lang}`);
  await waitReady(page);
  await chooseLevel(page, 'event');
  await page.locator('.editor-checkpoints summary').click();
  await page.getByTestId('editor-add-checkpoint').click();
  await expect(row(page)).toBeVisible();
  await commit(page, 'editor-checkpoint-question-en-0', 'Where is the task message right after it is queued?');
  await commit(page, 'editor-checkpoint-question-zh-0', '任务消息刚进入队列时在哪里？');
  await page.getByTestId('editor-checkpoint-rule-0').selectOption('M5');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
}

/** The step the row says it asks before. */
async function askedStep(page: Page): Promise<number> {
  const note = page.getByTestId('editor-checkpoint-placement-0');
  await expect(note).toHaveText(/\d+/);
  return Number(/(\d+)/.exec((await note.textContent()) ?? '')![1]);
}

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`EDITOR: a checkpoint authored in the editor asks when stepped onto; a bad field shows its problem (${lang})`, async ({ page }) => {
    const errors = trackErrors(page);
    await authorOne(page, lang);
    const step = await askedStep(page);
    await expect(page.getByTestId('editor-checkpoint-placement-0')).toContainText(lang === 'zh' ? '之前提问' : 'Asks before step');
    // Play: stepping onto it asks our question, the step hidden until the right answer.
    if (step > 1) await scrubTo(page, step - 1);
    await page.getByTestId('step-forward').click();
    const question = page.getByTestId('checkpoint');
    await expect(question).toHaveAttribute('data-asking', 'true');
    await expect(question).toContainText(lang === 'zh' ? '任务消息刚进入队列时在哪里？' : 'Where is the task message right after it is queued?');
    await expectStep(page, step - 1);
    await page.locator('[data-testid="checkpoint-choice"][data-key="queued"] input').check();
    await page.getByTestId('checkpoint-check').click();
    await expectStep(page, step);
    await expect(page.getByTestId('checkpoint-feedback')).toHaveAttribute('data-right', 'true');
    // A bad id and a message that is not an id: problems beside the row, in the page's language.
    await commit(page, 'editor-checkpoint-id-0', 'Bad Id');
    await commit(page, 'editor-checkpoint-message-0', 'task');
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'false');
    await expect(fieldError(page)).toHaveCount(2);
    const problems = (await fieldError(page).allTextContents()).join(' ');
    if (lang === 'zh') {
      expect(problems).toMatch(CJK);
      expect(problems).toContain('不合格');
      expect(problems).toContain('不是消息 id');
      // Field paths and the typed values are identifiers; the words around them are Chinese.
      const words = problems.replace(/checkpoints\[\d+\][\w.]*/g, '').replace(/'[^']*'/g, '');
      expect(words).not.toMatch(/\b(is|not|valid|message|must|the)\b/);
    } else {
      expect(problems).toContain("'Bad Id' is not valid");
      expect(problems).toContain("'task' is not a message id");
    }
    // Fixed, and a moment that never happens: the placement's note instead of a step.
    await commit(page, 'editor-checkpoint-id-0', 'task-queued');
    await commit(page, 'editor-checkpoint-message-0', 'm1');
    await commit(page, 'editor-checkpoint-nth-0', '40');
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
    await expect(page.getByTestId('editor-checkpoint-placement-0')).not.toHaveText(/\d/);
    await expect(page.getByTestId('editor-checkpoint-placement-0')).not.toBeEmpty();
    if (lang === 'zh') await expect(page.getByTestId('editor-checkpoint-placement-0')).toHaveText(CJK);
    // Screenshots of the editor's checkpoints part: phone and laptop.
    for (const [w, h] of [[390, 844], [1366, 800]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.getByTestId('editor-checkpoints').scrollIntoViewIfNeeded();
      await shot(page.getByTestId('editor-checkpoints'), { path: `target/e2e/editor-checkpoints-${lang}-${w}.png` });
    }
    expect(errors).toEqual([]);
  });
}

test('EDITOR: an authored checkpoint survives the share link and the JSON export', async ({ page, context }) => {
  const errors = trackErrors(page);
  await authorOne(page, 'en');
  await commit(page, 'editor-checkpoint-id-0', 'task-queued');
  const step = await askedStep(page);
  // The Share dialog's link carries the scenario as it is now.
  await page.getByTestId('share-button').click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toContain('x=');
  await page.keyboard.press('Escape');
  const other = await context.newPage();
  await other.goto(link);
  await waitReady(other);
  await other.locator('.editor-checkpoints summary').click();
  await expect(other.getByTestId('editor-checkpoint-id-0')).toHaveValue('task-queued');
  await expect(other.getByTestId('editor-checkpoint-question-zh-0')).toHaveValue('任务消息刚进入队列时在哪里？');
  await expect(other.getByTestId('editor-checkpoint-rule-0')).toHaveValue('M5');
  expect(await askedStep(other)).toBe(step);
  await other.close();
  // The export carries it, and importing it in a fresh page brings it back.
  await page.getByTestId('export-panel').scrollIntoViewIfNeeded();
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  const file = path.resolve('target/e2e', `download-${Date.now()}-${dl.suggestedFilename()}`);
  await dl.saveAs(file);
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(json.scenario.version).toBe(2);
  expect(json.scenario.checkpoints.map((c: any) => c.id)).toEqual(['task-queued']);
  const fresh = await context.newPage();
  await fresh.goto('/#lesson=l1-two-investigators&lang=en');
  await waitReady(fresh);
  await fresh.getByTestId('export-panel').scrollIntoViewIfNeeded();
  await fresh.getByTestId('import-file').setInputFiles(file);
  await fresh.locator('.editor-checkpoints summary').click();
  await expect(fresh.getByTestId('editor-checkpoint-id-0')).toHaveValue('task-queued');
  expect(await askedStep(fresh)).toBe(step);
  expect(errors).toEqual([]);
});
