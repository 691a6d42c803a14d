// Four edges that real course hosts showed (issue 26, part 6), each with a host page on another
// origin served by this spec (127.0.0.1:COURSE_HOST_PORT, 8383 by default; the playground is on
// the e2e server's port): a frame below the fold, an H5P resizer that loads after the frame is
// up, a host that reads `lti.frameResize` only as a JSON string, and `embed.js` on a frame with
// `box-sizing: border-box`, a border and padding.
import { test, expect, Page } from '@playwright/test';
import { HostServer } from './host-server';

const NAME = 'agent-team-playground';
const HOST_PORT = Number(process.env.COURSE_HOST_PORT ?? 8383);
const HOST = `http://127.0.0.1:${HOST_PORT}`;

// Every message the frame posts is kept in window.received; ?below= puts the frame that many
// pixels below the fold; ?h5p=late installs an H5P resizer (the protocol as h5p-resizer.js
// speaks it) only after the frame said ready; ?strings=1 is a host that reads lti.frameResize
// only from a JSON string, as older Canvas and IMathAS do.
const HOST_HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Course page</title><link rel="icon" href="data:,"></head>
<body style="margin:0">
<h1>A course page</h1>
<div id="spacer"></div>
<iframe id="pg" title="playground" style="width:100%;height:300px;border:0"></iframe>
<script>
  const params = new URLSearchParams(location.search);
  const frame = document.getElementById('pg');
  document.getElementById('spacer').style.height = (params.get('below') || '0') + 'px';
  window.received = [];
  function h5p(event) {
    const data = event.data;
    if (!data || data.context !== 'h5p') return;
    if (data.action === 'hello') event.source.postMessage({ context: 'h5p', action: 'hello' }, event.origin);
    if (data.action === 'prepareResize') {
      if (frame.clientHeight !== data.scrollHeight || data.scrollHeight !== data.clientHeight) {
        frame.style.height = data.clientHeight + 'px';
        event.source.postMessage({ context: 'h5p', action: 'resizePrepared' }, event.origin);
      }
    }
    if (data.action === 'resize') {
      frame.style.height = data.scrollHeight + 'px';
      frame.dataset.h5pHeight = String(data.scrollHeight);
    }
  }
  window.installResizer = () => window.addEventListener('message', h5p);
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow) return;
    window.received.push(event.data);
    if (params.get('strings') && typeof event.data === 'string') {
      let data = null;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data && data.subject === 'lti.frameResize') {
        frame.style.height = data.height + 'px';
        frame.dataset.stringHeight = String(data.height);
      }
    }
  });
  frame.src = params.get('frame');
</script>
</body></html>`;

// embed.js on a frame with box-sizing: border-box, a 5 px border and 3 px padding.
const BORDER_HTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Course page</title><link rel="icon" href="data:,"></head>
<body>
<iframe id="pg" title="playground" style="box-sizing:border-box;width:100%;height:300px;border:5px solid #888;padding:3px"></iframe>
<script>
  window.received = [];
  const frame = document.getElementById('pg');
  window.addEventListener('message', (event) => { if (event.source === frame.contentWindow) window.received.push(event.data); });
  frame.src = new URLSearchParams(location.search).get('frame');
</script>
<script src="tools/playground/embed.js"></script>
</body></html>`;

const host = new HostServer(HOST_PORT, { 'host.html': HOST_HTML, 'border.html': BORDER_HTML });
test.beforeAll(async () => host.start());
test.afterAll(() => host.stop());

function link(baseURL: string | undefined, fragment: string): string {
  return `${(baseURL ?? 'http://127.0.0.1:8181').replace(/\/$/, '')}/#${fragment}`;
}

async function ours(page: Page, type: string): Promise<any[]> {
  return page.evaluate(
    ([name, type]) => (window as any).received.filter((d: any) => d && d.source === name && d.type === type),
    [NAME, type],
  );
}

