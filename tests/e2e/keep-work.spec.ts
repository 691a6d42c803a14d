// Work is kept and links degrade part by part (issue 23, parts 1 and 5): free play's scenario
// and the editor's draft survive a new tab and a closed browser, a returning learner is
// offered to continue (never moved), two tabs keep their own branches, a scenario too long for
// a link is kept and offered as a file, storage that is full or throws is said once and the
// page keeps working; a bad readable part of a link is left out with a note, and picking a
// lesson on a top-level page is a history entry (Back returns to it), in a frame it is not.
import { test, expect, Page, BrowserContext } from '@playwright/test';
import * as fs from 'fs';
import * as path from 'path';
import { openLesson, scrubTo, readCounter, waitReady, expectStep, setLang, memberCard, trackErrors, CJK, shot } from './helpers';
import { commit } from './editor-helpers';

const HOST = 'https://course.example';
const CORS = { 'access-control-allow-origin': '*' };
const fixtures = path.resolve(__dirname, '..', 'fixtures');

/** Screenshots on a 390x844 phone and a 1366x800 laptop, into target/e2e/keep-<name>-*.png. */
async function screens(page: Page, name: string) {
  fs.mkdirSync('target/e2e', { recursive: true });
  const before = page.viewportSize();
  for (const [w, h] of [[390, 844], [1366, 800]]) {
    await page.setViewportSize({ width: w, height: h });
    await shot(page, { path: `target/e2e/keep-${name}-${w}.png` });
  }
  if (before) await page.setViewportSize(before);
}

/** Waits until the page has stored its session (it writes when idle). */
async function stored(page: Page, needle: string) {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('atp.session') ?? '')).toContain(needle);
}

/** A fresh visit: no link fragment, not a reload. */
async function freshVisit(page: Page) {
  await page.goto('about:blank');
  await page.goto('/');
  await waitReady(page);
}

const offer = (page: Page) => page.getByTestId('continue-offer');

test('KEEP: a returning learner is offered "continue: lesson N, step S", one click and never forced; a link opens what it names', async ({ page, context }) => {
  const errors = trackErrors(page);
  await openLesson(page, 'l2-drain-loses-mail');
  await scrubTo(page, 12);
  await stored(page, '"step":12');
  const other = await context.newPage();
  await freshVisit(other);
  await expect(offer(other)).toContainText('Continue where you were: lesson 2 (Deleting on read loses mail), step 12');
  // Not forced: the page opened lesson 1 at step 0 and stays there until the click.
  await expect(other.getByTestId('lesson-select')).toHaveValue('l1-two-investigators');
  await expectStep(other, 0);
  await screens(other, 'offer-en');
  await setLang(other, 'zh');
  await expect(offer(other)).toContainText('继续上次的进度：第 2 课《读后即删会丢信》，第 12 步');
  expect(await offer(other).textContent()).not.toMatch(/[A-Za-z]/);
  await screens(other, 'offer-zh');
  await other.getByTestId('continue').click();
  await expect(other.getByTestId('lesson-select')).toHaveValue('l2-drain-loses-mail');
  await expectStep(other, 12);
  await expect(offer(other)).toHaveCount(0);
  // A link names what it opens: no offer, the link's lesson and step.
  await other.goto('about:blank');
  await other.goto('/#lesson=l3-lock-scope&step=4&lang=en');
  await waitReady(other);
  await expect(other.getByTestId('lesson-select')).toHaveValue('l3-lock-scope');
  await expectStep(other, 4);
  await expect(offer(other)).toHaveCount(0);
  // Declined, the offer goes and the page stays where it is.
  await freshVisit(other);
  await expect(offer(other)).toBeVisible();
  await other.getByTestId('continue-dismiss').click();
  await expect(offer(other)).toHaveCount(0);
  await expectStep(other, 0);
  expect(errors).toEqual([]);
});

/** Free play with the title edited (valid: it plays), then the task emptied (invalid). */
async function scenarioAndDraft(page: Page, lang: 'en' | 'zh') {
  await page.goto(`/#lesson=free-play&lang=${lang}`);
  await waitReady(page);
  await expect(page.getByTestId('editor')).toBeVisible();
  await commit(page, 'editor-title', 'The lost message');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
  await commit(page, 'editor-task', '');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'false');
  await stored(page, '"draft"');
}

