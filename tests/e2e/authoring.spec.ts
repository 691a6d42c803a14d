// Authoring that teaches (issue 23, part 2): in the scenario editor a lost message is written
// in one place (a delivery fault under drain-on-read and a reply that depends on what its
// request holds), the check lists what answered each request and what never ran or names a
// message the member never received, the task is held to the engine's body limit, and the
// fork panel numbers a member's requests from 1 like the editor.
import { test, expect, Page } from '@playwright/test';
import { memberCard, openLesson, readCounter, scrubTo, trackErrors, waitReady, shot } from './helpers';
import { axeViolations, commit } from './editor-helpers';

/** ana tells ben the launch date (m2); ben announces it; the lead's third reply never runs. */
const LOST = {
  version: 1,
  title: 'Lost message',
  members: [
    { name: 'lead', role: 'lead', kind: 'lead' },
    { name: 'ana', role: 'planner', kind: 'teammate' },
    { name: 'ben', role: 'announcer', kind: 'teammate' },
  ],
  task: 'Announce the launch date.',
  toggles: { drain_on_read: true },
  replies: [
    { member: 'lead', order: 1, tool_calls: [{ name: 'send_message', arguments: { to: 'ana', body: 'Tell ben the launch date.' } }] },
    { member: 'lead', order: 2, text: 'ana will tell ben.' },
    { member: 'lead', order: 3, text: 'Everyone knows the date.' },
    { member: 'ana', order: 1, tool_calls: [{ name: 'send_message', arguments: { to: 'ben', body: 'The launch is on May 3.' } }] },
    { member: 'ana', order: 2, text: 'Told ben.' },
    { member: 'ben', order: 1, text: 'Announcing May 3, as m2 says.' },
  ],
};

async function openLost(page: Page, lang: 'en' | 'zh' = 'en') {
  const src = 'https://course.example/lost-message.json';
  await page.route(src, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(LOST),
    }),
  );
  await page.goto(`/#src=${encodeURIComponent(src)}&lang=${lang}`);
  await waitReady(page);
  await expect(memberCard(page, 'ben')).toBeVisible();
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
}

/** ben's final answer at the end of the run on screen. */
async function bensAnswer(page: Page) {
  const { last } = await readCounter(page);
  await scrubTo(page, last);
  return page.locator('[data-testid=result-answer][data-member=ben] .result-text');
}

test('AUTHORING M6: a lost message written in the editor: a delivery fault in drain mode, a conditional reply, and the check', async ({ page }) => {
  const errors = trackErrors(page);
  await openLost(page);
  const check = page.getByTestId('editor-check');
  // As written: ben receives m2 and announces it; the lead's third reply never runs.
  await expect(await bensAnswer(page)).toContainText('Announcing May 3');
  await expect(check.getByTestId('editor-finding')).toHaveText(['Reply 3 never ran: in this run lead never sends request 3.']);

  // The fault: ben's first delivery is lost (drain on read is on).
  await page.locator('.editor-faults summary').click();
  await page.getByTestId('editor-new-fault-member').selectOption('ben');
  await page.getByTestId('editor-add-fault').click();
  await expect(page.getByTestId('editor-fault-moment-0')).toHaveValue('delivery');
  await expect(page.getByTestId('editor-fault-number-0')).toHaveValue('1');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
  // ben now speaks of a message he never received, and the check says so.
  await expect(await bensAnswer(page)).toContainText('Announcing May 3');
  await expect(check.getByTestId('editor-findings')).toContainText("Reply 6 names m2, but ben's request never held it");

  // The reply depends on what ben's request holds: m2, or the alternative.
  await page.locator('.editor-replies summary').click();
  await commit(page, 'editor-reply-holds-5', 'm2');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'false');
  await expect(page.locator('[data-testid=editor-field-error][data-field=reply-5]')).toContainText('replies[5] has a condition but no otherwise');
  await commit(page, 'editor-reply-otherwise-5', 'I have not heard a date, so I announce nothing.');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
  await expect(page.getByTestId('editor-reply-ran-5')).toContainText('(otherwise)');
  await check.locator('.editor-answered summary').click();
  await expect(check.getByTestId('editor-answered')).toContainText("ben's request 1 → reply 6's otherwise (its condition did not hold)");
  await expect(await bensAnswer(page)).toHaveText('I have not heard a date, so I announce nothing.');
  // ben no longer speaks of m2; the check says his main text never runs in this run.
  await expect(check.getByTestId('editor-findings')).not.toContainText("ben would speak of a message");
  await expect(check.getByTestId('editor-findings')).toContainText("Reply 6's condition needs m2, which ben never received in this run");
  await shot(page.getByTestId('editor'), { path: 'target/e2e/authoring-editor-en.png' });

  // In Chinese: the check's list and the answered rows.
  await page.getByTestId('lang-toggle').click();
  await expect(check.getByTestId('editor-findings')).toContainText('第 3 个回复从没运行');
  await expect(check.getByTestId('editor-answered')).toContainText('ben 的第 1 个请求 → 第 6 个回复的“否则”');
  await expect(page.getByTestId('editor-faults')).toContainText('故障（1 个）');
  await shot(page.getByTestId('editor'), { path: 'target/e2e/authoring-editor-zh.png' });
  await page.getByTestId('lang-toggle').click();

  // A request fault instead: ben's request 1 fails, which clashes with his reply 1.
  await page.getByTestId('editor-fault-moment-0').selectOption('request');
  await expect(page.getByTestId('editor-fault-error-0')).toHaveValue('overloaded');
  await expect(page.locator('[data-testid=editor-field-error][data-field=fault-0]')).toContainText("faults[0]: 'ben' request 1 has both replies[5] and this fault: remove one");
  await commit(page, 'editor-fault-number-0', '2');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
  await expect(check.getByTestId('editor-findings')).toContainText('Fault 1 never struck');
  expect(errors).toEqual([]);
});

