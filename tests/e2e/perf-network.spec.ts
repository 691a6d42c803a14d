// Performance figures per network profile (issue 25, part 1), printed and never asserted (timing
// assertions flake on a shared CI box). scripts/perf.sh serves dist/ with compression on the wire
// (scripts/static-server.mjs: the precompressed .br/.gz beside each asset, no-store) and sets
// PERF_NET_URL. Each run is a cold load in a fresh context with the cache off (CDP
// `Network.setCacheDisabled`), the network and the CPU slowed through the DevTools protocol, and
// measures, in ms since navigation start: when the boot screen first shows its bar, when the
// first caption with text is on screen (the static first view's counts), when the first step
// works (the forward button is tapped until the caption changes: a tap that lands before the
// page is live is lost), the bytes on
// the wire before that step (CDP `Network.loadingFinished` encodedDataLength, else the
// `Network.dataReceived` chunks) and the layout
// shift (CLS, shifts without recent input) before it. Medians per profile and link, beside the
// issue's targets. Two more figures split the first step into its parts: when the last byte of
// the first wasm module arrived (what the bytes cost; nothing can run before it) and when the
// page went live (the forward button enabled: the module compiled, the lesson run, the view
// built); the step is then one click and one render later. PERF_NET_RUNS (default 5) sets the runs per profile and link.
import { test, expect, Browser, Page } from '@playwright/test';

const RUNS = Number(process.env.PERF_NET_RUNS ?? 5);
// How often the finger taps while the step does not work yet.
const TAP_EVERY_MS = 50;

type Profile = {
  name: string;
  downKbps: number;
  upKbps: number;
  rttMs: number;
  cpu: number;
  viewport: { width: number; height: number };
};

// Decimal kilobits as the issue states them; CDP takes bytes per second.
const PROFILES: Profile[] = [
  // Lighthouse's mobile profile.
  { name: 'mobile', downKbps: 1600, upKbps: 750, rttMs: 150, cpu: 4, viewport: { width: 390, height: 844 } },
  // DevTools' Fast 3G preset has no CPU setting; a phone on 3G is slow too, so the same 4x.
  { name: 'fast-3g', downKbps: 1440, upKbps: 675, rttMs: 562.5, cpu: 4, viewport: { width: 390, height: 844 } },
  { name: 'broadband', downKbps: 20000, upKbps: 20000, rttMs: 20, cpu: 1, viewport: { width: 1366, height: 800 } },
];

const LINKS = [
  { name: 'l1 en', hash: '#lesson=l1-two-investigators&lang=en', locale: 'en-US' },
  { name: 'l3 zh', hash: '#lesson=l3-lock-scope&lang=zh', locale: 'zh-CN' },
];

type Run = {
  boot: number | null;
  caption: number;
  step: number;
  live: number;
  module: number | null;
  bytes: number;
  cls: number;
  /** From the tap that worked (the last before the step) to the changed caption. */
  tapToStep: number | null;
  /** The median time between two taps, as the page received them. */
  tapGap: number | null;
  encodings: string;
};

