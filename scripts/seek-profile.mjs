// Where a seek's time goes: perf (b)'s pass (the 100,000-event log, 200 seeded seeks, member
// t01 open, the code pane beside the lanes, 1280x720) on one or more served builds, each
// printing its medians and then, per seek, either the CPU profile's heaviest functions or the
// Chromium trace's phases. A developer's tool, never run by the test command: the figures
// move with the machine, so compare builds in one run (they are alternated). See
// docs/SEEK.md ("How to look into a seek").
//
// Usage: node scripts/seek-profile.mjs [--profile | --trace] [--seeks N] URL [URL ...]
//   URL      a served dist/ (python3 -m http.server PORT --directory dist)
//   --profile  self time per function (build with WASM_NAMES=1 to keep the wasm names)
//   --trace    the trace's time per phase (script in the animation frame, style, layout,
//              paint), elements styled and layout objects dirtied per seek
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const mode = args.includes('--profile') ? 'profile' : args.includes('--trace') ? 'trace' : 'medians';
const seeksAt = args.indexOf('--seeks');
const seeks = seeksAt >= 0 ? Number(args[seeksAt + 1]) : 200;
const urls = args.filter((a, i) => !a.startsWith('--') && i !== seeksAt + 1);
if (urls.length === 0 || !Number.isInteger(seeks) || seeks < 1) {
  console.error('usage: node scripts/seek-profile.mjs [--profile | --trace] [--seeks N] URL [URL ...]');
  process.exit(2);
}

/** The page at `url` with the long log open, t01 not yet selected. */
async function openLog(browser, url) {
  const origin = new URL(url).origin;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    // As in the e2e suite: checkpoints would stop the scrubber.
    storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'atp.checkpoints', value: 'off' }] }] },
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`page error: ${e}`));
  await page.goto(url);
  await page.getByTestId('member-card').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => typeof window.wasmBindings?.open_generated_log === 'function');
  await page.evaluate(() => window.wasmBindings.open_generated_log(100_000));
  await page.locator('[data-testid=member-card][data-member="t01"]').waitFor({ timeout: 120_000 });
  await page.getByTestId('code-pane').waitFor({ timeout: 60_000 });
  return { context, page };
}

/** Perf (b)'s pass: the medians of input -> counter and input -> style and layout (ms). */
function pass(page, member) {
  return page.evaluate(async ({ seeks, member }) => {
    const input = document.querySelector('[data-testid=scrubber]');
    const counter = document.querySelector('[data-testid=step-counter]');
    const last = Number(input.max);
    if (member) document.querySelector(`[data-testid=member-card][data-member="${member}"]`).click();
    const macrotask = () => new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(0); });
    await macrotask();
    let seed = 12345;
    const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
    const counterMs = [], layoutMs = [];
    for (let i = 0; i < seeks; i++) {
      const value = Math.floor(rand() * (last + 1));
      const want = new RegExp(`(^|\\D)${value} / `);
      const updated = new Promise((resolve) => {
        const obs = new MutationObserver(() => { if (want.test(counter.textContent ?? '')) { obs.disconnect(); resolve(); } });
        obs.observe(counter, { childList: true, subtree: true, characterData: true });
        if (want.test(counter.textContent ?? '')) { obs.disconnect(); resolve(); }
      });
      const start = performance.now();
      input.value = String(value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await updated;
      counterMs.push(performance.now() - start);
      await macrotask();
      void document.body.offsetHeight;
      layoutMs.push(performance.now() - start);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
    const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
    return { counter: median(counterMs), layout: median(layoutMs) };
  }, { seeks, member });
}

/** Self time per function from a CDP profile, per seek, heaviest first. */
function selfTimes(profile) {
  const perSample = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
  const self = new Map();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || `(${url.split('/').pop()}:${lineNumber})`;
    self.set(name, (self.get(name) ?? 0) + (node.hitCount ?? 0) * perSample / seeks);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40);
}

/** The trace's complete events summed by name, per seek, and what style and layout touched. */
function phases(events) {
  const sum = new Map();
  let styled = 0, dirty = 0, objects = 0;
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    sum.set(e.name, (sum.get(e.name) ?? 0) + e.dur / 1000 / seeks);
    if (e.name === 'UpdateLayoutTree') styled += e.args?.elementCount ?? 0;
    if (e.name === 'Layout') { dirty += e.args?.beginData?.dirtyObjects ?? 0; objects += e.args?.beginData?.totalObjects ?? 0; }
  }
  const wanted = ['FireAnimationFrame', 'EventDispatch', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize'];
  return {
    phases: wanted.map((name) => [name, sum.get(name) ?? 0]),
    styled: styled / seeks,
    dirty: dirty / seeks,
    objects: objects / seeks,
  };
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
try {
  for (const url of urls) {
    const { context, page } = await openLog(browser, url);
    const plain = await pass(page, null);
    const cdp = await context.newCDPSession(page);
    let detail;
    if (mode === 'profile') {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
      await cdp.send('Profiler.start');
      detail = await pass(page, 't01');
      const { profile } = await cdp.send('Profiler.stop');
      report(url, plain, detail);
      for (const [name, ms] of selfTimes(profile)) console.log(`${ms.toFixed(3).padStart(8)} ms  ${name.slice(0, 150)}`);
    } else if (mode === 'trace') {
      const events = [];
      cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
      await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
      detail = await pass(page, 't01');
      const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await done;
      report(url, plain, detail);
      const t = phases(events);
      for (const [name, ms] of t.phases) console.log(`${ms.toFixed(3).padStart(8)} ms  ${name}`);
      console.log(`elements styled ${t.styled.toFixed(0)}, layout objects dirty ${t.dirty.toFixed(0)} of ${t.objects.toFixed(0)} (per seek)`);
    } else {
      detail = await pass(page, 't01');
      report(url, plain, detail);
    }
    await context.close();
  }
} finally {
  await browser.close();
}

function report(url, plain, detail) {
  const f = (x) => x.toFixed(1);
  console.log(`${url}: no member ${f(plain.layout)} ms, t01 + pane ${f(detail.layout)} ms to style and layout (to the counter: ${f(plain.counter)} / ${f(detail.counter)} ms); medians of ${seeks} seeks`);
}
