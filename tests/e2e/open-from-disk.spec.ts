// Open from disk and exports that say what the run was (issue 23, parts 3 and 4): import opens
// a plain scenario file into free play and the editor; an export edited by hand opens as its
// scenario and options with a note that its recorded event log no longer matches; a file the
// page cannot open says what it can open and loses nothing on screen; the Markdown export of a
// fork names the fork and the toggle, and numbers its event lines as the steps are numbered.
import { test, expect, Page } from '@playwright/test';
import * as fs from 'fs';
import * as path from 'path';
import { expectStep, memberCard, openLesson, readCounter, scrubTo, setLang, trackErrors, waitReady, shot } from './helpers';
import { commit } from './editor-helpers';

const SCENARIO = path.resolve(__dirname, '..', 'fixtures', 'five-member-scenario.json');
const SCENARIO_MEMBERS = ['lead', 'ann', 'bob', 'cy', 'dee'];
const LANGS = ['en', 'zh'] as const;

/** Clicks `testid` and returns the downloaded file's text and where it was saved. */
async function download(page: Page, testid: string): Promise<{ text: string; file: string }> {
  await page.getByTestId('export-panel').scrollIntoViewIfNeeded();
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  const file = path.resolve('target/e2e', `download-${Date.now()}-${dl.suggestedFilename()}`);
  await dl.saveAs(file);
  return { text: fs.readFileSync(file, 'utf8'), file };
}

async function importFile(page: Page, files: string | { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByTestId('export-panel').scrollIntoViewIfNeeded();
  await page.getByTestId('import-file').setInputFiles(files);
}

const json = (name: string, value: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
});

