// Shared helpers of the lesson, XSS and perf specs. The golden transcripts (tests/golden/*.txt,
// checked by the native lesson tests) say which event happens at which index, so a spec can
// go to "the step right after reviewer queues m4" without hard-coding numbers; every assertion
// is then made on the DOM through the data-testid contract of issue 4.
import { test, expect, Page, Locator } from '@playwright/test';
import * as fs from 'fs';
import * as path from 'path';

export const LESSON_IDS = [
  'l1-two-investigators',
  'l2-drain-loses-mail',
  'l3-lock-scope',
  'l4-coder-and-reviewer',
  'l5-shutdown-handshake',
  'l6-plan-approval',
  'l7-limits-and-budgets',
  'l8-restart-and-recall',
] as const;

export type Lang = 'en' | 'zh';
export const CJK = /[\u3400-\u9fff]/;

// ---------------------------------------------------------------- golden transcripts

export interface GoldenEvent {
  /** Event index; the step that shows it is seq + 1. */
  seq: number;
  t: number;
  /** Category as the transport names it (store, prepare, commit, ...). */
  cat: string;
  text: string;
}

export function golden(id: string): GoldenEvent[] {
  const file = path.resolve(__dirname, '..', 'golden', `${id}.txt`);
  const events: GoldenEvent[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^#(\d+)\s+t=(\d+)\s+\[(\w+)\]\s(.*)$/.exec(line);
    if (m) events.push({ seq: Number(m[1]), t: Number(m[2]), cat: m[3], text: m[4] });
  }
  if (events.length === 0) throw new Error(`golden ${id}: no events parsed`);
  return events;
}

/** The step right after the `nth` event of category `cat` whose text matches `re`. */
export function stepAfter(events: GoldenEvent[], cat: string, re: RegExp, nth = 0): number {
  const hits = events.filter((e) => e.cat === cat && re.test(e.text));
  if (hits.length <= nth) throw new Error(`no event #${nth} [${cat}] ${re}`);
  return hits[nth].seq + 1;
}

// ---------------------------------------------------------------- page and transport

/** Collects uncaught page errors and console errors; assert it is empty at the end. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return errors;
}

export const counter = (page: Page) => page.getByTestId('step-counter');
export const caption = (page: Page) => page.getByTestId('caption');

/** Parses "step N / M" (en) or "第 N / M 步" (zh). */
export async function readCounter(page: Page): Promise<{ step: number; last: number }> {
  const text = (await counter(page).textContent()) ?? '';
  const m = /(\d+)\s*\/\s*(\d+)/.exec(text);
  if (!m) throw new Error(`step counter unreadable: '${text}'`);
  return { step: Number(m[1]), last: Number(m[2]) };
}

export async function expectStep(page: Page, step: number) {
  await expect(counter(page)).toHaveText(new RegExp(`(^|\\D)${step} / \\d+`));
}

/** Waits for the playground to be live: the static first view (index.html) gone, a member
 * card and a non-empty caption. */
export async function waitReady(page: Page) {
  await expect(page.locator('#first-view')).toHaveCount(0);
  await expect(page.getByTestId('member-card').first()).toBeVisible();
  await expect(caption(page)).not.toBeEmpty();
}

/** Opens the page, then picks `id` in the lesson picker; ends at step 0 of that lesson. */
export async function openLesson(page: Page, id: string) {
  await page.goto('/');
  await waitReady(page);
  await page.getByTestId('lesson-select').selectOption(id);
  await expect(page.getByTestId('lesson-select')).toHaveValue(id);
  await expectStep(page, 0);
  await waitReady(page);
  // The page opens at the story level; the specs built on the golden transcripts step one
  // event per click or key, as the every-event level does (tests/e2e/story.spec.ts walks the
  // story level).
  await chooseLevel(page, 'event');
}

export type Level = 'key' | 'story' | 'event';

/** Chooses the level one step goes by (the transport's radio group). */
export async function chooseLevel(page: Page, level: Level) {
  await page.getByTestId(`level-${level}`).check();
  await expect(page.getByTestId(`level-${level}`)).toBeChecked();
}

