// A learner's path through a lesson (issue 15): a reload keeps the lesson, the branches and the
// step; key steps first (marks, next/previous, keys); the transport stays in place and in reach
// (a phone included); protocol chips show their request id and open their body and journey;
// the kind line names the event and explains logical time; budgets are stated; repeated
// identical tool calls collapse.
import { test, expect, Page } from '@playwright/test';
import {
  golden, stepAfter, trackErrors, openLesson, scrubTo, readCounter, caption, waitReady, chip,
  memberCard, selectMember, expectStep, statuses, focusPlayground, setLang, LESSON_IDS,
  shot,
} from './helpers';

/** The key steps the scrubber marks, in order. */
async function keyMarks(page: Page): Promise<number[]> {
  return page.getByTestId('key-mark').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-step'))));
}

/** Reloads the page once the session was stored (it is written when the page is idle). */
async function reloadKept(page: Page) {
  await page.waitForTimeout(500);
  await page.reload();
  await waitReady(page);
}

test('PATH: a reload keeps the lesson, the step count, the step and the branches', async ({ page }) => {
  const errors = trackErrors(page);
  const cases: [string, number[]][] = [
    ['l1-two-investigators', [0, 37, golden('l1-two-investigators').length]],
    ['l4-coder-and-reviewer', [12, 60]],
    ['l7-limits-and-budgets', [100]],
  ];
  for (const [id, steps] of cases) {
    await openLesson(page, id);
    const { last } = await readCounter(page);
    expect(last).toBe(golden(id).length);
    for (const step of steps) {
      await scrubTo(page, step);
      const text = await caption(page).textContent();
      await reloadKept(page);
      await expect(page.getByTestId('lesson-select')).toHaveValue(id);
      expect(await readCounter(page), `${id} at step ${step}`).toEqual({ step, last });
      await expect(caption(page)).toHaveText(text ?? '');
      await expect(page.getByTestId('restart-banner')).toHaveCount(0);
    }
  }

  // A branch made before the reload is still there, and so is the original to switch back to.
  const id = 'l1-two-investigators';
  await openLesson(page, id);
  await scrubTo(page, 20);
  await page.getByTestId('restart-host').click();
  const forked = await readCounter(page);
  // The restart is a branch of its own: every member offline, the story after it changed.
  expect(forked.last).not.toBe(golden(id).length);
  expect(forked.step).toBeGreaterThan(20);
  expect(Object.values(await statuses(page))).toEqual(['offline', 'offline', 'offline']);
  await expect(page.getByTestId('restart-banner')).toBeVisible();
  await reloadKept(page);
  expect(await readCounter(page)).toEqual(forked);
  await expect(page.getByTestId('restart-banner')).toBeVisible();
  await expect(page.locator('[data-testid=fork-branch]')).toHaveCount(2);
  await expect(page.locator('[data-testid=fork-branch][data-current="true"]')).toContainText('host restarted');
  await page.getByTestId('fork-branch-switch').click();
  expect((await readCounter(page)).last).toBe(golden(id).length);
  expect(errors).toEqual([]);
});

test('PATH: key-step navigation visits exactly the lesson\'s key steps', async ({ page }) => {
  const errors = trackErrors(page);
  for (const id of LESSON_IDS) {
    await openLesson(page, id);
    const marks = await keyMarks(page);
    expect(marks.length, `${id} marks its key steps`).toBeGreaterThanOrEqual(4);
    const { last } = await readCounter(page);
    expect(marks.every((s) => s >= 1 && s <= last)).toBe(true);
    await expect(page.getByTestId('key-back')).toBeDisabled();

    const visited: number[] = [];
    while (await page.getByTestId('key-forward').isEnabled()) {
      await page.getByTestId('key-forward').click();
      const { step } = await readCounter(page);
      visited.push(step);
      await expect(page.getByTestId('key-step-label')).toContainText(`${visited.length}`);
    }
    expect(visited, id).toEqual(marks);

    // Backwards with the [ key, from the last step.
    await focusPlayground(page);
    await page.keyboard.press('End');
    const back: number[] = [];
    while (await page.getByTestId('key-back').isEnabled()) {
      await page.keyboard.press('[');
      back.push((await readCounter(page)).step);
    }
    expect(back.reverse(), id).toEqual(marks.filter((s) => s < last));
    await expect(page.getByTestId('key-back')).toBeDisabled();
    await page.keyboard.press(']');
    await expectStep(page, marks[1]);
  }
  // The marks are the moments the lessons teach (the golden transcripts say where they are).
  await openLesson(page, 'l5-shutdown-handshake');
  const g5 = golden('l5-shutdown-handshake');
  const l5 = await keyMarks(page);
  expect(l5).toContain(stepAfter(g5, 'protocol', /shutdown-1 rejected/));
  expect(l5).toContain(stepAfter(g5, 'protocol', /shutdown-2 approved/));
  // A mark is a button: it jumps to its step.
  await page.locator(`[data-testid=key-mark][data-step="${l5[2]}"]`).click();
  await expectStep(page, l5[2]);
  await expect(page.getByTestId('shortcuts')).toContainText('key step');
  expect(errors).toEqual([]);
});