for (const lang of ['en', 'zh'] as const) {
  test(`KEEP: free play's scenario and the editor's draft survive a new tab and a closed browser (${lang})`, async ({ page, context, browser }) => {
    await scenarioAndDraft(page, lang);
    const expectKept = async (p: Page) => {
      // A fresh visit opens in the learner's default language; the offer follows the toggle.
      await setLang(p, lang);
      await expect(offer(p)).toContainText(lang === 'en' ? 'free play' : '自由练习');
      await p.getByTestId('continue').click();
      await expect(p.getByTestId('lesson-select')).toHaveValue('free-play');
      await expect(p.getByTestId('editor-title')).toHaveValue('The lost message');
      // The draft as typed, invalid: still invalid, and the valid scenario plays.
      await expect(p.getByTestId('editor-task')).toHaveValue('');
      await expect(p.getByTestId('editor-status')).toHaveAttribute('data-valid', 'false');
    };
    // A new tab of the same browser.
    const tab = await context.newPage();
    await freshVisit(tab);
    await expectKept(tab);
    // A closed browser: a new context with what the browser kept on disk (local storage).
    const kept = await context.storageState();
    const later = await browser.newContext({ storageState: kept });
    const again = await later.newPage();
    await freshVisit(again);
    await expectKept(again);
    await later.close();
  });
}

