// Checkpoint results reported to the course page (issue 26 part 4): a host page on another
// origin (127.0.0.1:RESULTS_HOST_PORT, 8385 by default; the playground is on the e2e server's
// port) plays lesson 1 to its end, answering its first checkpoint wrong then right and the
// others right; it receives one `checkpoint` per checkpoint ({lesson, id, correct, attempts}),
// one `completed` ({lesson, score, max}), and a getState reply with the score. With `xapi=1`
// each event carries an xAPI 1.0.3 statement, checked with Learning Locker's validator
// (@learninglocker/xapi-validation), in both languages.
// Checkpoints start switched off in the suite's default storage; this spec starts from an empty
// storage, where they are on.
import { test, expect, Page, FrameLocator } from '@playwright/test';
import { HostServer } from './host-server';
import { trackErrors } from './helpers';
// Learning Locker's xAPI statement validator: every problem of a statement, [] when it is valid.
// eslint-disable-next-line @typescript-eslint/no-var-requires
const validateStatement: (statement: unknown) => { path: string[] }[] = require('@learninglocker/xapi-validation').default;

test.use({ storageState: { cookies: [], origins: [] } });

const NAME = 'agent-team-playground';
const LESSON = 'l1-two-investigators';
const HOST_PORT = Number(process.env.RESULTS_HOST_PORT ?? 8385);
const HOST = `http://127.0.0.1:${HOST_PORT}`;
// Lesson 1's checkpoints on its default run, where they ask and their computed answers (the
// native test m2_m3_every_built_in_checkpoint... places them), and the run's last step.
const CHECKPOINTS = [
  { id: 'l1-queued-m4', step: 47, wrong: 'lost', right: 'queued' },
  { id: 'l1-sent-request', step: 55, right: 'no' },
  { id: 'l1-next-line', step: 60, right: 'commit.history' },
  { id: 'l1-next-request', step: 61, right: 'in_request' },
  { id: 'l1-lead-candidate', step: 73, right: 'in_candidate' },
];
const LAST = 77;

// Every message the playground frame posts is kept in window.received; sendToFrame posts in.
const HOST_HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Course page</title><link rel="icon" href="data:,"></head>
<body>
<iframe id="pg" title="playground" style="width:100%;height:720px;border:0"></iframe>
<script>
  const frame = document.getElementById('pg');
  window.received = [];
  window.sendToFrame = (message) => frame.contentWindow.postMessage(message, '*');
  window.addEventListener('message', (event) => {
    if (event.source === frame.contentWindow) window.received.push(event.data);
  });
  frame.src = new URLSearchParams(location.search).get('frame');
</script>
</body></html>`;

const host = new HostServer(HOST_PORT, { 'host.html': HOST_HTML });
test.beforeAll(async () => host.start());
test.afterAll(() => host.stop());

async function ours(page: Page, type: string): Promise<any[]> {
  return page.evaluate(
    ([name, type]) => (window as any).received.filter((d: any) => d && d.source === name && d.type === type),
    [NAME, type],
  );
}

async function send(page: Page, message: object) {
  await page.evaluate((m) => (window as any).sendToFrame(m), { target: NAME, v: 1, ...message });
}

async function replyTo(page: Page, id: string): Promise<any> {
  await expect.poll(async () => (await ours(page, 'reply')).filter((r) => r.id === id).length).toBe(1);
  return (await ours(page, 'reply')).find((r) => r.id === id);
}

async function expectFrameStep(frame: FrameLocator, step: number) {
  await expect(frame.getByTestId('step-counter')).toHaveText(new RegExp(`(^|\\D)${step} / \\d+`));
}

async function answer(frame: FrameLocator, key: string) {
  await frame.locator(`[data-testid="checkpoint-choice"][data-key="${key}"] input`).check();
  await frame.getByTestId('checkpoint-check').click();
}

/** Opens lesson 1 in the host page and plays it to its end as a learner: a jump (never asks)
 * to just before each checkpoint, a step forward onto it, the answers; then onto the last step. */
async function playLesson1(page: Page, baseURL: string | undefined, lang: string, flags: string): Promise<FrameLocator> {
  const frameLink = `${(baseURL ?? 'http://127.0.0.1:8181').replace(/\/$/, '')}/index.html#lesson=${LESSON}&step=0&lang=${lang}&level=event&embed=1${flags}`;
  await page.goto(`${HOST}/host.html?frame=${encodeURIComponent(frameLink)}`);
  await expect.poll(async () => (await ours(page, 'ready')).length, { timeout: 15_000 }).toBe(1);
  const frame = page.frameLocator('#pg');
  for (const [i, cp] of CHECKPOINTS.entries()) {
    await send(page, { type: 'goto', step: cp.step - 1, id: `to-${i}` });
    await replyTo(page, `to-${i}`);
    await frame.getByTestId('step-forward').click();
    await expect(frame.getByTestId('checkpoint')).toHaveAttribute('data-asking', 'true');
    if (cp.wrong) {
      await answer(frame, cp.wrong);
      await expect(frame.getByTestId('checkpoint-feedback')).toHaveAttribute('data-right', 'false');
    }
    await answer(frame, cp.right);
    await expectFrameStep(frame, cp.step);
    await expect.poll(async () => (await ours(page, 'checkpoint')).length).toBe(i + 1);
  }
  await send(page, { type: 'goto', step: LAST - 1, id: 'before-end' });
  await replyTo(page, 'before-end');
  await frame.getByTestId('step-forward').click();
  await expectFrameStep(frame, LAST);
  return frame;
}