/** The document position of an element (independent of the page's scroll). */
async function box(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: Math.round(r.x + scrollX), y: Math.round(r.y + scrollY), w: Math.round(r.width), h: Math.round(r.height) };
  });
}

for (const width of [1280, 390]) {
  test(`PATH: the transport stays in place at every step of lesson 1 (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const id = 'l1-two-investigators';
    await openLesson(page, id);
    await page.evaluate(() => scrollTo(0, 0));
    const first = await box(page, 'step-forward');
    const heights = new Set<number>();
    const { last } = await readCounter(page);
    for (let step = 1; step <= last; step++) {
      if (step < last) await page.getByTestId('step-forward').click();
      else await page.getByTestId('step-last').click();
      await expectStep(page, step);
      await page.evaluate(() => scrollTo(0, 0));
      expect(await box(page, 'step-forward'), `step-forward at step ${step}`).toEqual(first);
      heights.add((await box(page, 'caption')).h);
    }
    // The captions really differ in height: the test would see a moving transport.
    expect(heights.size).toBeGreaterThan(1);
  });
}

test('PATH: at 390 px the transport and the caption stay in view while the lanes are scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = 'l1-two-investigators';
  await openLesson(page, id);
  await scrubTo(page, stepAfter(golden(id), 'store', /queued message m4/));
  for (const lane of ['lane-queued', 'lane-candidate', 'lane-request']) {
    // The lanes lead with the step's subject and keep the others compact (issue 45), so a lane
    // may end on the first screen; one that ends below it is scrolled to.
    const below = await page.getByTestId(lane).evaluate((el) => el.getBoundingClientRect().bottom > innerHeight);
    await page.getByTestId(lane).evaluate((el) => el.scrollIntoView({ block: 'end' }));
    if (below) expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
    expect(await page.getByTestId(lane).evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(844);
    for (const testId of ['step-forward', 'step-back', 'key-forward', 'caption', 'step-counter']) {
      const r = await page.getByTestId(testId).evaluate((el) => el.getBoundingClientRect().toJSON());
      expect(r.top, `${testId} top with ${lane} in view`).toBeGreaterThanOrEqual(0);
      expect(r.bottom, `${testId} bottom with ${lane} in view`).toBeLessThanOrEqual(844);
    }
    // Nothing covers the forward button, and the lane's bottom is visible below the stage.
    const covered = await page.getByTestId('step-forward').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) !== el;
    });
    expect(covered).toBe(false);
    const stage = await page.getByTestId('stage').evaluate((el) => el.getBoundingClientRect().bottom);
    const laneBottom = await page.getByTestId(lane).evaluate((el) => el.getBoundingClientRect().bottom);
    expect(laneBottom).toBeGreaterThan(stage);
    const before = (await readCounter(page)).step;
    await page.getByTestId('step-forward').click();
    await expectStep(page, before + 1);
  }
  await shot(page, { path: 'target/e2e/path-l1-lanes-390.png' });
});

test('P1 PATH: a protocol chip shows its request id and opens its full body and journey', async ({ page }) => {
  const errors = trackErrors(page);
  const id = 'l5-shutdown-handshake';
  const g = golden(id);
  await openLesson(page, id);
  await scrubTo(page, stepAfter(g, 'store', /shutdown_request m5/));
  await expect(chip(page, 'm2')).toHaveAttribute('data-request-id', 'shutdown-1');
  await expect(chip(page, 'm2').getByTestId('chip-request-id')).toHaveText('shutdown-1');
  await expect(chip(page, 'm5').getByTestId('chip-request-id')).toHaveText('shutdown-2');

  await chip(page, 'm2').getByTestId('chip-open').click();
  const detail = page.getByTestId('chip-detail');
  await expect(detail).toHaveAttribute('data-message-id', 'm2');
  await expect(detail).toContainText('shutdown-1');
  await expect(page.getByTestId('chip-full-body')).toHaveText('Please shut down gracefully.');
  const stops = page.getByTestId('chip-journey').locator('li');
  const stored = stepAfter(g, 'store', /shutdown_request m2/);
  await expect(stops.first()).toHaveText(`from step ${stored}: queued`);
  await expect(stops.nth(1)).toContainText('in candidate');
  await expect(stops.nth(2)).toContainText('in history, not yet sent');
  await expect(stops.nth(3)).toContainText('in request');
  // A stop is a link to its step.
  await stops.nth(1).locator('button').click();
  await expectStep(page, stepAfter(g, 'prepare', /notifies m2/));
  await expect(chip(page, 'm2')).toHaveAttribute('data-position', 'in_candidate');
  await setLang(page, 'zh');
  await expect(stops.first()).toHaveText(`第 ${stored} 步起：已排队`);
  await setLang(page, 'en');
  await detail.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await shot(page, { path: 'target/e2e/path-l5-chip-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await detail.scrollIntoViewIfNeeded();
  await shot(page, { path: 'target/e2e/path-l5-chip-390.png' });
  expect(errors).toEqual([]);
});

test('PATH: the kind line names the event and explains logical time; budgets are stated', async ({ page }) => {
  const id = 'l4-coder-and-reviewer';
  const g = golden(id);
  await openLesson(page, id);
  const toolStep = g.find((e) => e.cat === 'other' && /list_teammates/.test(e.text))!.seq + 1;
  await scrubTo(page, toolStep);
  const kind = page.getByTestId('caption-kind');
  await expect(kind).toContainText('tool call · lead · logical time');
  await expect(kind).not.toContainText('other');
  await expect(kind).not.toContainText('t=');
  await expect(page.getByTestId('logical-time')).toHaveAttribute('title', /Logical time is the host's clock/);
  await expect(memberCard(page, 'lead')).toContainText(/deliveries \d+\/3/);
  await expect(page.getByTestId('budgets')).toContainText('lead 3');
  await expect(page.getByTestId('budgets')).toContainText('logical requests');
  await setLang(page, 'zh');
  await expect(kind).toContainText('工具调用');
  await expect(page.getByTestId('logical-time')).toHaveAttribute('title', /逻辑时间/);
  await expect(page.getByTestId('budgets')).toContainText('本课额度');
});

test('PATH: repeated identical tool calls collapse into one group in the caption and the lists', async ({ page }) => {
  const id = 'l7-limits-and-budgets';
  const g = golden(id);
  await openLesson(page, id);
  const reads = g.filter((e) => e.cat === 'other' && /^archivist read_file/.test(e.text));
  expect(reads.length).toBeGreaterThan(50);
  await scrubTo(page, reads[0].seq); // the reply that asks for them
  await expect(caption(page)).toContainText('read_file ×');
  await expect(caption(page)).not.toContainText('read_file, read_file');
  await scrubTo(page, reads[4].seq + 1);
  await expect(page.getByTestId('repeat-note')).toContainText(`${reads.length} times in a row`);
  await expect(page.getByTestId('repeat-note')).toContainText('this is call 5');
  await shot(page, { path: 'target/e2e/path-l7-repeats-1280.png' });
  await page.getByTestId('skip-repeats').click();
  await expectStep(page, reads[reads.length - 1].seq + 2);
  await expect(page.getByTestId('repeat-note')).toHaveCount(0);
  await selectMember(page, 'archivist');
  const group = page.getByTestId('request-view').getByTestId('call-group');
  // The reply asked for more reads than were run: the last one no longer fit the history.
  const count = Number(await group.getAttribute('data-count'));
  expect(count).toBeGreaterThan(reads.length);
  await expect(group.locator('code')).toHaveCount(count);
  // The history's identical tool results are one group too.
  const entries = page.getByTestId('member-detail').getByTestId('entry-group').first();
  await expect(entries).toBeVisible();
  expect(Number(await entries.getAttribute('data-count'))).toBeGreaterThanOrEqual(3);
  await expect(entries.locator('summary')).toContainText('identical entries');
  await expect(group.locator('summary')).toContainText('identical calls');
});
