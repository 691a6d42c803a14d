// Lesson 1 on a real model: the loopback model server (tests/model_server, started by
// scripts/test.sh, one per worker, addresses in MODEL_SERVER_URLS) plays a small rule-based agent
// behind both APIs. The run goes through the browser's fetch, its messages move through the same
// three lanes as on the scripted model, its recording replays offline, and the key appears
// nowhere but in its input.
import { test, expect, Page } from '@playwright/test';
import { modelServer, openLesson, readCounter, scrubTo, laneOf, trackErrors, selectMember, requestView, shot } from './helpers';

const SERVER = modelServer();
const SECRET = 'sk-test-DO-NOT-LEAK-4242';

test.skip(!SERVER, 'no model server (MODEL_SERVER_URLS or MODEL_SERVER_URL): scripts/test.sh starts the loopback model server');

const PROVIDERS = [
  { kind: 'anthropic', base: () => `${SERVER}/anthropic` },
  { kind: 'openai', base: () => `${SERVER}/openai/v1` },
];

async function runLive(page: Page, kind: string, base: string) {
  const panel = page.getByTestId('live-panel');
  await panel.scrollIntoViewIfNeeded();
  await page.getByTestId('provider-select').selectOption(kind);
  await page.getByTestId('provider-base-url').fill(base);
  await page.getByTestId('provider-model').fill('team');
  await page.getByTestId('provider-key').fill(SECRET);
  await page.getByTestId('run-live').click();
  await expect(page.getByTestId('live-status')).toContainText(/The run is over/, { timeout: 30_000 });
}

/** The lanes message `id` passes through, stepping the whole run, consecutive repeats merged. */
async function journey(page: Page, id: string, last: number): Promise<string[]> {
  const lanes: string[] = [];
  for (let step = 0; step <= last; step++) {
    await scrubTo(page, step);
    const lane = await laneOf(page, id);
    if (lane && lanes[lanes.length - 1] !== lane) lanes.push(lane);
  }
  return lanes;
}

for (const provider of PROVIDERS) {
  test(`T5 M1 M2 M3: lesson 1 runs live on ${provider.kind} through fetch, its messages take the three lanes, and its recording replays offline`, async ({ page, request }) => {
    const errors = trackErrors(page);
    await request.post(`${SERVER}/_reset`);
    await openLesson(page, 'l1-two-investigators');
    await runLive(page, provider.kind, provider.base());

    const live = await readCounter(page);
    await shot(page.getByTestId('live-panel'), { path: `target/e2e/live-${provider.kind}.png` });
    await shot(page, { path: `target/e2e/live-${provider.kind}-page.png`, fullPage: true });
    expect(live.last).toBeGreaterThan(30);
    expect(live.step).toBe(live.last);
    const toScreen = await page.evaluate(() => ((window as any).__atpReplyToScreen ?? []) as number[]);
    expect(toScreen.length).toBeGreaterThan(5);
    const sorted = [...toScreen].sort((a, b) => a - b);
    console.log(`REPLY-TO-SCREEN ${provider.kind}: ${toScreen.length} replies, median ${sorted[sorted.length >> 1].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`);
    const usage = await page.getByTestId('live-usage').textContent();
    expect(Number(/(\d+) input tokens/.exec(usage ?? '')?.[1])).toBeGreaterThan(0);

    // Every body the page sent fit the vendor's published schema.
    const log = (await (await request.get(`${SERVER}/_log`)).json()) as Array<Record<string, unknown>>;
    const posts = log.filter((e) => e.api === provider.kind);
    expect(posts.length).toBeGreaterThan(5);
    for (const post of posts) expect(post.problems).toEqual([]);

    // The lead split the work with send_message: its first message is queued, then taken into
    // a history, then in a request.
    expect(posts.some((p) => JSON.stringify((p.body as any).messages).includes('"send_message"'))).toBe(true);
    const path = await journey(page, 'm1', live.last);
    expect(path[0]).toBe('lane-queued');
    expect(path[path.length - 1]).toBe('lane-request');
    for (const lane of path) expect(['lane-queued', 'lane-candidate', 'lane-request']).toContain(lane);

    // The key is in its input only: not in the address, storage, the recording or the DOM.
    expect(page.url()).not.toContain(SECRET);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(stored).not.toContain(SECRET);
    const html = await page.content();
    expect(html).not.toContain(SECRET);
    const href = await page.getByTestId('download-recording').getAttribute('href');
    expect(decodeURIComponent(href ?? '')).not.toContain(SECRET);
    expect(decodeURIComponent(href ?? '')).toContain('"answers"');

    // The recording replays offline: the same number of steps, with the server gone quiet.
    await page.route(`${SERVER}/**`, (route) => route.abort());
    await page.getByTestId('replay-recording').click();
    await expect(page.getByTestId('live-status')).toContainText(/Replaying/);
    const replay = await readCounter(page);
    expect(replay.last).toBe(live.last);
    expect(await journey(page, 'm1', replay.last)).toEqual(path);
    expect(errors).toEqual([]);
  });
}