test('KEEP: two tabs keep their own branches: fork lesson 1 at step 20 in A, step in lesson 1 in B, reload A', async ({ page, context }) => {
  const errors = trackErrors(page);
  await openLesson(page, 'l1-two-investigators');
  await scrubTo(page, 20);
  await page.getByTestId('restart-host').click();
  const forked = await readCounter(page);
  await expect(page.locator('[data-testid=fork-branch]')).toHaveCount(2);
  await page.waitForTimeout(500);
  const b = await context.newPage();
  await openLesson(b, 'l1-two-investigators');
  await scrubTo(b, 1);
  await stored(b, '"step":1,');
  await page.reload();
  await waitReady(page);
  expect(await readCounter(page)).toEqual(forked);
  await expect(page.locator('[data-testid=fork-branch]')).toHaveCount(2);
  await expect(page.locator('[data-testid=fork-branch][data-current="true"]')).toContainText('host restarted');
  // And B, reloaded, is still B: lesson 1 at step 1, one branch.
  await b.waitForTimeout(500);
  await b.reload();
  await waitReady(b);
  await expectStep(b, 1);
  await expect(b.locator('[data-testid=fork-branch]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('KEEP: two tabs editing free play: the newest writer\'s scenario is kept, and the tab that replaced another\'s says so', async ({ page, context }) => {
  await page.goto('/#lesson=free-play&lang=en');
  await waitReady(page);
  await commit(page, 'editor-task', 'Task of tab A.');
  await stored(page, 'Task of tab A.');
  const b = await context.newPage();
  await b.goto('/#lesson=free-play&lang=en');
  await waitReady(b);
  await commit(b, 'editor-task', 'Task of tab B.');
  await expect(b.getByTestId('keep-notice')).toContainText('The free-play scenario this browser had kept was replaced');
  await stored(b, 'Task of tab B.');
  await screens(b, 'replaced-en');
  await setLang(b, 'zh');
  await expect(b.getByTestId('keep-notice')).toContainText('另一个标签页');
  await screens(b, 'replaced-zh');
  // Tab A still shows its own scenario.
  await expect(page.getByTestId('editor-task')).toHaveValue('Task of tab A.');
});

/** Serves a valid scenario too long for a link at HOST/big.json. */
async function routeBig(page: Page) {
  const scenario = JSON.parse(fs.readFileSync(path.join(fixtures, 'five-member-scenario.json'), 'utf8'));
  let seed = 7;
  const noise = (n: number) => {
    let out = '';
    for (let i = 0; i < n; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      out += 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[Math.floor(seed / 65536) % 62];
    }
    return out;
  };
  scenario.limits = { ...scenario.limits, file_chars: 12000 };
  for (let i = 0; i < 3; i++) scenario.files[`data${i}.txt`] = noise(12000);
  await page.route(`${HOST}/big.json`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: CORS, body: JSON.stringify(scenario) }),
  );
}

test('KEEP: a scenario whose link is too long to open is kept: the share dialog offers the file, a reload says the link was not read and offers it back', async ({ page }) => {
  const errors = trackErrors(page);
  await routeBig(page);
  await page.goto(`/#lang=en&src=${encodeURIComponent(`${HOST}/big.json`)}`);
  await expect(page.getByTestId('lesson-select')).toHaveValue('free-play');
  await expect(memberCard(page, 'dee')).toBeVisible();
  await scrubTo(page, 5);
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-unusable')).toContainText('too long to open');
  await expect(page.getByTestId('share-unusable')).toContainText('still kept in this browser');
  await expect(page.getByTestId('copy-link')).toBeDisabled();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-download').click()]);
  const file = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  expect(JSON.stringify(file)).toContain('data1.txt');
  await screens(page, 'too-long-en');
  await setLang(page, 'zh');
  await expect(page.getByTestId('share-unusable')).toContainText('仍保存在这个浏览器里');
  await expect(page.getByTestId('share-download')).toHaveText('下载文件');
  await screens(page, 'too-long-zh');
  await setLang(page, 'en');
  await page.getByTestId('share-button').click();
  await expect.poll(() => page.evaluate(() => location.hash.length)).toBeGreaterThan(16000);
  await page.waitForTimeout(500);
  // The reload's link cannot be read: the banner says so, and what was kept is offered.
  await page.reload();
  await waitReady(page);
  await expect(page.getByTestId('error-banner')).toContainText('longer than 16000 characters and was not read');
  await expect(offer(page)).toContainText('free play, step 5');
  await page.getByTestId('continue').click();
  await expect(page.getByTestId('lesson-select')).toHaveValue('free-play');
  await expect(memberCard(page, 'dee')).toBeVisible();
  await expectStep(page, 5);
  expect(errors).toEqual([]);
});

/** Fills local storage to the last byte. */
async function fillLocalStorage(page: Page) {
  await page.evaluate(() => {
    // What the page stored so far goes, so the next session it stores cannot fit.
    localStorage.removeItem('atp.session');
    let i = 0;
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 16, 1]) {
      const chunk = 'x'.repeat(size);
      for (;;) {
        try {
          localStorage.setItem(`fill-${i++}`, chunk);
        } catch {
          break;
        }
      }
    }
  });
}

for (const lang of ['en', 'zh'] as const) {
  test(`KEEP: storage that is full is said once and the page keeps working (${lang})`, async ({ page }) => {
    const errors = trackErrors(page);
    await page.goto(`/#lesson=l2-drain-loses-mail&lang=${lang}`);
    await waitReady(page);
    await fillLocalStorage(page);
    await scrubTo(page, 6);
    const notice = page.getByTestId('keep-notice');
    await expect(notice).toContainText(lang === 'en' ? 'storage for this page is full' : '存储空间已满');
    await screens(page, `full-${lang}`);
    await notice.getByRole('button').click();
    await scrubTo(page, 9);
    await page.waitForTimeout(600);
    await expect(notice).toHaveCount(0);
    await page.getByTestId('lesson-select').selectOption('l3-lock-scope');
    await expectStep(page, 0);
    await scrubTo(page, 3);
    expect(errors).toEqual([]);
  });

  test(`KEEP: a private window (storage that throws) is said once and the page keeps working (${lang})`, async ({ page }) => {
    const errors = trackErrors(page);
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      }
    });
    await page.goto(`/#lesson=l2-drain-loses-mail&step=4&lang=${lang}`);
    await waitReady(page);
    const notice = page.getByTestId('keep-notice');
    await expect(notice).toContainText(lang === 'en' ? 'does not let the page store anything' : '不允许本页面保存任何内容');
    await expect(notice).toHaveCount(1);
    await screens(page, `private-${lang}`);
    await notice.getByRole('button').click();
    // Nothing can be stored, so the checkpoints are on; switched off for this page, the scrubber
    // goes where it is dragged (a forward move would stop before a question, issue 46).
    await page.getByTestId('checkpoint-switch').uncheck();
    await scrubTo(page, 10);
    await page.getByTestId('lesson-select').selectOption('l3-lock-scope');
    await waitReady(page);
    await scrubTo(page, 2);
    await page.waitForTimeout(600);
    await expect(notice).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

