// The host's code, live (issue 47): the Python host beside the run, the line behind each step
// highlighted (aria-current="step") and in view inside the pane, the watch of its variables at
// that step, line breakpoints, and the code the contrast modes change. Lesson 1 at steps 8 (m1
// stored), 20 (m1 taken into reader's candidate) and 61 (reader's request with m4 sent) on a
// laptop and a phone, in both languages.
import { test, expect, Page } from '@playwright/test';
import {
  golden, stepAfter, trackErrors, openLesson, scrubTo, setLang, readCounter, expectStep, shot,
} from './helpers';

const L1 = 'l1-two-investigators';
const L2 = 'l2-drain-loses-mail';
const g1 = golden(L1);

const pane = (page: Page) => page.getByTestId('code-pane');
const current = (page: Page) => pane(page).locator('[data-testid=code-line][aria-current="step"]');
const watch = (page: Page) => page.getByTestId('code-watch');
const watchVar = (page: Page, name: string) => watch(page).locator(`[data-testid=watch-var][data-name='${name}']`);

const LAPTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Opens the code where it is not open by default (a phone: the stage's code tab). */
async function openCode(page: Page, phone: boolean) {
  if (phone) {
    await page.getByTestId('code-tab').click();
    await expect(page.getByTestId('code-tab')).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(pane(page)).toBeVisible();
}

/** The highlighted line is inside the code box's visible part (and on screen). */
async function expectLineInView(page: Page) {
  await expect(current(page)).toHaveCount(1);
  await expect(current(page)).toBeInViewport();
  const inside = await current(page).evaluate((line) => {
    const box = line.closest('.code-box') as HTMLElement;
    const a = line.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  });
  expect(inside, 'the highlighted line is scrolled into view inside the pane').toBe(true);
}

const WORDS = {
  en: { notTaken: 'not taken in', inCandidate: 'in the candidate', notice: (m: string) => `notice of ${m}` },
  zh: { notTaken: '未接入', inCandidate: '在候选中', notice: (m: string) => `通知 ${m}` },
};

for (const [screen, size] of [['laptop', LAPTOP], ['phone', PHONE]] as const) {
  for (const lang of ['en', 'zh'] as const) {
    test('M1 M2 M4: lesson 1 shows the line and the values behind m1 stored, taken in and m4 sent (' + screen + ', ' + lang + ')', async ({ page }) => {
      const errors = trackErrors(page);
      await page.setViewportSize(size);
      await openLesson(page, L1);
      await setLang(page, lang);
      const w = WORDS[lang];
      const phone = screen === 'phone';
      await openCode(page, phone);
      await expect(current(page)).toHaveCount(0);

      // Step 8: m1 stored: the append in store_message; the inbox shows m1, not taken in.
      expect(stepAfter(g1, 'store', /queued message m1 -> reader/)).toBe(8);
      await scrubTo(page, 8);
      await expectLineInView(page);
      await expect(current(page)).toContainText('inbox[to].append(record)');
      await expect(page.getByTestId('code-where')).toContainText('store_message');
      const inbox = watchVar(page, 'inbox["reader"]');
      await expect(inbox).toHaveClass(/changed/);
      await expect(inbox.locator('li', { hasText: 'm1 lead' })).toContainText(w.notTaken);

      // Step 20: taken in: prepare_inbox returns reader's candidate with m1's notice.
      expect(stepAfter(g1, 'prepare', /^reader prepared a candidate: .*notifies m1/)).toBe(20);
      await scrubTo(page, 20);
      await expectLineInView(page);
      await expect(current(page)).toContainText('return candidate');
      await expect(inbox.locator('li', { hasText: 'm1 lead' })).toContainText(w.inCandidate);
      await expect(watchVar(page, 'candidate')).toContainText(w.notice('m1'));
      await expect(watchVar(page, 'candidate')).toHaveClass(/changed/);

      // Step 61: reader's request r9 is sent with reviewer's m4 in it.
      expect(stepAfter(g1, 'request', /^reader sent request r9/)).toBe(61);
      await scrubTo(page, 61);
      await expectLineInView(page);
      await expect(current(page)).toContainText('call_model(request)');
      const request = watchVar(page, 'request');
      await expect(request).toContainText('r9');
      await expect(request).toContainText(w.notice('m4'));
      await expect(request).toHaveClass(/changed/);

      // The pane scrolled itself; the page did not move. On the laptop the lanes and the
      // highlighted line are on screen together.
      if (!phone) {
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await expect(page.getByTestId('lane-request')).toBeInViewport();
      }
      await shot(page, { path: `/work/shots/code47/l1-step61-${screen}-${lang}.png` });
      if (phone) {
        // Closed again, the stage is as it was.
        await page.getByTestId('code-close').click();
        await expect(pane(page)).toBeHidden();
        await expect(page.getByTestId('code-tab')).toHaveAttribute('aria-expanded', 'false');
      }
      expect(errors).toEqual([]);
    });
  }
}

/** At every step from here to the lesson's end (the stage's own step button, as a learner taps
 * it): what of the stage rule the open code sheet breaks on a phone: the transport and the whole
 * caption inside the screen, the sheet starting at or below the caption's foot (so it covers
 * neither), the step button the topmost thing under its centre, and the highlighted line
 * inside the code box. Also the smallest code box seen and the rectangles at three steps. */
async function walkWithTheSheetOpen(page: Page) {
  return page.evaluate(async () => {
    const tick = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const counter = () => document.querySelector('[data-testid=step-counter]')?.textContent ?? '';
    const rect = (selector: string) => document.querySelector(selector)?.getBoundingClientRect() ?? null;
    const round = (r: DOMRect) => `${Math.round(r.top)}..${Math.round(r.bottom)}`;
    const problems: string[] = [];
    const rects: Record<string, string> = {};
    let steps = 0;
    let smallestBox = Infinity;
    for (let i = 0; i < 600; i++) {
      await tick();
      await tick();
      steps++;
      const at = counter();
      const h = window.innerHeight;
      const transport = rect('.stage .transport');
      const caption = rect('.stage .caption-bar');
      const sheet = rect('.code-pane.open');
      const box = rect('.code-pane.open .code-box');
      if (!transport || !caption || !sheet || !box) {
        problems.push(`${at}: transport ${!!transport}, caption ${!!caption}, open sheet ${!!sheet}, code box ${!!box}`);
      } else {
        if (transport.top < -0.5 || transport.bottom > h + 0.5) problems.push(`${at}: the transport at ${round(transport)}, outside 0..${h}`);
        if (caption.top < -0.5 || caption.bottom > h + 0.5 || caption.height < 1) problems.push(`${at}: the caption at ${round(caption)}, outside 0..${h}`);
        if (sheet.top < caption.bottom - 0.5) problems.push(`${at}: the sheet starts at ${Math.round(sheet.top)}, over the caption ending at ${Math.round(caption.bottom)}`);
        if (sheet.bottom > h + 0.5) problems.push(`${at}: the sheet ends at ${Math.round(sheet.bottom)}, below the screen's ${h}`);
        smallestBox = Math.min(smallestBox, box.height);
        const line = document.querySelector('.code-pane.open [data-testid=code-line][aria-current="step"]');
        if (line) {
          const l = line.getBoundingClientRect();
          if (l.top < box.top - 1 || l.bottom > box.bottom + 1) problems.push(`${at}: the highlighted line at ${round(l)}, outside the code box's ${round(box)}`);
        }
        const step = Number(at.match(/\d+/)?.[0] ?? -1);
        if ([8, 20, 61].includes(step)) rects[step] = `transport ${round(transport)}, caption ${round(caption)}, sheet ${round(sheet)}, code box ${round(box)}`;
      }
      const next = document.querySelector('[data-testid=step-forward]') as HTMLButtonElement;
      const b = next.getBoundingClientRect();
      const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      if (!top || !next.contains(top)) problems.push(`${at}: the step button is covered by ${top?.className}`);
      if (next.disabled) break;
      next.click();
      for (let k = 0; k < 100 && counter() === at; k++) await tick();
    }
    return { problems, steps, smallestBox: Math.round(smallestBox), rects };
  });
}

for (const lang of ['en', 'zh'] as const) {
  test('M2 M3: on a 390x844 phone the open code sheet leaves the transport and the whole caption in view at every step of lesson 1, the highlighted line in its box (' + lang + ')', async ({ page }) => {
    const errors = trackErrors(page);
    await page.setViewportSize(PHONE);
    await openLesson(page, L1);
    await setLang(page, lang);
    await openCode(page, true);
    const { problems, steps, smallestBox, rects } = await walkWithTheSheetOpen(page);
    console.log(`390x844 ${lang}: ${steps} steps, the smallest code box ${smallestBox} px; ${JSON.stringify(rects)}`);
    expect(problems).toEqual([]);
    expect(steps).toBe(g1.length + 1);
    // Three lines of code at least, at every step.
    expect(smallestBox).toBeGreaterThanOrEqual(60);
    expect(errors).toEqual([]);
  });
}

test('M3: a breakpoint on a line stops Run at the next event that line produces', async ({ page }) => {
  const errors = trackErrors(page);
  await page.setViewportSize(LAPTOP);
  await openLesson(page, L1);
  await page.getByTestId('speed').selectOption('4');
  // The commit line: reader's loop committing its candidate. Its number is its breakpoint.
  const commit = pane(page).locator('[data-testid=code-break][data-place="commit.history"]');
  await commit.click();
  await expect(commit).toHaveAttribute('aria-pressed', 'true');
  // The kind toggle "commit" is the same breakpoint: every commit line is set.
  await expect(page.locator('[data-testid=breakpoint-toggle][data-kind="commit"]')).toHaveAttribute('aria-pressed', 'true');
  const commits = g1.filter((e) => e.cat === 'commit');
  for (const expected of commits.slice(0, 2).map((e) => e.seq + 1)) {
    await page.getByTestId('run').click();
    await expectStep(page, expected);
    await expect(page.getByTestId('run')).toBeEnabled();
    await page.waitForTimeout(700);
    await expectStep(page, expected);
    await expect(current(page)).toContainText('m["history"] = candidate');
  }
  // Off again: Run goes on past the next commit.
  await commit.click();
  await expect(commit).toHaveAttribute('aria-pressed', 'false');
  expect((await readCounter(page)).step).toBe(commits[1].seq + 1);
  expect(errors).toEqual([]);
});

test('M6: lesson 2 with drain on shows the draining read and the line where the message is lost', async ({ page }) => {
  const errors = trackErrors(page);
  await page.setViewportSize(LAPTOP);
  await openLesson(page, L2);
  // Append-only at first: no line clears an inbox.
  await expect(pane(page)).toBeVisible();
  await expect(pane(page).locator('[data-testid=code-line]', { hasText: '.clear()' })).toHaveCount(0);
  await page.getByTestId('toggle-drain').click();
  await expect(page.getByTestId('toggle-drain')).toHaveAttribute('aria-checked', 'true');
  // Drain on: the loop clears the inbox after preparing, read_inbox reads and deletes.
  await expect(pane(page).locator('[data-testid=code-line]', { hasText: 'inbox[m["name"]].clear()' })).toHaveCount(2);
  const { last } = await readCounter(page);
  let drained = 0;
  let lost = 0;
  for (let step = 1; step <= last && !lost; step++) {
    await scrubTo(page, step);
    const text = (await current(page).textContent()) ?? '';
    if (text.includes('inbox[m["name"]].clear()')) drained = step;
    if (drained && text.includes('the drained records are lost')) lost = step;
  }
  expect(drained, 'a step highlights the draining read').toBeGreaterThan(0);
  expect(lost, 'a later step highlights the discard that loses it').toBeGreaterThan(drained);
  await expect(page.getByTestId('lane-lost').getByTestId('message-chip')).not.toHaveCount(0);
  await shot(page, { path: '/work/shots/code47/l2-drain-lost-laptop-en.png' });
  expect(errors).toEqual([]);
});

test('UI: hide=code leaves the code out of an embed; without it the code is a tab', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 640 });
  await page.goto(`/#lesson=${L1}&step=8&lang=en&embed=1`);
  await expect(page.locator('#embed-tab-code')).toBeVisible();
  await page.locator('#embed-tab-code').click();
  await expect(pane(page)).toBeVisible();
  await expect(current(page)).toContainText('inbox[to].append(record)');
  // A new page load: an embed reads its flags once, as it opens.
  await page.goto('about:blank');
  await page.goto(`/#lesson=${L1}&step=8&lang=en&embed=1&hide=code`);
  await expect(page.getByTestId('embed-tabs')).toBeVisible();
  await expect(page.locator('#embed-tab-code')).toBeHidden();
  await expect(pane(page)).toHaveCount(0);
});