/** One cold load of `url` under `profile`: the figures of one run. */
async function coldRun(browser: Browser, url: string, locale: string, profile: Profile): Promise<Run> {
  const context = await browser.newContext({ viewport: profile.viewport, locale });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as any;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as any[]) {
        if (!e.hadRecentInput) w.__shifts.push({ at: e.startTime, value: e.value });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // Every tap as the page received it (its input timestamp), to split the step into the wait
    // for a tap and the tap's own time to the changed caption.
    w.__taps = [];
    addEventListener('pointerdown', (e) => w.__taps.push(e.timeStamp), true);
    // Promises the run awaits from outside (`seen`), settled here when the caption and the step
    // come, so no Playwright wait polls the loading page.
    w.__seen = {};
    for (const name of ['caption', 'step']) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      w.__seen[name] = { promise, resolve };
    }
    const laidOut = (el: Element | null) => !!el && (el as HTMLElement).getBoundingClientRect().width > 0;
    const check = () => {
      const now = performance.now();
      if (w.__bootAt === undefined) {
        const boot = document.getElementById('boot');
        if (boot && !boot.hidden && laidOut(boot.querySelector('progress'))) w.__bootAt = now;
      }
      if (w.__liveAt === undefined && document.querySelector('[data-testid=step-forward]:not([disabled])')) w.__liveAt = now;
      const caption = document.querySelector('[data-testid=caption]');
      const text = (caption?.textContent ?? '').trim();
      if (w.__captionAt === undefined && text !== '' && laidOut(caption)) {
        w.__captionAt = now;
        w.__firstCaption = text;
        w.__seen.caption.resolve();
      } else if (w.__captionAt !== undefined && w.__stepAt === undefined && text !== w.__firstCaption) {
        w.__stepAt = now;
        w.__seen.step.resolve();
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  });

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: (profile.downKbps * 1000) / 8,
    uploadThroughput: (profile.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  // CDP timestamps are monotonic seconds; the document request's start is the zero they are
  // measured from (navigation start, within a millisecond).
  let t0: number | undefined;
  // Per request: the chunks received (body bytes on the wire) and, once it finishes, its total
  // with headers. Chromium sometimes sends no loadingFinished for the module under throttling
  // (its body is consumed by streaming compilation), so a request without one counts its chunks.
  const chunks: { id: string; at: number; bytes: number }[] = [];
  const finished = new Map<string, { at: number; bytes: number }>();
  const encodings = new Map<string, string>();
  // The first module: the playground's `*_bg.wasm` (the later modules are `split_*`/`chunk_*`).
  let moduleId: string | undefined;
  cdp.on('Network.requestWillBeSent', (e: any) => {
    if (t0 === undefined && e.type === 'Document') t0 = e.timestamp;
    if (moduleId === undefined && /_bg\.wasm$/.test(new URL(e.request.url).pathname)) moduleId = e.requestId;
  });
  cdp.on('Network.responseReceived', (e: any) => {
    const h = e.response.headers ?? {};
    const enc = h['content-encoding'] ?? h['Content-Encoding'] ?? 'none';
    const ext = /\.(wasm|js|css|html|mjs)$/.exec(new URL(e.response.url).pathname)?.[1] ?? 'html';
    encodings.set(ext, enc);
  });
  cdp.on('Network.dataReceived', (e: any) => chunks.push({ id: e.requestId, at: e.timestamp, bytes: e.encodedDataLength }));
  cdp.on('Network.loadingFinished', (e: any) => finished.set(e.requestId, { at: e.timestamp, bytes: e.encodedDataLength }));

  await page.goto(url, { waitUntil: 'commit' });
  // Tap forward until the caption changes; each try is short so a lost tap costs little. A tap
  // is a mouse press and release at the button's centre, sent to the browser as input (CDP), as
  // a learner's finger is: the static first view (index.html) shows the button disabled at the
  // same place until the page is live, so taps before that are lost. Playwright's locator click
  // (PERF_NET_CLICK=locator) first waits, in script slowed like the page, for the button to be
  // enabled and to stay put for two frames: that added 0.2-0.4 s on the mobile profile that no
  // learner waits. The taps come every TAP_EVERY_MS: a loop that asked the page between taps
  // whether the step had come (two evaluations, the button's box, a short wait) tapped only every
  // 120-280 ms under load, and that gap, not the page, was 0.1-0.2 s of the printed step. The
  // button's box is read by the page's own script (`buttonBox`), not with a locator: the first
  // locator call in a fresh page returned the box 250-400 ms after the caption on broadband, after
  // the page was live. While the page is busy the taps wait for it, as a finger's do: each tap is
  // sent when the page has taken the one before.
  const enabled = page.locator('[data-testid=step-forward]:not([disabled])');
  const locatorClick = process.env.PERF_NET_CLICK === 'locator';
  // Whether the step has been seen; the taps only read this flag, so nothing but the tap itself
  // comes between two taps.
  let stepped = false;
  let never: unknown;
  const stepSeen = seen(page, 'step').then(() => { stepped = true; }, (e) => { never = e; stepped = true; });
  await seen(page, 'caption');
  let box: { x: number; y: number; width: number; height: number } | null = null;
  for (let taps = 0; !stepped; taps++) {
    const started = Date.now();
    if (locatorClick) {
      if ((await enabled.count()) > 0) await enabled.click({ timeout: 1_000 }).catch(() => undefined);
    } else {
      // Read again now and then, in case the button moved (it should not: CLS is printed).
      if (box === null || taps % 20 === 19) box = (await buttonBox(page)) ?? box;
      if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    }
    await page.waitForTimeout(Math.max(0, TAP_EVERY_MS - (Date.now() - started)));
  }
  await stepSeen;
  if (never !== undefined) throw new Error(`${url}: the first step never worked (${never})`);
  // Let the layout-shift entries of the frames before the step arrive.
  await page.waitForTimeout(200);
  const r = await page.evaluate(() => {
    const w = window as any;
    const cls = (w.__shifts as { at: number; value: number }[]).filter((s) => s.at < w.__stepAt).reduce((a, s) => a + s.value, 0);
    const taps = (w.__taps as number[]).filter((t) => t <= w.__stepAt);
    const gaps = taps.slice(1).map((t, i) => t - taps[i]);
    return {
      boot: (w.__bootAt ?? null) as number | null,
      caption: w.__captionAt as number,
      step: w.__stepAt as number,
      live: (w.__liveAt ?? w.__stepAt) as number,
      cls,
      // The last tap before the step is the one that worked: a tap is sent only once the page
      // has taken the one before, and the step renders in the task that handles its tap.
      tapToStep: taps.length ? w.__stepAt - taps[taps.length - 1] : null,
      tapGap: gaps.length ? [...gaps].sort((a, b) => a - b)[gaps.length >> 1] : null,
    };
  });
  const zero = t0 ?? 0;
  const before = (at: number) => (at - zero) * 1000 <= r.step;
  let bytes = 0;
  for (const [, f] of finished) if (before(f.at)) bytes += f.bytes;
  for (const c of chunks) if (!(finished.has(c.id) && before(finished.get(c.id)!.at)) && before(c.at)) bytes += c.bytes;
  // The module's last byte: its loadingFinished, else its last chunk (see `chunks` above).
  const moduleDone = moduleId === undefined ? undefined
    : finished.get(moduleId)?.at ?? chunks.filter((c) => c.id === moduleId).reduce<number | undefined>((a, c) => Math.max(a ?? 0, c.at), undefined);
  const module = moduleDone === undefined ? null : (moduleDone - zero) * 1000;
  await context.close();
  const enc = [...encodings].sort().map(([k, v]) => `${k} ${v}`).join(', ');
  return { ...r, module, bytes, encodings: enc };
}

