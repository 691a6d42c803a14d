// The contrast modes are the learner's toggles (M6, T6): in lessons 2 and 3 the learner flips
// drain on read and hold-the-lock from switches above the caption; the lesson replays in that
// mode at the same step and the difference shows at once (the run's outcome line) and on the
// lanes and cards. And lessons speak the learner's language all the way down: the Chinese
// page shows the lesson's own bodies and replies in Chinese.
import { test, expect, Page } from '@playwright/test';
import {
  trackErrors, openLesson, scrubTo, memberCard, readCounter, caption, chip, laneOf, setLang,
  selectMember, expectChipIn, CJK, screenshots,
} from './helpers';

const L2 = 'l2-drain-loses-mail';
const L3 = 'l3-lock-scope';

const drain = (page: Page) => page.getByTestId('toggle-drain');
const holdLock = (page: Page) => page.getByTestId('toggle-hold-lock');
const outcome = (page: Page) => page.getByTestId('toggle-outcome');
const lostChips = (page: Page) => page.getByTestId('lane-lost').getByTestId('message-chip');

async function busy(page: Page, name: string) {
  return (await memberCard(page, name).getAttribute('data-busy')) === 'true';
}

/** Whether reader and reviewer are busy at the same step anywhere in the run. */
async function everBothBusy(page: Page): Promise<boolean> {
  const { last } = await readCounter(page);
  for (let step = 0; step <= last; step++) {
    await scrubTo(page, step);
    if ((await busy(page, 'reader')) && (await busy(page, 'reviewer'))) return true;
  }
  return false;
}

test('M6: flipping toggle-drain in lesson 2 replays it with drain on read and shows the lost message', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, L2);
  // Step 0: the lesson starts append-only; the switch says so.
  await expect(drain(page)).toHaveAttribute('role', 'switch');
  await expect(drain(page)).toHaveAttribute('aria-checked', 'false');
  await expect(drain(page)).toContainText('Drain on read');
  // By default the lesson switches drain on for its second fault: m2 is lost, m1 is not.
  await expect(outcome(page)).toContainText('messages lost: m2');

  // Flip it on: the whole lesson replays with drain on; the first message is lost too.
  await drain(page).click();
  await expect(drain(page)).toHaveAttribute('aria-checked', 'true');
  await expect(outcome(page)).toContainText('messages lost: m1, m2');
  expect((await readCounter(page)).step).toBe(0);
  await page.getByTestId('step-last').click();
  await expectChipIn(page, 'm1', 'lane-lost', 'lost');
  await expectChipIn(page, 'm2', 'lane-lost', 'lost');
  await expect(page.getByTestId('modes')).toContainText('drain on read');

  // The caption of the first discard says the handover is lost (it is, under this mode).
  await page.getByTestId('step-first').click();
  const { last } = await readCounter(page);
  let told = false;
  for (let step = 1; step <= last && !told; step++) {
    await scrubTo(page, step);
    if ((await laneOf(page, 'm1')) === 'lane-lost') {
      await expect(caption(page)).toContainText('the handover is lost');
      told = true;
    }
  }
  expect(told, 'a step shows m1 lost').toBe(true);

  // Flip it off: append-only everywhere, nothing lost, at the same step.
  const at = (await readCounter(page)).step;
  await drain(page).click();
  await expect(drain(page)).toHaveAttribute('aria-checked', 'false');
  await expect(outcome(page)).toContainText('no message lost');
  expect((await readCounter(page)).step).toBe(at);
  await page.getByTestId('step-last').click();
  await expect(lostChips(page)).toHaveCount(0);
  await expect(chip(page, 'm2')).toHaveAttribute('data-position', 'in_request');
  await expect(page.getByTestId('modes')).toContainText('append-only');
  await expect(caption(page)).toContainText('reader still got both messages');
  await expect(caption(page)).not.toContainText('handover is lost');
  await screenshots(page, 'toggles-l2-drain-off');

  // The choice is part of the stored session (as the step is), so a reload or a link keeps it.
  await drain(page).click();
  await expect(drain(page)).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('atp.session') ?? ''))
    .toContain('"learner_toggles":{"drain_on_read":true}');
  await screenshots(page, 'toggles-l2-drain-on');
  expect(errors).toEqual([]);
});

test('T6: flipping toggle-hold-lock in lesson 3 serializes the members, and flipping it back lets them overlap', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  await openLesson(page, L3);
  await expect(holdLock(page)).toHaveAttribute('aria-checked', 'false');
  await expect(holdLock(page)).toContainText('Hold the lock during the model call');
  await expect(outcome(page)).toContainText('1 wait for the lock');

  await holdLock(page).click();
  await expect(holdLock(page)).toHaveAttribute('aria-checked', 'true');
  await expect(outcome(page)).toContainText('2 waits for the lock (members queue)');
  // With the lock held for the whole round, reader and reviewer are never busy together.
  expect(await everBothBusy(page)).toBe(false);
  // reviewer queues for the lock in the first run already.
  await page.getByTestId('step-first').click();
  const { last } = await readCounter(page);
  let waited = false;
  for (let step = 1; step <= last && !waited; step++) {
    await scrubTo(page, step);
    waited = await memberCard(page, 'reviewer').locator('.lock-wait').isVisible();
  }
  expect(waited, 'reviewer waits for the lock').toBe(true);
  await expect(caption(page)).toContainText('has to queue');
  await screenshots(page, 'toggles-l3-hold-on');

  await holdLock(page).click();
  await expect(holdLock(page)).toHaveAttribute('aria-checked', 'false');
  await expect(outcome(page)).toContainText('no member waited for the lock');
  expect(await everBothBusy(page)).toBe(true);
  expect(errors).toEqual([]);
});

test('PATH: toggles are labelled in Chinese, and lesson bodies and replies show in Chinese on the Chinese page', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, L2);
  await setLang(page, 'zh');
  await expect(drain(page)).toContainText('读取即清空');
  await expect(holdLock(page)).toContainText('模型调用期间持锁');
  await expect(outcome(page)).toContainText('丢失的消息：m2');

  // Lesson 1 in Chinese: the lead's task and summary, and the bodies, are Chinese.
  await page.getByTestId('lesson-select').selectOption('l1-two-investigators');
  await page.getByTestId('step-last').click();
  await expect(page.getByTestId('mode-toggles')).toHaveCount(0);
  await selectMember(page, 'lead');
  const history = page.getByTestId('detail-history');
  await expect(history).toContainText('main.py 的源码是 print(6 * 7)');
  await expect(history).toContainText('补充：reviewer 说 expected.txt 里是 42');
  await expect(history).not.toContainText('Supplement');
  await screenshots(page, 'toggles-l1-zh-last');

  // The same step in English: the lesson replays in English, the step stays.
  const at = (await readCounter(page)).step;
  await setLang(page, 'en');
  expect((await readCounter(page)).step).toBe(at);
  await expect(history).toContainText("main.py's source is print(6 * 7)");
  await expect(history).not.toContainText(CJK);
  expect(errors).toEqual([]);
});