test('EMBED: a frame below the fold says ready and posts its height without being scrolled into view, and answers a command', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1000, height: 700 });
  const frameLink = link(baseURL, 'lesson=l1-two-investigators&lang=en&embed=1');
  await page.goto(`${HOST}/host.html?below=4000&frame=${encodeURIComponent(frameLink)}`);
  await expect.poll(async () => (await ours(page, 'ready')).length, { timeout: 10_000 }).toBe(1);
  await expect.poll(async () => (await ours(page, 'resize')).length).toBeGreaterThan(0);
  // Still below the fold: nothing scrolled it into view.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.locator('#pg').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(700);
  await page.evaluate(
    (name) => (document.getElementById('pg') as HTMLIFrameElement).contentWindow!.postMessage(
      { target: name, v: 1, type: 'goto', step: 5, id: 'g' }, '*'),
    NAME,
  );
  await expect.poll(async () => (await ours(page, 'reply')).map((r) => [r.id, r.ok, r.step])).toEqual([['g', true, 5]]);
});

test("EMBED: an H5P resizer that loads after the frame is up still sizes it: the frame says hello again on each change of height until answered", async ({ page, baseURL }) => {
  const frameLink = link(baseURL, 'lesson=l1-two-investigators&lang=en');
  await page.goto(`${HOST}/host.html?frame=${encodeURIComponent(frameLink)}`);
  await expect.poll(async () => (await ours(page, 'ready')).length, { timeout: 10_000 }).toBe(1);
  const hellos = async () =>
    page.evaluate(() => (window as any).received.filter((d: any) => d && d.context === 'h5p' && d.action === 'hello').length);
  const before = await hellos();
  expect(before).toBeGreaterThanOrEqual(1);
  await page.evaluate(() => (window as any).installResizer());
  // A change of the frame's content height: the course page reflows the frame narrower.
  await page.evaluate(() => ((document.getElementById('pg') as HTMLIFrameElement).style.width = '600px'));
  await expect(page.locator('#pg')).toHaveAttribute('data-h5p-height', /^\d{3,}$/);
  expect(await hellos()).toBeGreaterThan(before);
  // The frame is the height the resizer last set. Both read at once and polled: the later parts
  // may still be mounting, and each one that changes the height sends a new one.
  await expect.poll(() => page.locator('#pg').evaluate((el) => el.clientHeight - Number(el.getAttribute('data-h5p-height')))).toBe(0);
});

test('EMBED: a host that reads lti.frameResize only as a JSON string sizes the frame; object readers still get objects', async ({ page, baseURL }) => {
  const frameLink = link(baseURL, 'lesson=l1-two-investigators&lang=zh&embed=1');
  await page.goto(`${HOST}/host.html?strings=1&frame=${encodeURIComponent(frameLink)}`);
  await expect(page.locator('#pg')).toHaveAttribute('data-string-height', /^\d{3,}$/, { timeout: 10_000 });
  const height = Number(await page.locator('#pg').getAttribute('data-string-height'));
  const objects = await page.evaluate(() =>
    (window as any).received.filter((d: any) => d && typeof d === 'object' && d.subject === 'lti.frameResize'));
  expect(objects.at(-1)?.height).toBe(height);
  expect(await page.locator('#pg').evaluate((el) => el.clientHeight)).toBe(height);
});

test('EMBED: embed.js sizes a border-box frame with a border and padding so its content gets the whole height it asked for', async ({ page, baseURL }) => {
  const frameLink = link(baseURL, 'lesson=l1-two-investigators&lang=en&embed=1');
  await page.goto(`${HOST}/border.html?frame=${encodeURIComponent(frameLink)}`);
  await expect.poll(async () => (await ours(page, 'resize')).length, { timeout: 10_000 }).toBeGreaterThan(0);
  const asked = async () => (await ours(page, 'resize')).at(-1).height as number;
  await expect.poll(async () => {
    const inner = await page.frameLocator('#pg').locator('html').evaluate(() => window.innerHeight);
    return inner === (await asked());
  }).toBe(true);
  // The border (2 x 5) and the padding (2 x 3) are outside the content.
  const outer = await page.locator('#pg').evaluate((el) => el.getBoundingClientRect().height);
  expect(outer).toBe((await asked()) + 16);
});