test('UI: a bad key is refused with advice that names the fix, and the key stays out of the log', async ({ page, request }) => {
  await request.post(`${SERVER}/_reset`);
  await openLesson(page, 'l1-two-investigators');
  const panel = page.getByTestId('live-panel');
  await panel.scrollIntoViewIfNeeded();
  await page.getByTestId('provider-select').selectOption('anthropic');
  await page.getByTestId('provider-base-url').fill(`${SERVER}/anthropic`);
  await page.getByTestId('provider-model').fill('fault-401');
  await page.getByTestId('provider-key').fill(SECRET);
  await page.getByTestId('run-live').click();
  await expect(page.getByTestId('live-status')).toContainText(/The run is over|Stopped/, { timeout: 30_000 });
  await expect(page.getByTestId('caption')).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(SECRET);
  // The failure is an event of the run, explained in the learner's language.
  const { last } = await readCounter(page);
  let found = false;
  for (let step = last; step > 0 && !found; step--) {
    await scrubTo(page, step);
    const text = (await page.getByTestId('caption').textContent()) ?? '';
    if (/key is missing or not valid/.test(text)) found = true;
  }
  expect(found).toBe(true);
});

test('T5 L2: every lesson and free play runs live to its end, every body valid under the official schema', async ({ page, request }) => {
  test.setTimeout(240_000);
  const errors = trackErrors(page);
  const ids = ['l1-two-investigators', 'l2-drain-loses-mail', 'l3-lock-scope', 'l4-coder-and-reviewer', 'l5-shutdown-handshake', 'l6-plan-approval', 'l7-limits-and-budgets', 'l8-restart-and-recall', 'free-play'];
  for (const [i, id] of ids.entries()) {
    await request.post(`${SERVER}/_reset`);
    await openLesson(page, id);
    const kind = i % 2 === 0 ? 'anthropic' : 'openai';
    await runLive(page, kind, kind === 'anthropic' ? `${SERVER}/anthropic` : `${SERVER}/openai/v1`);
    const { last } = await readCounter(page);
    expect(last, id).toBeGreaterThan(5);
    const log = (await (await request.get(`${SERVER}/_log`)).json()) as Array<Record<string, unknown>>;
    const posts = log.filter((e) => e.api === kind);
    expect(posts.length, id).toBeGreaterThan(0);
    for (const post of posts) expect(post.problems, id).toEqual([]);
  }
  expect(errors).toEqual([]);
});

test('M3 UI: a live reply shows in the request view as it streams in, then the reply itself replaces it', async ({ page, request }) => {
  const errors = trackErrors(page);
  await request.post(`${SERVER}/_reset`);
  await openLesson(page, 'l1-two-investigators');
  await page.getByTestId('live-panel').scrollIntoViewIfNeeded();
  await page.getByTestId('provider-select').selectOption('anthropic');
  await page.getByTestId('provider-base-url').fill(`${SERVER}/anthropic`);
  // The first call streams slowly: a word every 150 ms.
  await page.getByTestId('provider-model').fill('fault-slow-stream');
  await page.getByTestId('provider-key').fill(SECRET);
  await page.getByTestId('run-live').click();
  await page.locator('[data-testid=member-card][data-member="lead"]').click();
  const streaming = page.getByTestId('request-streaming');
  await expect(streaming).toContainText('Let me');
  await shot(streaming, { path: 'target/e2e/live-streaming.png' });
  await expect(streaming).not.toContainText('[list_teammates]');
  await expect(streaming).toContainText('[list_teammates]');
  await expect(page.getByTestId('live-status')).toContainText(/The run is over/, { timeout: 30_000 });
  await expect(streaming).toHaveCount(0);
  expect(errors).toEqual([]);
});

