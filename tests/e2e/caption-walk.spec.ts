// The caption-fact walk (issue 15): every step of every lesson and of free play, in English and
// Chinese. Each fact a caption states is a span with data-fact="kind:subject=value", rendered
// from the state at that step; the walk holds each one against what the rest of the page shows
// at the same step (the member cards, the message chips, the protocol tracker, the result panel). A caption that
// quotes a long result is cut at a word, says so, and the result panel has the whole text.
import { test, expect, Page } from '@playwright/test';
import {
  LESSON_IDS, Lang, trackErrors, openLesson, setLang, focusPlayground, expectStep, readCounter,
  scrubTo, golden, stepAfter, selectMember, caption, screenshots,
  shot,
} from './helpers';

/** The facts of the caption on screen that the rest of the DOM contradicts, and why. */
async function contradictions(page: Page): Promise<{ facts: number; wrong: string[] }> {
  return page.evaluate(() => {
    const wrong: string[] = [];
    const spans = Array.from(document.querySelectorAll('[data-testid=caption] [data-fact]'));
    const card = (m: string) => document.querySelector(`[data-testid=member-card][data-member="${CSS.escape(m)}"]`);
    for (const span of spans) {
      const fact = span.getAttribute('data-fact') ?? '';
      const eq = fact.indexOf('=');
      const [kind, subject] = fact.slice(0, eq).split(':');
      const value = fact.slice(eq + 1);
      let shown: string | null;
      if (kind === 'pos') {
        const chip = document.querySelector(`[data-testid=message-chip][data-message-id="${CSS.escape(subject)}"]`);
        shown = chip ? chip.getAttribute('data-position') : 'none';
      } else if (kind === 'protocol') {
        const row = document.querySelector(`[data-testid=protocol-row][data-request-id="${CSS.escape(subject)}"]`);
        shown = row ? row.getAttribute('data-status') : 'none';
      } else if (kind === 'answer') {
        const answer = document.querySelector(`[data-testid=result-answer][data-member="${CSS.escape(subject)}"] .result-text`);
        shown = answer ? answer.textContent : 'none';
      } else {
        const c = card(subject);
        const attr = { busy: 'data-busy', status: 'data-status', inbox: 'data-inbox', deliveries: 'data-deliveries' }[kind];
        if (!attr) { wrong.push(`unknown fact kind ${fact}`); continue; }
        shown = c ? c.getAttribute(attr) : 'none';
      }
      if (shown !== value) wrong.push(`${fact} but the page shows ${JSON.stringify(shown)}`);
    }
    // A cut quote says where the whole text is, and the result panel has it.
    const text = document.querySelector('[data-testid=caption]')?.textContent ?? '';
    if (/[A-Za-z]\.\.\.(\s|$)/.test(text)) wrong.push(`a word cut with "...": ${text}`);
    if (text.includes('…') && !/(full text in the result panel|全文见结果面板)/.test(text)) wrong.push(`a cut without a pointer: ${text}`);
    if (text.includes('…') && !document.querySelector('[data-testid=result-step] .result-text')) wrong.push('a cut quote, no whole text in the result panel');
    return { facts: spans.length, wrong };
  });
}

/** Walks one lesson from step 0 to its last step with the ArrowRight key, checking each step. */
async function walk(page: Page, id: string, lang: Lang): Promise<number> {
  await openLesson(page, id);
  await setLang(page, lang);
  // The protocol tracker is one of the side panel's later parts (a second module, mounted a
  // part per task): the walk holds protocol facts against it, so it waits for it to be drawn.
  // On a loaded machine the walk's first protocol fact (lesson 5 step 28) came before it.
  await expect(page.getByTestId('protocol-tracker')).toBeAttached();
  const { last } = await readCounter(page);
  let facts = 0;
  await focusPlayground(page);
  for (let step = 0; step <= last; step++) {
    if (step > 0) await page.keyboard.press('ArrowRight');
    await expectStep(page, step);
    const seen = await contradictions(page);
    expect(seen.wrong, `${id} ${lang} step ${step}`).toEqual([]);
    facts += seen.facts;
  }
  return facts;
}

const WALKED = [...LESSON_IDS, 'free-play'];

for (const id of WALKED) {
  test(`PATH: ${id}: every caption fact agrees with the cards, chips and results at every step, in both languages`, async ({ page }) => {
    test.setTimeout(300_000);
    const errors = trackErrors(page);
    const facts = { en: await walk(page, id, 'en'), zh: await walk(page, id, 'zh') };
    // Both languages state the same facts, step by step summed.
    expect(facts.zh).toBe(facts.en);
    expect(errors).toEqual([]);
  });
}