/** The shared session as stored. */
const sharedSession = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('atp.session') ?? '{}'));

test('KEEP: a link with a different scenario in a new page keeps the old one aside, and the notice brings it back (both languages)', async ({ page, context }) => {
  await page.goto('/#lesson=free-play&lang=en');
  await waitReady(page);
  await commit(page, 'editor-task', 'Task of tab A.');
  await stored(page, 'Task of tab A.');
  const text = fs.readFileSync(path.join(fixtures, 'five-member-scenario.json'), 'utf8');
  const linkTask = JSON.parse(text).task;
  const b = await context.newPage();
  const errors = trackErrors(b);
  await b.route(`${HOST}/five.json`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: CORS, body: text }),
  );
  await b.goto(`/#lang=en&src=${encodeURIComponent(`${HOST}/five.json`)}`);
  await expect(b.getByTestId('lesson-select')).toHaveValue('free-play');
  await expect(memberCard(b, 'dee')).toBeVisible();
  const notice = b.getByTestId('keep-notice');
  await expect(notice).toContainText('was replaced by the one now in use');
  await expect(notice).not.toContainText('still shows');
  await expect.poll(async () => (await sharedSession(b)).previous?.scenario?.task).toBe('Task of tab A.');
  await expect.poll(async () => (await sharedSession(b)).scenario?.task).toBe(linkTask);
  await screens(b, 'bring-back-en');
  await setLang(b, 'zh');
  await expect(notice).toContainText('之前的场景另外保存着');
  await expect(b.getByTestId('keep-bring-back')).toHaveText('恢复之前的场景');
  await screens(b, 'bring-back-zh');
  await setLang(b, 'en');
  await b.getByTestId('keep-bring-back').click();
  await expect(notice).toHaveCount(0);
  await expect(b.getByTestId('lesson-select')).toHaveValue('free-play');
  await expect(b.getByTestId('editor-task')).toHaveValue('Task of tab A.');
  // Kept again, and the link's scenario goes aside in its turn: nothing is lost.
  await expect.poll(async () => (await sharedSession(b)).scenario?.task).toBe('Task of tab A.');
  await expect.poll(async () => (await sharedSession(b)).previous?.scenario?.task).toBe(linkTask);
  expect(errors).toEqual([]);
});

test("KEEP: back to free play's default scenario sticks on the next visit; the replaced one is kept aside", async ({ page }) => {
  const errors = trackErrors(page);
  await page.goto('/#lesson=free-play&lang=en');
  await waitReady(page);
  const defaultTask = await page.getByTestId('editor-task').inputValue();
  await commit(page, 'editor-task', 'Task to reset.');
  await stored(page, 'Task to reset.');
  await page.getByTestId('editor-reset').click();
  await expect(page.getByTestId('editor-task')).toHaveValue(defaultTask);
  await expect(page.getByTestId('keep-bring-back')).toBeVisible();
  await expect.poll(async () => (await sharedSession(page)).free_play_default).toBe(true);
  const session = await sharedSession(page);
  expect(session.scenario).toBeUndefined();
  expect(session.previous?.scenario?.task).toBe('Task to reset.');
  // The next visit: free play opens its default scenario, not the one reset.
  await freshVisit(page);
  await setLang(page, 'en');
  await page.getByTestId('lesson-select').selectOption('free-play');
  await expect(page.getByTestId('editor-task')).toHaveValue(defaultTask);
  expect(errors).toEqual([]);
});

