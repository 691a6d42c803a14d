// Scenarios loaded from a link's src=: a course hosts its own scenario files. Each answer is
// served by Playwright's route interception (no fixture in www/): a valid scenario opens in
// free play and plays to its end under the default delivery policy; a non-JSON answer, an
// HTTP error, a host without CORS headers and a failed fetch each explain themselves in the
// error banner (in the page's language) while the default lesson stays open.
import { test, expect, Page } from '@playwright/test';
import { memberCard, modelServer, openLesson, readCounter, scrubTo, trackErrors, waitReady, shot } from './helpers';

const HOST = 'https://course.example';

const SCENARIO = {
  version: 1,
  title: 'Three readers',
  members: [
    { name: 'lead', role: 'lead', kind: 'lead' },
    { name: 'ann', role: 'reader', kind: 'teammate' },
    { name: 'bob', role: 'checker', kind: 'teammate', tools: ['read_file', 'send_message'] },
  ],
  files: { 'notes.txt': 'hello' },
  task: 'Read notes.txt and report.',
  replies: [
    { member: 'lead', order: 1, tool_calls: [
      { name: 'send_message', arguments: { to: 'ann', body: 'Read notes.txt.' } },
      { name: 'send_message', arguments: { to: 'bob', body: "Check ann's work." } },
    ] },
    { member: 'lead', order: 2, text: 'Split.' },
    { member: 'ann', order: 1, tool_calls: [{ name: 'read_file', arguments: { path: 'notes.txt' } }] },
    { member: 'ann', order: 2, tool_calls: [{ name: 'send_message', arguments: { to: 'lead', body: 'It says hello.' } }] },
    { member: 'ann', order: 3, text: 'Reported.' },
    { member: 'bob', order: 1, latency: 3, tool_calls: [{ name: 'send_message', arguments: { to: 'lead', body: 'Checked.' } }] },
    { member: 'bob', order: 2, text: 'Done.' },
    { member: 'lead', order: 3, text: 'notes.txt says hello; checked.' },
  ],
};

const CORS = { 'access-control-allow-origin': '*' };

async function openSrc(page: Page, url: string, lang = 'en') {
  await page.goto(`/#lang=${lang}&src=${encodeURIComponent(url)}`);
}

async function expectDefaultLessonWith(page: Page, banner: RegExp) {
  await expect(page.getByTestId('error-banner')).toContainText(banner);
  await expect(page.getByTestId('lesson-select')).toHaveValue('l1-two-investigators');
  await waitReady(page);
}

test('SCENARIO: a src= link to a scenario file on a host with CORS headers opens it in free play, and it plays to its end', async ({ page }) => {
  const errors = trackErrors(page);
  await page.route(`${HOST}/team.json`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: CORS, body: JSON.stringify(SCENARIO) }),
  );
  await openSrc(page, `${HOST}/team.json`);
  await expect(page.getByTestId('lesson-select')).toHaveValue('free-play');
  await expect(memberCard(page, 'bob')).toBeVisible();
  await expect(memberCard(page, 'ann')).toBeVisible();
  await expect(memberCard(page, 'reader')).toHaveCount(0);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  const { last } = await readCounter(page);
  expect(last).toBeGreaterThan(20);
  await scrubTo(page, last);
  // The narration explains the last event (a scenario has no lesson captions).
  await expect(page.getByTestId('caption')).not.toBeEmpty();
  await expect(page.getByTestId('result-panel')).toContainText('notes.txt says hello; checked.');
  await shot(page, { path: 'target/e2e/scenario-src-end.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('SCENARIO: a src= answer that is not JSON shows the error banner and the default lesson', async ({ page }) => {
  await page.route(`${HOST}/page.html`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', headers: CORS, body: '<!doctype html><p>Sign in</p>' }),
  );
  await openSrc(page, `${HOST}/page.html`);
  await expectDefaultLessonWith(page, /could not be opened: the answer is not JSON \(it starts: <!doctype html>/);
  await shot(page, { path: 'target/e2e/scenario-src-not-json.png' });
});

test('SCENARIO: a src= fetch that fails shows the error banner and the default lesson, in the page language, and the stored session stays', async ({ page }) => {
  await openLesson(page, 'l3-lock-scope');
  await scrubTo(page, 7);
  // This page's session is stored (when idle); a src= link that fails must not replace it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('atp.session') ?? '')).toContain('"step":7');
  const stored = await page.evaluate(() => localStorage.getItem('atp.session'));
  // The host answers late: the default lesson is on screen long enough to be (wrongly) stored.
  await page.route(`${HOST}/gone.json`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.abort('failed');
  });
  await page.goto('about:blank');
  await openSrc(page, `${HOST}/gone.json`);
  await expectDefaultLessonWith(page, /the host could not be reached/);
  await expect(page.getByTestId('error-banner')).toContainText('nothing you had was changed');
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => localStorage.getItem('atp.session'))).toBe(stored);
  await openSrc(page, `${HOST}/gone.json`, 'zh');
  await page.reload();
  await expectDefaultLessonWith(page, /连不上那台主机/);
});

test('SCENARIO: a src= host without CORS headers, an HTTP error and an invalid scenario each say what is wrong', async ({ page, baseURL }) => {
  // A real cross-origin read: the e2e static server (no CORS headers) under another host name.
  // Playwright's fulfilled responses skip the browser's CORS check, so they cannot show this.
  const otherOrigin = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  await page.route(`${HOST}/missing.json`, (route) => route.fulfill({ status: 404, headers: CORS, body: 'nope' }));
  await page.route(`${HOST}/bad.json`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: CORS, body: JSON.stringify({ ...SCENARIO, members: [] }) }),
  );
  await openSrc(page, `${otherOrigin}/index.html`);
  await expectDefaultLessonWith(page, /Access-Control-Allow-Origin/);
  await openSrc(page, `${HOST}/missing.json`);
  await page.reload();
  await expectDefaultLessonWith(page, /HTTP 404/);
  await openSrc(page, `${HOST}/bad.json`);
  await page.reload();
  await expectDefaultLessonWith(page, /exactly one lead/);
});

test('LIVE: a scenario opened from src= runs live on the loopback model server and its teammates get their mail', async ({ page, request }) => {
  const server = modelServer();
  test.skip(!server, 'no model server (MODEL_SERVER_URLS or MODEL_SERVER_URL): scripts/test.sh starts the loopback model server');
  const errors = trackErrors(page);
  await request.post(`${server}/_reset`);
  await page.route(`${HOST}/team.json`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', headers: CORS, body: JSON.stringify(SCENARIO) }),
  );
  await openSrc(page, `${HOST}/team.json`);
  await expect(memberCard(page, 'bob')).toBeVisible();
  const panel = page.getByTestId('live-panel');
  await panel.scrollIntoViewIfNeeded();
  await page.getByTestId('provider-select').selectOption('openai');
  await page.getByTestId('provider-base-url').fill(`${server}/openai/v1`);
  await page.getByTestId('provider-model').fill('team');
  await page.getByTestId('run-live').click();
  await expect(page.getByTestId('live-status')).toContainText(/The run is over/, { timeout: 30_000 });
  const { last } = await readCounter(page);
  await scrubTo(page, last);
  // The default policy delivered the lead's messages to both teammates, and their reports back.
  for (const name of ['ann', 'bob']) {
    await expect(memberCard(page, name)).toContainText(/deliveries 1\/2/);
  }
  await expect(page.getByTestId('result-panel')).toContainText('Summary of the reports');
  await shot(page, { path: 'target/e2e/scenario-live.png', fullPage: true });
  expect(errors).toEqual([]);
});