test('AUTHORING M7: the task is held to the engine body limit (600), in both languages', async ({ page }) => {
  await page.goto('/#lesson=free-play&lang=en');
  await waitReady(page);
  await commit(page, 'editor-task', 'x'.repeat(600));
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
  await expect(page.getByTestId('editor-task-count')).toContainText('600 / 600 characters');
  await commit(page, 'editor-task', 'x'.repeat(601));
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'false');
  await expect(page.getByTestId('editor-task-count')).toHaveAttribute('data-over', 'true');
  await expect(page.locator('[data-testid=editor-field-error][data-field=task]')).toContainText('task is too long: 601 characters; the limit is 600');
  await page.getByTestId('lang-toggle').click();
  await expect(page.locator('[data-testid=editor-field-error][data-field=task]')).toContainText('task 太长：601 个字符，上限是 600');
  await expect(page.getByTestId('editor-task-count')).toContainText('601 / 600 个字符');
  // A scenario that raises the body limit takes the longer task.
  await page.locator('.editor-limits summary').click();
  await commit(page, 'editor-limit-body_chars', '601');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
});

test('AUTHORING M7: an older version 1 scenario with a task over the body limit still opens; the editor shows the task over the limit', async ({ page }) => {
  const errors = trackErrors(page);
  const src = 'https://course.example/old-long-task.json';
  await page.route(src, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({ ...LOST, task: 'x'.repeat(700) }),
    }),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#src=${encodeURIComponent(src)}&lang=en`);
  await waitReady(page);
  // It opens (valid before version 2): no refusal of the link.
  await expect(memberCard(page, 'ben')).toBeVisible();
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  // The editor holds what it writes to the engine's limit: the task is shown over it.
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'false');
  await expect(page.getByTestId('editor-task-count')).toHaveAttribute('data-over', 'true');
  const taskError = page.locator('[data-testid=editor-field-error][data-field=task]');
  await expect(taskError).toContainText('task is too long: 700 characters; the limit is 600');
  await expect(taskError).toContainText('the engine refuses this task');
  await taskError.scrollIntoViewIfNeeded();
  await shot(page, { path: 'target/e2e/authoring-old-long-task-phone-en.png' });
  await page.getByTestId('lang-toggle').click();
  await expect(taskError).toContainText('task 太长：700 个字符，上限是 600');
  await expect(taskError).toContainText('引擎会拒绝这个任务');
  await page.setViewportSize({ width: 1366, height: 800 });
  await taskError.scrollIntoViewIfNeeded();
  await shot(page, { path: 'target/e2e/authoring-old-long-task-laptop-zh.png' });
  expect(errors).toEqual([]);
});

test('FORK: the fork panel numbers a member\'s requests from 1, as the editor does', async ({ page }) => {
  await openLesson(page, 'l1-two-investigators');
  const fork = page.getByTestId('fork');
  await fork.getByTestId('fork-kind').selectOption('reply');
  await fork.getByTestId('fork-member').selectOption('reader');
  // At step 0 reader has sent nothing: its next request is request 1.
  await expect(fork.getByTestId('fork-request-index')).toHaveValue('1');
  await expect(fork).toContainText('from 1');
  await fork.getByTestId('fork-request-index').fill('0');
  await fork.getByTestId('fork-text').fill('Nothing to add.');
  await fork.getByTestId('fork-apply').click();
  await expect(fork.getByTestId('fork-error')).toContainText('The request number must be a whole number, 1 or more');
  await fork.getByTestId('fork-request-index').fill('1');
  await fork.getByTestId('fork-apply').click();
  await expect(fork.getByTestId('fork-error')).toHaveCount(0);
  await expect(fork).toContainText("reply to reader's request 1 becomes");
});

for (const lang of ['en', 'zh'] as const) {
  test(`AUTHORING: the editor with a fault, a condition and the check on a phone and a laptop, ${lang}`, async ({ page }) => {
    await openLost(page, lang);
    await page.locator('.editor-faults summary').click();
    await page.getByTestId('editor-new-fault-member').selectOption('ben');
    await page.getByTestId('editor-add-fault').click();
    await page.locator('.editor-replies summary').click();
    await commit(page, 'editor-reply-holds-5', 'm2');
    await commit(page, 'editor-reply-otherwise-5', lang === 'en' ? 'No date yet.' : '还没有日期。');
    await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
    await page.getByTestId('editor-check').locator('.editor-answered summary').click();
    expect(await axeViolations(page)).toEqual([]);
    for (const [w, h, name] of [[390, 844, 'phone'], [1366, 800, 'laptop']] as const) {
      await page.setViewportSize({ width: w, height: h });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `no horizontal scroll at ${w}px`).toBeLessThanOrEqual(1);
      for (const part of ['editor-faults', 'editor-reply-5', 'editor-check']) {
        const box = await page.getByTestId(part).boundingBox();
        expect(box, part).not.toBeNull();
        expect(box!.x + box!.width, `${part} fits ${w}px`).toBeLessThanOrEqual(w + 1);
      }
      await shot(page.getByTestId('editor-faults'), { path: `target/e2e/authoring-faults-${name}-${lang}.png` });
      await shot(page.getByTestId('editor-reply-5'), { path: `target/e2e/authoring-reply-${name}-${lang}.png` });
      await shot(page.getByTestId('editor-check'), { path: `target/e2e/authoring-check-${name}-${lang}.png` });
    }
  });
}