test('KEEP: the share dialog says the too-long scenario is kept only when storing it worked', async ({ page }) => {
  const errors = trackErrors(page);
  await routeBig(page);
  await page.goto('/#lesson=l2-drain-loses-mail&lang=en');
  await waitReady(page);
  await fillLocalStorage(page);
  await page.goto('about:blank');
  await page.goto(`/#lang=en&src=${encodeURIComponent(`${HOST}/big.json`)}`);
  await expect(page.getByTestId('lesson-select')).toHaveValue('free-play');
  await expect(memberCard(page, 'dee')).toBeVisible();
  await expect(page.getByTestId('keep-notice')).toContainText('storage for this page is full');
  await page.getByTestId('share-button').click();
  await expect(page.getByTestId('share-unusable')).toContainText('too long to open');
  await expect(page.getByTestId('share-unusable')).not.toContainText('still kept');
  await setLang(page, 'zh');
  await expect(page.getByTestId('share-unusable')).toContainText('太长了');
  await expect(page.getByTestId('share-unusable')).not.toContainText('仍保存');
  expect(errors).toEqual([]);
});

test('LINKS: lang=fr on a lesson 2 link opens lesson 2 at its step with a note, in both languages', async ({ page }) => {
  const errors = trackErrors(page);
  await page.goto('/#lesson=l2-drain-loses-mail&step=7&lang=fr');
  await waitReady(page);
  await expect(page.getByTestId('lesson-select')).toHaveValue('l2-drain-loses-mail');
  await expectStep(page, 7);
  const banner = page.getByTestId('error-banner');
  await expect(banner).toContainText("language must be zh or en, not 'fr'");
  await expect(banner).toContainText('left out, the rest of the link opened');
  await screens(page, 'lang-fr-en');
  // In Chinese (the learner's remembered language), with a bad step beside it.
  await setLang(page, 'zh');
  await page.goto('about:blank');
  await page.goto('/#lesson=l2-drain-loses-mail&step=abc&lang=fr&level=event');
  await waitReady(page);
  await expect(page.getByTestId('lesson-select')).toHaveValue('l2-drain-loses-mail');
  await expectStep(page, 0);
  await expect(banner).toContainText('语言必须是 zh 或 en');
  await expect(banner).toContainText('步数不是整数');
  await expect(banner).toContainText('被略过');
  expect((await banner.textContent()) ?? '').toMatch(CJK);
  await screens(page, 'lang-fr-zh');
  expect(errors).toEqual([]);
});

test('LINKS: picking a lesson adds a history entry (Back returns to the lesson before); in a frame the address is only replaced', async ({ page }) => {
  const errors = trackErrors(page);
  await page.goto('/#lesson=l1-two-investigators&step=9&lang=en&level=event');
  await waitReady(page);
  await expectStep(page, 9);
  await page.getByTestId('lesson-select').selectOption('l2-drain-loses-mail');
  await expectStep(page, 0);
  await page.getByTestId('lesson-select').selectOption('l3-lock-scope');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('lesson=l3-lock-scope');
  await page.goBack();
  await expect(page.getByTestId('lesson-select')).toHaveValue('l2-drain-loses-mail');
  await page.goBack();
  await expect(page.getByTestId('lesson-select')).toHaveValue('l1-two-investigators');
  await expectStep(page, 9);
  await page.goForward();
  await expect(page.getByTestId('lesson-select')).toHaveValue('l2-drain-loses-mail');
  // Chinese page, the same (each entry is the link as it was: in Chinese).
  await setLang(page, 'zh');
  await page.getByTestId('lesson-select').selectOption('l4-coder-and-reviewer');
  await page.getByTestId('lesson-select').selectOption('l5-shutdown-handshake');
  await page.goBack();
  await expect(page.getByTestId('lesson-select')).toHaveValue('l4-coder-and-reviewer');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  // An embed: the picker (first tab) replaces the address, the history does not grow.
  await page.goto('about:blank');
  await page.goto('/#lesson=l1-two-investigators&lang=en&embed=1');
  await waitReady(page);
  const length = await page.evaluate(() => history.length);
  await page.getByTestId('lesson-select').selectOption('l2-drain-loses-mail');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('lesson=l2-drain-loses-mail');
  expect(await page.evaluate(() => history.length)).toBe(length);
  expect(errors).toEqual([]);
});