// llama-cpp-python's function-calling format (the loopback server's `like-llama-cpp-python`
// model copies it): tools only with `tool_choice`, and a streamed tool choice closed after the
// 200 before any event. The page sends `tool_choice: "auto"`, falls back to whole answers for
// the member whose stream was refused, says so once, and the run makes real tool calls.
for (const lang of ['en', 'zh'] as const) {
  test(`T5 M1 M2: on a server that cannot stream tool calls the run falls back to whole answers, says so once, and its messages reach the lanes (${lang})`, async ({ page, request }) => {
    const errors = trackErrors(page);
    await request.post(`${SERVER}/_reset`);
    await page.goto(`/#lesson=l1-two-investigators&lang=${lang}`);
    await expect(page.getByTestId('lesson-select')).toHaveValue('l1-two-investigators');
    const panel = page.getByTestId('live-panel');
    await panel.scrollIntoViewIfNeeded();
    await page.getByTestId('provider-select').selectOption('openai');
    await page.getByTestId('provider-base-url').fill(`${SERVER}/openai/v1`);
    await page.getByTestId('provider-model').fill('like-llama-cpp-python');
    await expect(page.getByTestId('provider-stream')).toBeChecked();
    await page.getByTestId('run-live').click();
    const over = lang === 'zh' ? /运行结束/ : /The run is over/;
    await expect(page.getByTestId('live-status')).toContainText(over, { timeout: 30_000 });

    const note = page.getByTestId('live-whole');
    await expect(note).toBeVisible();
    await expect(note).toContainText(lang === 'zh' ? '整段返回' : 'answers now come whole');
    await expect(note).toContainText('lead');
    await page.getByTestId('server-notes').locator('summary').click();
    await expect(page.getByTestId('server-notes')).toContainText('--chat_format chatml-function-calling');
    await shot(page.getByTestId('live-panel'), { path: `target/e2e/live-whole-${lang}.png` });

    const log = (await (await request.get(`${SERVER}/_log`)).json()) as Array<Record<string, any>>;
    const posts = log.filter((e) => e.api === 'openai');
    for (const post of posts) expect(post.problems).toEqual([]);
    for (const post of posts) expect(post.body.tool_choice).toBe('auto');
    // The lead's first call streamed and was refused; from then on the members' calls go whole.
    expect(posts[0].stream).toBe(true);
    expect(posts[1].stream).toBe(false);
    expect(posts.filter((p) => !p.stream).length).toBeGreaterThan(3);
    // Real tool calls happened: the lead's send_message put m1 in the lanes, up to a request.
    expect(posts.some((p) => JSON.stringify(p.body.messages).includes('"send_message"'))).toBe(true);
    const live = await readCounter(page);
    const path = await journey(page, 'm1', live.last);
    expect(path[path.length - 1]).toBe('lane-request');
    expect(errors).toEqual([]);
  });
}

/** Starts lesson 1 live on the loopback OpenAI-compatible server with `model`, in `lang`. */
async function runOpenAi(page: Page, lang: 'en' | 'zh', model: string) {
  await page.goto(`/#lesson=l1-two-investigators&lang=${lang}`);
  await expect(page.getByTestId('lesson-select')).toHaveValue('l1-two-investigators');
  await page.getByTestId('live-panel').scrollIntoViewIfNeeded();
  await page.getByTestId('provider-select').selectOption('openai');
  await page.getByTestId('provider-base-url').fill(`${SERVER}/openai/v1`);
  await page.getByTestId('provider-model').fill(model);
  await page.getByTestId('run-live').click();
  const over = lang === 'zh' ? /运行结束/ : /The run is over/;
  await expect(page.getByTestId('live-status')).toContainText(over, { timeout: 30_000 });
}

