// Open edX JSInput (issue 26 part 4): a course page of the same origin calls the frame's
// `getGrade`, `getState` and `setState` on its `contentWindow`, as Open edX's jsinput.js does
// (it waits until the functions are there, calls getGrade and getState on "Check", and
// setState with the stored state when the problem is shown again). The grade carries this
// lesson's score; the state, set in a fresh frame with nothing stored, brings back the same
// step and score; a bad state string shows an error in the frame and changes nothing.
import { test, expect, Page, FrameLocator } from '@playwright/test';
import { HostServer } from './host-server';

const HOST_PORT = Number(process.env.E2E_PORT ?? 8181) + 1;
const HOST = `http://127.0.0.1:${HOST_PORT}`;
const LESSON = 'l2-drain-loses-mail';
// Lesson 2's first checkpoint asks before step 8; the record is still queued (checkpoints.spec.ts).
const FIRST = 8;

// The problem's page, as JSInput renders it: one iframe of the playground, and jsinput.js's
// calls on its contentWindow, once they exist.
const PROBLEM_HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Open edX problem</title><link rel="icon" href="data:,"></head>
<body>
<div id="problem"></div>
<script>
  const FRAME = 'tools/playground/index.html#lesson=${LESSON}&step=0&lang=en&embed=1';
  window.openFrame = (id) => {
    const frame = document.createElement('iframe');
    frame.id = id;
    frame.title = 'playground';
    frame.style.cssText = 'width:1000px;height:700px';
    frame.src = FRAME;
    document.getElementById('problem').replaceChildren(frame);
  };
  const win = (id) => document.getElementById(id).contentWindow;
  // jsinput.js waits until the frame offers the functions.
  window.offered = (id) => ['getGrade', 'getState', 'setState'].every((f) => typeof win(id)[f] === 'function');
  window.check = (id) => JSON.stringify({ answer: win(id).getGrade(), state: win(id).getState() });
  window.restore = (id, state) => win(id).setState(state);
  openFrame('a');
</script>
</body></html>`;

const host = new HostServer(HOST_PORT, { 'problem.html': PROBLEM_HTML });
test.beforeAll(async () => host.start());
test.afterAll(() => host.stop());
// Checkpoints are on in an empty storage (the other specs start with them off).
test.use({ storageState: { cookies: [], origins: [] } });

async function frameUp(page: Page, id: string): Promise<FrameLocator> {
  const frame = page.frameLocator(`#${id}`);
  await expect(frame.locator('.app[data-embed-ready="true"]')).toHaveCount(1, { timeout: 15_000 });
  await expect.poll(() => page.evaluate((f) => (window as any).offered(f), id)).toBe(true);
  return frame;
}

async function expectStep(frame: FrameLocator, step: number) {
  await expect(frame.getByTestId('step-counter')).toHaveText(new RegExp(`(^|\\D)${step} / \\d+`));
}