/** The import result on a 390x844 phone and a 1366x800 laptop: the export panel in view. */
async function screenshotBoth(page: Page, name: string) {
  for (const [w, h] of [[390, 844], [1366, 800]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.getByTestId('export-panel').scrollIntoViewIfNeeded();
    await shot(page, { path: `target/e2e/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

for (const lang of LANGS) {
  test(`IMPORT: a scenario file opens in free play and the editor holds it (${lang})`, async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(`/#lesson=l2-drain-loses-mail&lang=${lang}`);
    await waitReady(page);
    await scrubTo(page, 5);
    await importFile(page, SCENARIO);
    await expect(page.getByTestId('lesson-select')).toHaveValue('free-play');
    await expectStep(page, 0);
    // The page keeps its language; the scenario's members play and the editor holds it.
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    for (const name of SCENARIO_MEMBERS) await expect(memberCard(page, name)).toBeVisible();
    await expect(page.getByTestId('editor-member-name-1')).toHaveValue('ann');
    await expect(page.getByTestId('editor-member-name-4')).toHaveValue('dee');
    await expect(page.getByTestId('editor-task')).toHaveValue(/summarize who checked what/);
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
    await expect(page.getByTestId('import-note')).toHaveText(
      lang === 'en'
        ? 'The scenario file is open in free play, and in the scenario editor to change.'
        : '场景文件已在自由练习中打开，也在场景编辑器里，可以修改。',
    );
    await expect(page.getByTestId('import-note')).toHaveAttribute('data-kind', 'scenario');
    await expect(page.getByTestId('import-file')).toBeVisible();
    await expect(page.getByTestId('error-banner')).toHaveCount(0);
    const { last } = await readCounter(page);
    expect(last).toBeGreaterThan(10);
    await screenshotBoth(page, `import-scenario-${lang}`);
    expect(errors).toEqual([]);
  });

  test(`IMPORT: an export edited by hand opens as its scenario and options, with a note that its event log no longer matches (${lang})`, async ({ page, context }) => {
    const errors = trackErrors(page);
    await page.goto(`/#lesson=l2-drain-loses-mail&lang=${lang}`);
    await waitReady(page);
    await scrubTo(page, 10);
    const exported = JSON.parse((await download(page, 'export-json')).text);
    expect(exported.options.learner_toggles ?? {}).toEqual({});
    // A teacher fixes drain on read for the whole lesson in the file, not in the event log.
    exported.options.learner_toggles = { drain_on_read: true };

    const fresh = await context.newPage();
    const freshErrors = trackErrors(fresh);
    await fresh.goto(`/#lesson=l3-lock-scope&lang=${lang}`);
    await waitReady(fresh);
    await importFile(fresh, json('edited.json', exported));
    await expect(fresh.getByTestId('lesson-select')).toHaveValue('l2-drain-loses-mail');
    await expectStep(fresh, 10);
    await expect(fresh.getByTestId('toggle-drain')).toHaveAttribute('aria-checked', 'true');
    const note = fresh.getByTestId('import-note');
    await expect(note).toContainText(
      lang === 'en' ? "This file's recorded event log no longer matches the run its scenario and options play" : '这个文件记录的事件和它的场景、选项放出来的运行对不上了',
    );
    await expect(note).toContainText(lang === 'en' ? 'differs from its run at step' : '步和它的运行不一致');
    await expect(note).toHaveAttribute('data-kind', 'export');
    await expect(fresh.getByTestId('error-banner')).toHaveCount(0);
    // The note follows the language switch.
    await setLang(fresh, lang === 'en' ? 'zh' : 'en');
    await expect(note).toContainText(lang === 'en' ? '对不上了' : 'no longer matches');
    await setLang(fresh, lang);
    await screenshotBoth(fresh, `import-edited-export-${lang}`);
    expect(errors).toEqual([]);
    expect(freshErrors).toEqual([]);
  });

  test(`IMPORT: a file the page cannot open says what it can open, and nothing on screen is lost (${lang})`, async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(`/#lesson=free-play&lang=${lang}`);
    await waitReady(page);
    await commit(page, 'editor-member-name-1', 'ann');
    await commit(page, 'editor-task', 'Read main.py; ann reports what it prints.');
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
    await expect(memberCard(page, 'ann')).toBeVisible();
    await scrubTo(page, 4);
    await importFile(page, json('notes.json', { hello: 1, items: [1, 2] }));
    const banner = page.getByTestId('error-banner');
    if (lang === 'en') {
      await expect(banner).toContainText('This file cannot be imported; nothing on the page changed');
      for (const what of ['a run exported by this playground', 'a recording downloaded from the live panel', 'a scenario file', '#src=', 'Import opens these three'])
        await expect(banner).toContainText(what);
    } else {
      await expect(banner).toContainText('这个文件无法导入，页面没有任何改变');
      for (const what of ['导出的运行', '实时面板下载的记录', '场景文件', '#src=', '导入能打开的就是这三种']) await expect(banner).toContainText(what);
    }
    // Beside the input too (on a phone the banner is far above it).
    const inline = page.getByTestId('import-note');
    await expect(inline).toHaveAttribute('data-kind', 'error');
    await expect(inline).toContainText(lang === 'en' ? 'a scenario file' : '场景文件');
    // Nothing lost: the lesson, the step, the edited scenario playing and in the editor.
    await expect(page.getByTestId('lesson-select')).toHaveValue('free-play');
    await expectStep(page, 4);
    await expect(memberCard(page, 'ann')).toBeVisible();
    await expect(page.getByTestId('editor-member-name-1')).toHaveValue('ann');
    await expect(page.getByTestId('editor-task')).toHaveValue('Read main.py; ann reports what it prints.');
    await screenshotBoth(page, `import-garbage-${lang}`);
    expect(errors).toEqual([]);
  });
}

test('EXPORT: the Markdown of a fork with drain on read names the fork and the toggle, and numbers events as steps, in both languages', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, 'l2-drain-loses-mail');
  const drain = page.getByTestId('toggle-drain');
  await expect(drain).toHaveAttribute('aria-checked', 'false');
  await drain.click();
  await expect(drain).toHaveAttribute('aria-checked', 'true');
  await scrubTo(page, 12);
  const fork = page.getByTestId('fork');
  await fork.getByTestId('fork-kind').selectOption('lead');
  await fork.getByTestId('fork-member').selectOption('reader');
  await fork.getByTestId('fork-text').fill('Please read main.py once more.');
  await fork.getByTestId('fork-apply').click();
  await expect(fork.getByTestId('fork-error')).toHaveCount(0);
  const en = (await download(page, 'export-markdown')).text;
  expect(en).toContain('## This run');
  expect(en).toContain('- **Branch**: a fork, with 1 change:');
  expect(en).toMatch(/ {2}1\. after step 12: the lead sends reader “Please read main\.py once more\.”/);
  expect(en).toContain('- **Set by the learner\'s switches**: Drain on read (M6) on');
  expect(en).toMatch(/- \*\*Modes in force\*\*: from the start: inbox: drain on read/);
  // Step N's event line is #N, as the page numbers its steps.
  const { last } = await readCounter(page);
  for (const step of [1, 12, last]) expect(en).toMatch(new RegExp(`\\n${step}\\. [^\\n]*\\n {3}\`#${step} +t=`));
  expect(en).not.toMatch(/\n {3}`#0 /);

  await setLang(page, 'zh');
  const zh = (await download(page, 'export-markdown')).text;
  expect(zh).toContain('## 这次运行');
  expect(zh).toContain('- **分支**：分叉，有 1 个改动：');
  expect(zh).toMatch(/ {2}1\. 第 12 步后：lead 给 reader 发消息“Please read main\.py once more\.”/);
  expect(zh).toContain('- **学习者用开关设定**：读取即清空（M6） 开');
  expect(zh).toContain('收件箱：读取即清空');
  for (const step of [1, 12, last]) expect(zh).toMatch(new RegExp(`\\n${step}\\. [^\\n]*\\n {3}\`#${step} +t=`));
  expect(errors).toEqual([]);
});