for (const lang of ['en', 'zh'] as const) {
  test(`T5: an answer cut at the reply-length cap is narrated as cut and counted at the run's end (${lang})`, async ({ page, request }) => {
    const errors = trackErrors(page);
    await request.post(`${SERVER}/_reset`);
    await runOpenAi(page, lang, 'fault-length');
    await expect(page.getByTestId('live-status')).toContainText(
      lang === 'zh' ? '其中 1 次在回答长度上限处被截断' : '(1 cut at the reply-length cap)');
    const log = (await (await request.get(`${SERVER}/_log`)).json()) as Array<Record<string, any>>;
    const posts = log.filter((e) => e.api === 'openai');
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) expect(post.body.max_tokens).toBe(1024);
    // Some step's caption says the answer was cut, and none calls it a final answer.
    const { last } = await readCounter(page);
    const captions: string[] = [];
    for (let step = 1; step <= last; step++) {
      await scrubTo(page, step);
      captions.push((await page.getByTestId('caption').textContent()) ?? '');
    }
    const cut = lang === 'zh' ? '回答被截断' : 'the answer is cut';
    const final = lang === 'zh' ? '给出最终回答。' : 'with a final answer';
    const at = captions.findIndex((c) => c.includes(cut));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(captions[at]).not.toContain(final);
    expect(errors).toEqual([]);
  });

  test(`T5: a server that reports no usage shows usage as not reported, not as 0 tokens (${lang})`, async ({ page, request }) => {
    await request.post(`${SERVER}/_reset`);
    await runOpenAi(page, lang, 'no-usage');
    const usage = page.getByTestId('live-usage');
    await expect(usage).toContainText(lang === 'zh' ? '用量：服务器没有报告' : 'Usage: not reported by the server');
    await expect(usage).not.toContainText(/\b0 input tokens|输入 0 个/);
  });

  test(`T5 L2: a run whose calls fail for good says so at its end and jumps to the first failure (${lang})`, async ({ page, request }) => {
    await request.post(`${SERVER}/_reset`);
    await runOpenAi(page, lang, 'fault-500-always');
    const status = page.getByTestId('live-status');
    await expect(status).toContainText(lang === 'zh' ? '次失败后放弃' : 'failed for good');
    await expect(status).not.toContainText(lang === 'zh' ? ' 0 次失败后放弃' : ' 0 failed for good');
    await scrubTo(page, 0);
    await page.getByTestId('live-first-failure').click();
    const { step } = await readCounter(page);
    expect(step).toBeGreaterThan(0);
    await expect(page.getByTestId('caption')).toContainText(lang === 'zh' ? '失败' : /fail/i);
  });
}

for (const lang of ['en', 'zh'] as const) {
  test(`T5 M3: Stop halts the team where it is, the status names the step, and the recording replays to the same stop (${lang})`, async ({ page, request }) => {
    const errors = trackErrors(page);
    await request.post(`${SERVER}/_reset`);
    await page.goto(`/#lesson=l1-two-investigators&lang=${lang}`);
    await expect(page.getByTestId('lesson-select')).toHaveValue('l1-two-investigators');
    await page.getByTestId('live-panel').scrollIntoViewIfNeeded();
    await page.getByTestId('provider-select').selectOption('openai');
    await page.getByTestId('provider-base-url').fill(`${SERVER}/openai/v1`);
    // Every call waits 3 s for its first byte; one call at a time, so others wait in line.
    await page.getByTestId('provider-model').fill('fault-slow-first-byte');
    await page.getByTestId('provider-concurrency').fill('1');
    await page.getByTestId('run-live').click();
    // The lead answered; a teammate's call is out while another waits: stop now.
    await expect(page.getByTestId('live-stream').filter({ hasText: /reader|reviewer/ })).toHaveCount(1, { timeout: 20_000 });
    await page.getByTestId('stop-live').click();
    const status = page.getByTestId('live-status');
    const stopped = lang === 'zh' ? /你在第 (\d+) 步停止了运行/ : /Stopped by you at step (\d+)/;
    await expect(status).toContainText(stopped, { timeout: 10_000 });
    const step = Number(stopped.exec((await status.textContent()) ?? '')?.[1]);
    const at = await readCounter(page);
    expect(at.last).toBe(step);
    // The team is halted: nothing more goes out, nothing more happens.
    const posts = async () => ((await (await request.get(`${SERVER}/_log`)).json()) as Array<Record<string, any>>)
      .filter((e) => e.api === 'openai').length;
    const sent = await posts();
    await page.waitForTimeout(4_000);
    expect(await posts()).toBe(sent);
    expect((await readCounter(page)).last).toBe(step);
    // The recording replays offline to the same stop.
    await page.route(`${SERVER}/**`, (route) => route.abort());
    await page.getByTestId('replay-recording').click();
    expect((await readCounter(page)).last).toBe(step);
    expect(errors).toEqual([]);
  });
}