/** Moves the scrubber to `step` (as a learner dragging it does: an input event). */
export async function scrubTo(page: Page, step: number) {
  await page.getByTestId('scrubber').evaluate((el, value) => {
    const input = el as HTMLInputElement;
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, step);
  await expectStep(page, step);
}

/** Selects a member card, which shows that member in the detail panel. */
export async function selectMember(page: Page, name: string) {
  await memberCard(page, name).click();
  await expect(page.getByTestId('member-detail').locator(`.detail-meta[data-member="${name}"]`)).toBeVisible();
}

export const memberCard = (page: Page, name: string) =>
  page.locator(`[data-testid=member-card][data-member="${name}"]`);

export const chip = (page: Page, id: string) =>
  page.locator(`[data-testid=message-chip][data-message-id="${id}"]`);

/** The lane (data-testid) a message chip is rendered in, or null if there is no chip. */
export async function laneOf(page: Page, id: string): Promise<string | null> {
  const c = chip(page, id);
  if ((await c.count()) === 0) return null;
  return c.evaluate((el) => el.closest('[data-testid^="lane-"]')?.getAttribute('data-testid') ?? null);
}

/** The message's front chip (the lane of its furthest place) is in `lane`. */
export async function expectChipIn(page: Page, id: string, lane: string, position?: string) {
  const c = page.getByTestId(lane).locator(`[data-testid=message-chip][data-message-id="${id}"]`);
  await expect(c).toHaveCount(1);
  if (position) await expect(c).toHaveAttribute('data-position', position);
  // A message has exactly one front chip; the places that keep it (the inbox's record after a
  // copy was taken in, the history's entry after it was sent) show `message-kept` chips.
  await expect(chip(page, id)).toHaveCount(1);
}

/** Every chip of a message, front and kept, in any lane. */
export const chipsOf = (page: Page, id: string) =>
  page.locator(`[data-testid=message-chip][data-message-id="${id}"], [data-testid=message-kept][data-message-id="${id}"]`);

/** The lanes (data-testid) that show message `id`, in page order. */
export async function lanesOf(page: Page, id: string): Promise<string[]> {
  return chipsOf(page, id).evaluateAll((chips) =>
    chips.map((c) => c.closest('[data-testid^="lane-"]')?.getAttribute('data-testid') ?? ''),
  );
}

/** Statuses of all member cards, by name. */
export async function statuses(page: Page): Promise<Record<string, string>> {
  return page.getByTestId('member-card').evaluateAll((cards) =>
    Object.fromEntries(cards.map((c) => [c.getAttribute('data-member'), c.getAttribute('data-status')])),
  );
}

/** The request view of the selected member (its latest request unless another was picked). */
export const requestView = (page: Page) => page.getByTestId('request-view');

/** Clicks the request-pick button of `requestId` in the detail panel. */
export async function pickRequest(page: Page, requestId: string) {
  await page.locator(`.request-pick[data-request-id="${requestId}"]`).click();
  await expect(requestView(page)).toHaveAttribute('data-request-id', requestId);
}

/** Reply tool calls of every request the selected member sent so far ("name(args)" strings). */
export async function allReplyCalls(page: Page): Promise<string[]> {
  const ids = await page.locator('.request-pick').evaluateAll((els) => els.map((e) => e.getAttribute('data-request-id')!));
  const calls: string[] = [];
  for (const id of ids) {
    await pickRequest(page, id);
    calls.push(...(await requestView(page).locator('.reply-calls code').allTextContents()));
  }
  return calls;
}

export type Mode = 'button' | 'keys' | 'scrubber';

/**
 * Plays from the current step to the last one, one step at a time, with the forward button,
 * the ArrowRight key (focus in the playground) or the scrubber. Checks at every step that the
 * counter advanced by one and the caption is non-empty and in `lang`; returns the captions.
 */
export async function playToEnd(page: Page, mode: Mode, lang: Lang): Promise<string[]> {
  const { step: start, last } = await readCounter(page);
  const captions: string[] = [];
  if (mode === 'keys') await focusPlayground(page);
  for (let step = start + 1; step <= last; step++) {
    if (mode === 'button') await page.getByTestId('step-forward').click();
    else if (mode === 'keys') await page.keyboard.press('ArrowRight');
    else await scrubTo(page, step);
    await expectStep(page, step);
    const text = ((await caption(page).textContent()) ?? '').trim();
    expect(text, `caption at step ${step}`).not.toBe('');
    if (lang === 'zh') expect(text, `zh caption at step ${step}`).toMatch(CJK);
    else expect(text, `en caption at step ${step}`).not.toMatch(CJK);
    captions.push(text);
  }
  await expect(page.getByTestId('step-forward')).toBeDisabled();
  await expect(page.getByTestId('step-last')).toBeDisabled();
  return captions;
}

/** Puts keyboard focus inside the playground without pressing any control. */
export async function focusPlayground(page: Page) {
  await page.locator('.app').focus();
}

/** Switches the interface language with the toggle and waits for the counter to follow. */
export async function setLang(page: Page, lang: Lang) {
  const toggle = page.getByTestId('lang-toggle');
  const current = (await page.locator('html').getAttribute('lang')) === 'zh' ? 'zh' : 'en';
  if (current !== lang) await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(counter(page)).toHaveText(lang === 'zh' ? /^第 \d+ \/ \d+ 步$/ : /^step \d+ \/ \d+$/);
}

/**
 * Writes a screenshot for a person to look at (never compared). `E2E_SHOTS=0` skips them: the
 * README test command sets it, since nobody opens CI's PNGs and they cost about a minute.
 */
export async function shot(target: Page | Locator, options: { path: string; fullPage?: boolean }) {
  if (process.env.E2E_SHOTS === '0') return;
  await target.screenshot(options);
}

/**
 * Screenshots of the current step: light and dark, 1280 px and 390 px wide, full page, into
 * target/e2e/<name>-<scheme>-<width>.png. Restores 1280 px light afterwards.
 */
export async function screenshots(page: Page, name: string) {
  const shots = process.env.E2E_SHOTS !== '0';
  for (const colorScheme of shots ? (['light', 'dark'] as const) : []) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, { path: `target/e2e/${name}-${colorScheme}-${width}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** No horizontal scrolling at the current viewport (the stacked layout must fit 390 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  // Soft: report the layout bug but keep playing the lesson, so one bug does not hide others.
  expect.soft(overflow, `page wider than the ${await page.evaluate(() => innerWidth)} px viewport`).toBeLessThanOrEqual(1);
}

export async function expectNoErrorBanner(page: Page) {
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
}

/**
 * The standard "plays to its end in both languages" check: English with the forward button,
 * screenshots; Chinese (via the toggle) from Home with the ArrowRight key, screenshots.
 * Returns the captions of both passes.
 */
export async function playBothLanguages(page: Page, id: string): Promise<{ en: string[]; zh: string[] }> {
  await setLang(page, 'en');
  await page.getByTestId('step-first').isEnabled().then(async (on) => { if (on) await page.getByTestId('step-first').click(); });
  await expectStep(page, 0);
  const en = await playToEnd(page, 'button', 'en');
  await expectNoErrorBanner(page);
  await screenshots(page, `${id}-en-last`);
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  await setLang(page, 'zh');
  await focusPlayground(page);
  await page.keyboard.press('Home');
  await expectStep(page, 0);
  const zh = await playToEnd(page, 'keys', 'zh');
  await expectNoErrorBanner(page);
  await screenshots(page, `${id}-zh-last`);
  return { en, zh };
}

export function locatorText(l: Locator) {
  return l.evaluate((el) => (el as HTMLElement).innerText);
}

/**
 * Registers the standard test "<label>: plays to the end in English and Chinese": every step has
 * a caption in both passes (one per event of the golden transcript), and nothing errs.
 */
export function testPlaysToEndInBothLanguages(label: string, id: string, timeoutMs = 60_000) {
  test(`${label}: plays to the end in English and Chinese`, async ({ page }) => {
    test.setTimeout(timeoutMs);
    const errors = trackErrors(page);
    await openLesson(page, id);
    const { en, zh } = await playBothLanguages(page, id);
    const events = golden(id);
    expect(en.length).toBe(events.length);
    expect(zh.length).toBe(events.length);
    expect(errors).toEqual([]);
  });
}

/**
 * The reason of the refusal at the current step, as the diagram's refusal mark states it (its
 * title, in the learner's language: "Refused (<who>): <reason>" or "拒绝（<who>）：<code>。原因：<reason>").
 */
export const currentRefusal = (page: Page) =>
  page.getByTestId('sequence-diagram').locator('.seq-refusal.current title');

/** The tool names of the selected member's shown request, in order. */
export const offeredTools = (page: Page) => requestView(page).locator('.request-tools code').allTextContents();

// ---------------------------------------------------------------- the loopback model server

/**
 * This worker's loopback model server, or undefined when none runs (the tests that need one
 * skip). A server keeps one request log and one count per injected fault, which a test resets
 * and reads, so parallel workers must not share one: scripts/test.sh starts one per worker and
 * lists them in MODEL_SERVER_URLS (MODEL_SERVER_URL alone serves a single worker).
 */
export function modelServer(): string | undefined {
  const urls = (process.env.MODEL_SERVER_URLS ?? process.env.MODEL_SERVER_URL ?? '').split(',').filter((u) => u !== '');
  if (urls.length === 0) return undefined;
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  if (worker >= urls.length) {
    throw new Error(`worker ${worker} has no model server of its own: MODEL_SERVER_URLS lists ${urls.length}; start one per worker (scripts/model-server.sh start PORT COUNT) or set E2E_WORKERS=1`);
  }
  return urls[worker];
}

/** Something the stage rule wants in view at a step: `selector` found, `what` in messages. */
export interface Wanted { what: string; selector: string; topOnly?: boolean }

/**
 * What is out of place at `step` (empty when the stage is whole), once the counter shows it:
 * the caption bar whole and not scrolling inside, each of `wanted` whole in the viewport (or,
 * with `topOnly`, its top in it), the page not scrolled. With `unclipped`, a whole element must
 * also not be cut by a box around it that scrolls or hides its overflow.
 */
export async function stageProblems(page: Page, step: number, wanted: Wanted[], unclipped: boolean): Promise<string[]> {
  return page.evaluate(async ({ step, wanted, unclipped }) => {
    const counter = () => document.querySelector('[data-testid=step-counter]')?.textContent ?? '';
    const shows = () => new RegExp(`(^|\\D)${step} / \\d+`).test(counter());
    for (let i = 0; i < 200 && !shows(); i++) await new Promise((r) => requestAnimationFrame(() => r(null)));
    if (!shows()) return [`counter shows '${counter()}', not step ${step}`];
    const problems: string[] = [];
    const [w, h] = [innerWidth, innerHeight];
    const inView = ({ what, selector, topOnly }: { what: string; selector: string; topOnly?: boolean }) => {
      const el = document.querySelector(selector);
      if (!el) return problems.push(`${what}: missing`);
      const r = el.getBoundingClientRect();
      const ok = topOnly
        ? r.top >= -0.5 && r.top < h && r.height > 0
        : r.top >= -0.5 && r.left >= -0.5 && r.bottom <= h + 0.5 && r.right <= w + 0.5 && r.height > 0;
      if (!ok) problems.push(`${what} at top ${Math.round(r.top)} bottom ${Math.round(r.bottom)} (viewport ${w}x${h})`);
      if (unclipped && !topOnly) {
        for (let p = el.parentElement; p; p = p.parentElement) {
          if (getComputedStyle(p).overflowY === 'visible') continue;
          const b = p.getBoundingClientRect();
          if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) problems.push(`${what} clipped by .${p.className}`);
        }
      }
    };
    inView({ what: 'caption bar', selector: '.caption-bar' });
    const bar = document.querySelector('.caption-bar');
    if (bar && bar.scrollHeight > bar.clientHeight + 1) problems.push(`caption box scrolls: ${bar.scrollHeight} > ${bar.clientHeight}`);
    inView({ what: 'forward button', selector: '[data-testid=step-forward]' });
    inView({ what: 'step counter', selector: '[data-testid=step-counter]' });
    wanted.forEach(inView);
    if (scrollY !== 0) problems.push(`page scrolled to ${scrollY}`);
    return problems;
  }, { step, wanted, unclipped });
}