/** Resolves when the init script has seen the first caption (`caption`) or the first step
 * (`step`); rejects after 90 s. */
async function seen(page: Page, what: 'caption' | 'step'): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within 90 s`)), 90_000);
  });
  try {
    await Promise.race([page.evaluate((name) => (window as any).__seen[name].promise, what), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The forward button's box, once it is laid out (the static first view's, until the page is live). */
async function buttonBox(page: Page) {
  return page
    .evaluate(() => {
      const r = document.querySelector('[data-testid=step-forward]')?.getBoundingClientRect();
      return r && r.width > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    })
    .catch(() => null);
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A figure beside its target: `3.91 s (<= 1.0 s: NOT met)`, or the figure alone without one. */
function vs(value: string, target?: { text: string; met: boolean }) {
  return target ? `${value} (${target.text}: ${target.met ? 'met' : 'NOT met'})` : value;
}

test('perf (c): first caption, first working step, bytes and layout shift per network profile', async ({ browser, baseURL }) => {
  test.setTimeout(15 * 60_000);
  const base = process.env.PERF_NET_URL || baseURL;
  const started = Date.now();
  const rows: string[] = [];
  const seen = new Set<string>();
  for (const profile of PROFILES) {
    const runs = new Map<string, Run[]>(LINKS.map((l) => [l.name, []]));
    // Warm-up (server, browser process), not counted.
    await coldRun(browser, `${base}/${LINKS[0].hash}`, LINKS[0].locale, profile);
    for (let i = 0; i < RUNS; i++) {
      for (const link of LINKS) runs.get(link.name)!.push(await coldRun(browser, `${base}/${link.hash}`, link.locale, profile));
    }
    for (const link of LINKS) {
      const rs = runs.get(link.name)!;
      rs.forEach((r) => seen.add(r.encodings));
      const boots = rs.map((r) => r.boot).filter((b): b is number => b !== null);
      const caption = median(rs.map((r) => r.caption));
      const step = median(rs.map((r) => r.step));
      const live = median(rs.map((r) => r.live));
      const modules = rs.map((r) => r.module).filter((m): m is number => m !== null);
      const bytes = median(rs.map((r) => r.bytes));
      const cls = median(rs.map((r) => r.cls));
      const known = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
      const tapToStep = known(rs.map((r) => r.tapToStep));
      const tapGap = known(rs.map((r) => r.tapGap));
      const mobile = profile.name === 'mobile';
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      rows.push([
        `${profile.name.padEnd(9)} ${link.name}`,
        `boot bar ${boots.length ? `${s(median(boots))} (${boots.length}/${rs.length})` : 'never shown'}`,
        `first caption ${vs(s(caption), mobile ? { text: '<= 1.0 s', met: caption <= 1000 } : undefined)}`,
        `first step ${vs(s(step), mobile ? { text: '<= 3.0 s', met: step <= 3000 } : profile.name === 'broadband' ? { text: '<= 0.5 s', met: step <= 500 } : undefined)}`,
        `first module in ${modules.length ? s(median(modules)) : 'not seen'}, live ${s(live)}`,
        `tap to step ${tapToStep.length ? `${median(tapToStep).toFixed(0)} ms` : 'not seen'}, taps ${tapGap.length ? `${median(tapGap).toFixed(0)} ms` : '-'} apart`,
        `bytes ${vs(`${(bytes / 1000).toFixed(0)} KB`, { text: '<= 300 KB', met: bytes <= 300_000 })}`,
        `CLS ${vs(cls.toFixed(3), { text: '<= 0.05', met: cls <= 0.05 })}`,
      ].join(' | '));
    }
  }
  const out = [
    '',
    `PERF (c) per network profile: ${base}, cache off, ${process.env.PERF_NET_CLICK === 'locator' ? 'locator clicks' : 'taps at the button'}, ${RUNS} cold loads per profile and link (interleaved), medians, times since navigation start`,
    ...PROFILES.map((p) => `  ${p.name}: ${p.downKbps / 1000} Mbps down, ${p.upKbps / 1000} Mbps up, ${p.rttMs} ms RTT, ${p.cpu === 1 ? 'no CPU slowdown' : `CPU ${p.cpu}x slower`}, viewport ${p.viewport.width}x${p.viewport.height}`),
    `  content encodings on the wire: ${[...seen].join(' / ')}`,
    ...rows.map((r) => `  ${r}`),
    `  (bytes: encodedDataLength of the responses before the first working step, headers included; CLS: layout shifts without recent input before it; this part took ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  ];
  console.log(out.join('\n'));
  expect(rows.length).toBe(PROFILES.length * LINKS.length);
});