/** Fills the OpenAI-compatible settings and clicks "Test connection"; returns its result. */
async function testConnection(page: Page, lang: 'en' | 'zh', base: string, model: string, key = '') {
  await page.goto(`/#lesson=l1-two-investigators&lang=${lang}`);
  await expect(page.getByTestId('lesson-select')).toHaveValue('l1-two-investigators');
  await page.getByTestId('live-panel').scrollIntoViewIfNeeded();
  await page.getByTestId('provider-select').selectOption('openai');
  await page.getByTestId('provider-base-url').fill(base);
  await page.getByTestId('provider-model').fill(model);
  await page.getByTestId('provider-key').fill(key);
  await page.getByTestId('test-connection').click();
  const result = page.getByTestId('connection-result');
  await expect(result).not.toContainText(lang === 'zh' ? '正在测试' : 'Testing', { timeout: 15_000 });
  return result;
}

for (const lang of ['en', 'zh'] as const) {
  test(`UI: Test connection tells nothing listening, no CORS, a wrong path, a bad key and an unlisted model apart, and fills the model (${lang})`, async ({ page }) => {
    const zh = lang === 'zh';
    let result = await testConnection(page, lang, 'http://127.0.0.1:9/v1', 'team');
    await expect(result).toContainText(zh ? '服务器在运行吗' : 'is the server running?');
    await expect(result).not.toContainText('CORS');
    result = await testConnection(page, lang, `${SERVER}/nocors/v1`, 'team');
    await expect(result).toContainText('CORS');
    result = await testConnection(page, lang, `${SERVER}/openai/v2`, 'team');
    await expect(result).toContainText('404');
    result = await testConnection(page, lang, `${SERVER}/openai/v1`, 'team', 'bad');
    await expect(result).toContainText('HTTP 401');
    result = await testConnection(page, lang, `${SERVER}/openai/v1`, 'gpt-9');
    await expect(result).toContainText(zh ? '没有列出模型 gpt-9' : 'does not list the model gpt-9');
    await expect(result).toContainText('like-llama-cpp-python');
    result = await testConnection(page, lang, `${SERVER}/openai/v1`, '');
    await expect(result).toContainText(zh ? '连接正常' : 'Connected');
    await expect(page.getByTestId('provider-model')).toHaveValue('team');
  });
}

for (const lang of ['en', 'zh'] as const) {
  test(`T5: on a server that ends a stream when another call arrives the run lowers its calls at once, says why, and no member fails (${lang})`, async ({ page, request }) => {
    const errors = trackErrors(page);
    await request.post(`${SERVER}/_reset`);
    await runOpenAi(page, lang, 'interrupts');
    const note = page.getByTestId('live-lowered');
    await expect(note).toBeVisible();
    await expect(note).toContainText(lang === 'zh' ? '从 4 降到 1' : 'went from 4 to 1');
    const status = page.getByTestId('live-status');
    await expect(status).toContainText(lang === 'zh' ? ' 0 次失败后放弃' : ' 0 failed for good');
    const live = await readCounter(page);
    const path = await journey(page, 'm1', live.last);
    expect(path[path.length - 1]).toBe('lane-request');
    expect(errors).toEqual([]);
  });
}

for (const provider of PROVIDERS) {
  test(`M3: the request view shows the HTTP body exactly as the live run sent it to ${provider.kind}, beside the neutral view, without the key`, async ({ page, request }) => {
    await request.post(`${SERVER}/_reset`);
    await openLesson(page, 'l1-two-investigators');
    await runLive(page, provider.kind, provider.base());
    await selectMember(page, 'lead');
    const wire = requestView(page).getByTestId('request-wire');
    await wire.locator('summary').click();
    const shown = JSON.parse((await wire.locator('pre').textContent()) ?? '');
    const id = await requestView(page).getAttribute('data-request-id');
    // The body the server logged for that request is the one shown.
    const log = (await (await request.get(`${SERVER}/_log`)).json()) as Array<Record<string, any>>;
    const bodies = log.filter((e) => e.api === provider.kind).map((e) => JSON.stringify(e.body));
    expect(bodies).toContain(JSON.stringify(shown));
    expect(id).toBeTruthy();
    if (provider.kind === 'openai') expect(shown.tool_choice).toBe('auto');
    expect(shown.max_tokens).toBe(1024);
    expect(await wire.textContent()).not.toContain(SECRET);
    await expect(requestView(page).locator('.request-neutral')).toBeVisible();
  });
}
