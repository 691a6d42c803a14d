// Drives the playground's live panel against a real OpenAI-compatible server (started by
// scripts/live-llama.sh) and prints the run's figures. Reads only what the page shows and
// exports: the JSON export's event log and recording, and the lanes at every step.
import { chromium } from 'playwright';

const { PAGE, BASE, LESSON, LANG_ } = process.env;
const concurrency = process.env.LIVE_CONCURRENCY ?? '4';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(String(e)));
await page.goto(`${PAGE}/#lesson=${LESSON}&lang=${LANG_}&level=event`);
await page.getByTestId('caption').waitFor();
await page.getByTestId('live-panel').scrollIntoViewIfNeeded();
await page.getByTestId('provider-select').selectOption('openai');
await page.getByTestId('provider-base-url').fill(BASE);
await page.getByTestId('provider-model').fill('');
await page.getByTestId('test-connection').click();
const connection = page.getByTestId('connection-result');
await page.waitForFunction(() => {
  const t = document.querySelector('[data-testid=connection-result]')?.textContent ?? '';
  return t && !/Testing|正在测试/.test(t);
});
console.log(`connection: ${await connection.textContent()}`);
await page.getByTestId('provider-concurrency').fill(concurrency);
const started = Date.now();
await page.getByTestId('run-live').click();
await page.waitForFunction(() => {
  const t = document.querySelector('[data-testid=live-status]')?.textContent ?? '';
  return /The run is over|运行结束|Stopped|停止/.test(t);
}, null, { timeout: 0, polling: 1000 });
const seconds = (Date.now() - started) / 1000;
console.log(`status: ${await page.getByTestId('live-status').textContent()}`);
console.log(`usage: ${await page.getByTestId('live-usage').textContent()}`);
for (const id of ['live-whole', 'live-lowered']) {
  const note = page.getByTestId(id);
  if (await note.count()) console.log(`note: ${await note.textContent()}`);
}

// The export: the event log and the recording.
const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
const fsp = await import('node:fs/promises');
const exported = JSON.parse(await fsp.readFile(await download.path(), 'utf8'));
// Kept for a closer look: target/live-llama/export.json (the event log and the recording).
await fsp.writeFile('target/live-llama/export.json', JSON.stringify(exported, null, 1));
const lines = exported.events;
const count = (re) => lines.filter((l) => re.test(l)).length;
const answers = exported.recording?.answers ?? [];
const toolCalls = answers.flatMap((a) => a.answer?.reply?.tool_calls ?? a.answer?.Reply?.tool_calls ?? []);
const names = {};
for (const c of toolCalls) names[c.name] = (names[c.name] ?? 0) + 1;

// The lanes at every step: which messages each lane ever held (its front chip or a kept copy),
// and which were in all three lanes at one step; and the places the front chip names then.
const last = lines.length;
const lanes = { 'lane-queued': new Set(), 'lane-candidate': new Set(), 'lane-request': new Set() };
const allThree = new Set();
for (let step = 0; step <= last; step++) {
  await page.getByTestId('scrubber').evaluate((el, value) => {
    el.value = String(value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, step);
  const here = await page.evaluate(() => {
    const out = {};
    for (const lane of ['lane-queued', 'lane-candidate', 'lane-request']) {
      out[lane] = [...document.querySelectorAll(
        `[data-testid=${lane}] [data-testid=message-chip], [data-testid=${lane}] [data-testid=message-kept]`,
      )].map((c) => c.getAttribute('data-message-id'));
    }
    out.places = Object.fromEntries(
      [...document.querySelectorAll('[data-testid=message-chip]')].map((c) => [
        c.getAttribute('data-message-id'),
        c.getAttribute('data-places'),
      ]),
    );
    return out;
  });
  for (const lane of Object.keys(lanes)) here[lane].forEach((id) => lanes[lane].add(id));
  for (const id of here['lane-queued']) {
    if (here['lane-candidate'].includes(id) && here['lane-request'].includes(id)) {
      if (!allThree.has(id)) {
        console.log(`step ${step}: ${id} in all three lanes (places: ${here.places[id]})`);
        if (allThree.size === 0) await page.screenshot({ path: 'target/live-llama/all-three.png' });
      }
      allThree.add(id);
    }
  }
}
console.log(`lesson ${LESSON} (${LANG_}) on ${BASE}, ${seconds.toFixed(0)} s`);
console.log(`events: ${last}`);
console.log(`requests sent: ${count(/\[request\] \S+ sent request/)}; retries: ${count(/\[request\] \S+ retries/)}`);
console.log(`answers: ${answers.length}; tool calls made: ${toolCalls.length} ${JSON.stringify(names)}`);
console.log(`refusals: ${count(/\[refusal\]/)}; model failures: ${count(/failed/)}`);
console.log(`messages queued: ${count(/\[store\] \S+ queued/)}`);
for (const [lane, ids] of Object.entries(lanes)) console.log(`${lane}: ${ids.size} message(s) ${[...ids].join(' ')}`);
console.log(`in all three places at once: ${allThree.size} ${[...allThree].join(' ')}`);
console.log(`page errors: ${pageErrors.length}`);
await browser.close();