test('EDX: getGrade reports the score of the checkpoints answered; getState then setState in a fresh frame brings back the step and the score; a bad state is refused', async ({ page }) => {
  await page.goto(`${HOST}/problem.html`);
  const a = await frameUp(page, 'a');
  // Nothing answered yet: score 0 of the lesson's checkpoints.
  const before = JSON.parse(JSON.parse(await page.evaluate(() => (window as any).check('a'))).answer);
  expect(before.lesson).toBe(LESSON);
  expect(before.score).toBe(0);
  expect(before.max).toBeGreaterThanOrEqual(3);
  // The learner steps onto the first checkpoint and answers it right at the first try.
  await a.getByTestId('level-event').check();
  await a.getByTestId('scrubber').evaluate((el, value) => {
    const input = el as HTMLInputElement;
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, FIRST - 1);
  await a.getByTestId('step-forward').click();
  await expect(a.getByTestId('checkpoint')).toHaveAttribute('data-asking', 'true');
  await a.locator('[data-testid="checkpoint-choice"][data-key="queued"] input').check();
  await a.getByTestId('checkpoint-check').click();
  await expectStep(a, FIRST);
  // "Check": what the cfn receives.
  const submitted = JSON.parse(await page.evaluate(() => (window as any).check('a')));
  const grade = JSON.parse(submitted.answer);
  expect(grade).toEqual({
    lesson: LESSON,
    score: 1,
    max: before.max,
    checkpoints: expect.any(Array),
    // The lesson's challenge is a row of its own (issue 48): not met, no choices used yet.
    challenges: [{ id: 'l2-lose-two', met: false, choices: null, fewest: 1 }],
  });
  expect(grade.checkpoints[0]).toEqual({ id: expect.any(String), correct: true, answered: true });
  expect(grade.checkpoints.slice(1).every((c: any) => !c.correct && !c.answered)).toBe(true);
  const state = JSON.parse(submitted.state);
  expect(state).toMatchObject({ v: 1, lesson: LESSON, step: FIRST, score: { score: 1, max: before.max } });
  // The problem shown again: a fresh frame, nothing kept in the browser, setState.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
    (window as any).openFrame('b');
  });
  const b = await frameUp(page, 'b');
  await expectStep(b, 0);
  expect(JSON.parse(JSON.parse(await page.evaluate(() => (window as any).check('b'))).answer).score).toBe(0);
  expect(await page.evaluate((s) => (window as any).restore('b', s), submitted.state)).toBe(true);
  await expectStep(b, FIRST);
  const again = JSON.parse(JSON.parse(await page.evaluate(() => (window as any).check('b'))).answer);
  expect(again).toEqual(grade);
  // Stepping back and forward does not ask again: the answer came back with the state.
  await b.getByTestId('step-back').click();
  await b.getByTestId('step-forward').click();
  await expectStep(b, FIRST);
  await expect(b.getByTestId('checkpoint-choices')).toHaveCount(0);
  // A bad string: refused with a clear error in the frame; nothing lost, no panic.
  expect(await page.evaluate(() => (window as any).restore('b', '{"v":1,"lesson":'))).toBe(false);
  await expect(b.getByTestId('error-banner')).toContainText('cannot be restored');
  await expectStep(b, FIRST);
  const still = JSON.parse(JSON.parse(await page.evaluate(() => (window as any).check('b'))).answer);
  expect(still).toEqual(grade);
  expect(await page.evaluate(() => (window as any).restore('b', 'not json at all'))).toBe(false);
  expect(await page.evaluate(() => (window as any).offered('b'))).toBe(true);
});

test('EDX: a state set as soon as the frame has loaded, before the module has mounted, is restored once the page is live', async ({ page }) => {
  // A state to give: the run at step 5 of the lesson, as getState writes it.
  await page.goto(`${HOST}/problem.html`);
  const a = await frameUp(page, 'a');
  await a.getByTestId('level-event').check();
  for (let i = 0; i < 5; i++) await a.getByTestId('step-forward').click();
  await expectStep(a, 5);
  const state = JSON.parse(await page.evaluate(() => (window as any).check('a'))).state;
  // The module held back: the fresh frame's page is parsed, not mounted, when setState comes.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/_bg\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
    (window as any).openFrame('c');
  });
  await expect.poll(() => page.evaluate(() => typeof (document.getElementById('c') as HTMLIFrameElement).contentWindow?.setState)).toBe('function');
  expect(await page.evaluate(() => (document.getElementById('c') as HTMLIFrameElement).contentDocument?.querySelector('.app[data-embed-ready="true"]'))).toBeNull();
  expect(await page.evaluate((s) => (window as any).restore('c', s), state)).toBe(true);
  release();
  const c = await frameUp(page, 'c');
  await expectStep(c, 5);
  expect(JSON.parse(await page.evaluate(() => (window as any).check('c'))).state).toBe(state);
});