for (const lang of ['en', 'zh']) {
  test(`EMBED: the course page gets checkpoint and completed with valid xAPI statements under xapi=1, and the score in getState (${lang})`, async ({ page, baseURL }) => {
    const errors = trackErrors(page);
    await playLesson1(page, baseURL, lang, '&xapi=1');
    await expect.poll(async () => (await ours(page, 'completed')).length).toBe(1);

    const checkpoints = await ours(page, 'checkpoint');
    expect(checkpoints.map((c) => [c.lesson, c.id, c.correct, c.attempts])).toEqual([
      [LESSON, 'l1-queued-m4', false, 2],
      [LESSON, 'l1-sent-request', true, 1],
      [LESSON, 'l1-next-line', true, 1],
      [LESSON, 'l1-next-request', true, 1],
      [LESSON, 'l1-lead-candidate', true, 1],
    ]);
    const completed = (await ours(page, 'completed'))[0];
    expect([completed.lesson, completed.score, completed.max]).toEqual([LESSON, 4, 5]);
    // Only what the API promises: no key, nothing the learner typed.
    for (const c of checkpoints) expect(Object.keys(c).sort()).toEqual(['attempts', 'correct', 'id', 'lesson', 'source', 'type', 'v', 'xapi']);
    expect(Object.keys(completed).sort()).toEqual(['lesson', 'max', 'score', 'source', 'type', 'v', 'xapi']);

    // Each statement is valid xAPI 1.0.3 (Learning Locker's validator finds no problem) and says
    // what its event says.
    const page_ = `${baseURL!.replace(/\/$/, '')}/index.html`;
    for (const c of checkpoints) {
      expect(validateStatement(c.xapi).map((w) => w.path.join('.'))).toEqual([]);
      expect(c.xapi.verb.id).toBe('http://adlnet.gov/expapi/verbs/answered');
      expect(c.xapi.object.id).toBe(`${page_}#lesson=${LESSON}&checkpoint=${c.id}`);
      expect(c.xapi.object.definition.type).toBe('http://adlnet.gov/expapi/activities/cmi.interaction');
      expect(c.xapi.result.success).toBe(c.correct);
      expect(c.xapi.context.language).toBe(lang === 'zh' ? 'zh-CN' : 'en-US');
      expect(c.xapi.actor.account.name).toBe('anonymous');
      expect(Number.isNaN(Date.parse(c.xapi.timestamp))).toBe(false);
    }
    expect(validateStatement(completed.xapi).map((w) => w.path.join('.'))).toEqual([]);
    expect(completed.xapi.verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
    expect(completed.xapi.object.id).toBe(`${page_}#lesson=${LESSON}`);
    expect(completed.xapi.object.definition.type).toBe('http://adlnet.gov/expapi/activities/lesson');
    expect(completed.xapi.result).toEqual({ completion: true, score: { raw: 4, min: 0, max: 5, scaled: 0.8 } });

    // The score in getState and in the last state.
    await send(page, { type: 'getState', id: 's' });
    expect((await replyTo(page, 's')).state.score).toEqual({ score: 4, max: 5 });
    expect((await ours(page, 'state')).at(-1).score).toEqual({ score: 4, max: 5 });

    // Once per opening: back and onto the end again sends no second completed; after a reset
    // (the lesson opened again) reaching the end completes again, all answered already.
    await send(page, { type: 'goto', step: LAST - 1, id: 'again' });
    await replyTo(page, 'again');
    await send(page, { type: 'step', id: 'again-end' });
    expect((await replyTo(page, 'again-end')).step).toBe(LAST);
    await send(page, { type: 'reset', id: 'r' });
    await replyTo(page, 'r');
    await send(page, { type: 'goto', step: LAST, id: 'end-again' });
    await replyTo(page, 'end-again');
    await expect.poll(async () => (await ours(page, 'completed')).length).toBe(2);
    expect(errors).toEqual([]);
  });
}

test('EMBED: without xapi=1 the events carry no statement; a lesson reached with a checkpoint skipped is not completed', async ({ page, baseURL }) => {
  const frame = await playLesson1(page, baseURL, 'en', '');
  await expect.poll(async () => (await ours(page, 'completed')).length).toBe(1);
  for (const message of [...(await ours(page, 'checkpoint')), ...(await ours(page, 'completed'))]) {
    expect(message.xapi).toBeUndefined();
  }
  // Another lesson, jumped to its end over its checkpoints: nothing answered, nothing completed.
  await send(page, { type: 'load', link: '#lesson=l2-drain-loses-mail&step=0&lang=en&level=event', id: 'l2' });
  await replyTo(page, 'l2');
  await send(page, { type: 'goto', step: 100000, id: 'l2-end' });
  const end = await replyTo(page, 'l2-end');
  expect(end.step).toBe(end.total);
  await expectFrameStep(frame, end.total);
  await send(page, { type: 'getState', id: 's2' });
  const state = (await replyTo(page, 's2')).state;
  expect(state.lesson).toBe('l2-drain-loses-mail');
  expect(state.score.score).toBe(0);
  expect(state.score.max).toBeGreaterThanOrEqual(3);
  expect(await ours(page, 'completed')).toHaveLength(1);
});