test('PATH: the walk checks facts: lessons 1 and 8 state some at known steps', async ({ page }) => {
  const g = golden('l1-two-investigators');
  await openLesson(page, 'l1-two-investigators');
  const committed = stepAfter(g, 'commit', /^reader committed 1 entry \(notifies m4\)/);
  await scrubTo(page, committed);
  await expect(caption(page).locator('[data-fact="pos:m4=committed"]')).toHaveText('in history, not yet sent');
  // M2: one name for it on the chip, the lane and the member detail.
  const chip = page.getByTestId('lane-candidate').locator('[data-message-id="m4"]');
  await expect(chip).toContainText('in history, not yet sent');
  await expect(page.getByTestId('lane-candidate').locator('h3')).toContainText('In candidate or history');
  await selectMember(page, 'reader');
  await expect(page.getByTestId('detail-candidate')).toContainText('No candidate is being prepared');
  await expect(page.getByTestId('detail-in-history')).toContainText('In history, not yet sent: m4');

  // Lesson 8: the host sends m3 on the offline lead's behalf, and says so.
  const g8 = golden('l8-restart-and-recall');
  await openLesson(page, 'l8-restart-and-recall');
  await scrubTo(page, stepAfter(g8, 'store', /^lead queued message m3/));
  await expect(caption(page)).toContainText("on lead's behalf");
  await expect(page.locator('.caption-kind')).toContainText('host for lead');
  await expect(caption(page).locator('[data-fact="status:lead=offline"]')).toHaveCount(1);
  await expect(page.locator('[data-testid=member-card][data-member=lead]')).toHaveAttribute('data-status', 'offline');
});

test('PATH: results live on the main screen; a long quote is cut at a word with the whole text beside it', async ({ page }) => {
  const g4 = golden('l4-coder-and-reviewer');
  await openLesson(page, 'l4-coder-and-reviewer');
  const inbox = stepAfter(g4, 'other', /^lead read_inbox/);
  await scrubTo(page, inbox);
  await expect(caption(page)).toContainText('… (full text in the result panel)');
  await expect(caption(page)).not.toContainText('Re…');
  const whole = page.getByTestId('result-panel').getByTestId('result-step').locator('.result-text');
  await expect(whole).toContainText('m4 message from bob');
  await page.getByTestId('step-last').click();
  await expect(page.getByTestId('result-panel').locator('[data-testid=result-answer][data-member=lead]')).toBeVisible();
});

test('PATH: after a fork, captions state the branch and mark the original story', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, 'l1-two-investigators');
  const fork = page.getByTestId('fork');
  await fork.getByTestId('fork-kind').selectOption('reply');
  await fork.getByTestId('fork-member').selectOption('reader');
  // Request 4 of reader (numbers count from 1): its stored index 3.
  await fork.getByTestId('fork-request-index').fill('4');
  await fork.getByTestId('fork-text').fill('Nothing to add.');
  await fork.getByTestId('fork-apply').click();
  await expect(fork.getByTestId('fork-error')).toHaveCount(0);
  // Walk the branch: every fact still agrees with the page.
  const { last } = await readCounter(page);
  await focusPlayground(page);
  await page.keyboard.press('Home');
  let marked = 0;
  for (let step = 0; step <= last; step++) {
    if (step > 0) await page.keyboard.press('ArrowRight');
    await expectStep(page, step);
    expect((await contradictions(page)).wrong, `fork step ${step}`).toEqual([]);
    marked += await caption(page).getByTestId('original-run').count();
    if ((await caption(page).textContent())?.includes('takes in what waited')) {
      await expect(caption(page).locator('[data-fact="inbox:lead=1"]')).toHaveCount(1);
      await expect(caption(page).locator('[data-fact="pos:m5=none"]')).toHaveCount(1);
      await screenshots(page, 'caption-fork-lead-prepares-en');
    }
  }
  expect(marked).toBeGreaterThan(0);
  // The lead's scripted summary (it cites 42, never received here) is the original's words.
  await expect(page.locator('[data-testid=result-answer][data-member=lead]')).toHaveAttribute('data-original', 'true');
  await screenshots(page, 'caption-fork-last-en');
  expect(errors).toEqual([]);
});

// Screenshots of the steps whose captions changed, in both languages (target/e2e/caption-*.png).
const SHOTS: [string, string, RegExp | null, number?][] = [
  ['l1-two-investigators', 'start', null],
  ['l1-two-investigators', 'lifecycle', /^reader finished the round/],
  ['l1-two-investigators', 'commit', /^reader committed 1 entry \(notifies m4\)/],
  ['l1-two-investigators', 'prepare', /^lead prepared a candidate: history 5/],
  ['l4-coder-and-reviewer', 'other', /^lead read_inbox/],
  ['l4-coder-and-reviewer', 'other', /^lead list_teammates/, 1],
  ['l8-restart-and-recall', 'store', /^lead queued message m3/],
];

test('PATH: screenshots of the changed caption steps in English and Chinese', async ({ page }) => {
  test.setTimeout(180_000);
  for (const [id, cat, re, nth] of SHOTS) {
    await openLesson(page, id);
    const step = re ? stepAfter(golden(id), cat, re, nth ?? 0) : 0;
    for (const lang of ['en', 'zh'] as const) {
      await setLang(page, lang);
      if (step > 0) await scrubTo(page, step);
      if (id.startsWith('l1') && cat === 'commit') await selectMember(page, 'reader');
      await shot(page, { path: `target/e2e/caption-${id.slice(0, 2)}-step${step}-${lang}.png`, fullPage: false });
    }
  }
});