test('LOAD: en: the host\'s text that cannot arrive shows the code\'s failure box; its retry brings the pane with the line', async ({ page }) => {
  // The pane's module fetches its two files itself: a failed fetch is the same box and retry
  // as a module that could not arrive.
  let block = true;
  await page.route(/host-code\.txt/, (route) => (block ? route.abort('internetdisconnected') : route.continue()));
  await page.setViewportSize(LAPTOP);
  await page.goto(`/#lesson=${L1}&step=8&lang=en`);
  await expect(page.getByTestId('code-failed')).toBeVisible();
  await expect(pane(page)).toHaveCount(0);
  block = false;
  await page.getByTestId('code-retry').click();
  await expect(pane(page)).toBeVisible();
  await expect(current(page)).toContainText('inbox[to].append(record)');
  await expect(page.getByTestId('code-failed')).toHaveCount(0);
});

const AXE = require('path').resolve(__dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js');

/** axe-core's violations on the whole page, one readable line each. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return result.violations.map((v: any) => `${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n: any) => n.target.join(' ')).join(' | ')}`);
  });
}

for (const scheme of ['light', 'dark'] as const) {
  for (const lang of ['en', 'zh'] as const) {
    test.describe(`UI: the code pane, ${scheme}, ${lang}`, () => {
      test.use({ colorScheme: scheme });
      test(`UI: axe finds nothing with the code pane open and a breakpoint set; the pane is reached and scrolled by keyboard, its line announced (${scheme}, ${lang})`, async ({ page }) => {
        const errors = trackErrors(page);
        for (const [screen, size] of [['laptop', LAPTOP], ['phone', PHONE]] as const) {
          await page.setViewportSize(size);
          await page.goto('about:blank');
          await page.goto(`/#lesson=${L1}&step=61&lang=${lang}`);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          await expectStep(page, 61);
          await openCode(page, screen === 'phone');
          await expectLineInView(page);
          // The highlighted line's number and place are said in words (a polite live region).
          const where = page.getByTestId('code-where');
          await expect(where).toHaveAttribute('aria-live', 'polite');
          await expect(where).toContainText(lang === 'zh' ? '第 ' : 'Line ');
          await pane(page).locator('[data-testid=code-break][data-place="store.append"]').click();
          expect(await axeViolations(page), `${screen} ${lang} ${scheme}`).toEqual([]);
          // Keyboard: the code box takes focus and scrolls with the arrows; the step stays.
          const box = pane(page).locator('.code-box');
          await box.focus();
          await expect(box).toBeFocused();
          const before = await box.evaluate((el) => el.scrollTop);
          await page.keyboard.press('PageDown');
          await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBeGreaterThan(before);
          await expectStep(page, 61);
        }
        expect(errors).toEqual([]);
      });
    });
  }
}
