// Issue 48, "You run the host": at any step the list of what can happen next is one click from
// the stage; a choice forks the run there and the lanes and caption follow; challenges beside
// the stage are met by clicks and reported in the score, with a hint, a solution behind a
// confirm, a reset and a link that opens at the challenge's start. Both languages, phone and
// laptop.
import { test, expect, Page } from '@playwright/test';
import { trackErrors, waitReady, readCounter, chip, expectChipIn, memberCard, CJK, Lang } from './helpers';

const L1 = 'l1-two-investigators';
const L3 = 'l3-lock-scope';
const CHALLENGE = 'l3-two-waiters';
// Native: the list at lesson 1's step 45 (tests/it/next_choices.rs), lesson 3's challenge
// start and its one-choice solution (src/lessons/challenges.rs, tests/it/challenges.rs).
const L1_STEP = 45;
const L3_START = 46;

const devices = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1366, height: 800 } },
];

async function openChoices(page: Page) {
  const open = page.getByTestId('next-choices-open');
  await expect(open).toBeVisible();
  if ((await open.getAttribute('aria-expanded')) !== 'true') await open.click();
  await expect(page.getByTestId('next-choices')).toBeVisible();
}

const choice = (page: Page, text: RegExp) =>
  page.getByTestId('next-choice').filter({ hasText: text });

for (const device of devices) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport });

    for (const lang of ['en', 'zh'] as Lang[]) {
      test(`T5 M2: lesson 1, reader's request answered before reviewer's message is stored; lanes and caption follow (${lang}, ${device.name})`, async ({ page }) => {
        const errors = trackErrors(page);
        await page.goto(`/#lesson=${L1}&step=${L1_STEP}&lang=${lang}&level=event`);
        await waitReady(page);
        await openChoices(page);
        // The stage and the list are on one screen: the open button is in the stage.
        await expect(page.getByTestId('stage').getByTestId('next-choices-open')).toBeVisible();
        const label = lang === 'zh' ? /reader 的 r7 先得到回答.*m4 入队之前/ : /reader's r7 answers before reviewer's m4 is stored/;
        await expect(choice(page, label)).toHaveCount(1);
        if (lang === 'zh') {
          const all = (await page.getByTestId('next-choices').textContent()) ?? '';
          expect(all).toMatch(CJK);
          expect(all).not.toMatch(/\b(answers|fails|deliver|restart)\b/);
        }
        const before = (await page.getByTestId('caption').textContent()) ?? '';
        await choice(page, label).click();
        // The run forked: the page shows the first step the choice changed, reader's reply.
        const { step } = await readCounter(page);
        expect(step).toBeGreaterThan(L1_STEP);
        await expect(page.getByTestId('next-choices-notice')).toContainText(lang === 'zh' ? '新分支' : 'new branch');
        const after = (await page.getByTestId('caption').textContent()) ?? '';
        expect(after).not.toEqual(before);
        expect(after).toContain('reader');
        // m4 is not stored yet on this branch: no chip; stepping on, it arrives and waits in
        // reader's inbox (reader's round already ended).
        await expect(chip(page, 'm4')).toHaveCount(0);
        for (let i = 0; i < 12 && (await chip(page, 'm4').count()) === 0; i++) {
          await page.getByTestId('step-forward').click();
        }
        await expectChipIn(page, 'm4', 'lane-queued');
        expect(errors).toEqual([]);
      });

      test(`M2: a challenge solved by clicks is reported in the score; hint, solution behind a confirm, reset, link (${lang}, ${device.name})`, async ({ page, context }) => {
        const errors = trackErrors(page);
        await page.goto(`/#lesson=${L3}&step=${L3_START}&lang=${lang}&level=event&challenge=${CHALLENGE}`);
        await waitReady(page);
        const goal = page.getByTestId('challenge-goal');
        await expect(goal).toBeVisible();
        await expect(goal).toContainText(lang === 'zh' ? '两个成员排队等同一把锁' : 'have two members wait behind one lock');
        expect((await readCounter(page)).step).toBe(L3_START);
        await expect(page.getByTestId('challenge-met')).toHaveCount(0);

        // The hint, then the solution behind its confirm.
        await page.getByTestId('challenge-hint-open').click();
        await expect(page.getByTestId('challenge-hint')).toBeVisible();
        await page.getByTestId('challenge-solution-open').click();
        await expect(page.getByTestId('challenge-confirm')).toBeVisible();
        await expect(page.getByTestId('challenge-solution')).toHaveCount(0);
        await page.getByTestId('challenge-solution-confirm').click();
        await expect(page.getByTestId('challenge-solution').locator('li')).toHaveCount(1);

        // A member card offers the choices about it.
        await memberCard(page, 'lead').click();
        await expect(page.getByTestId('next-choices-open')).toHaveAttribute('data-subject', 'lead');
        await openChoices(page);
        await expect(page.getByTestId('next-choices-all')).toBeVisible();
        const wait = lang === 'zh' ? /给 lead 交付第 1 轮.*持锁/ : /deliver lead's delivery 1: .*holds the lock over its model call/;
        await choice(page, wait).click();
        const met = page.getByTestId('challenge-met');
        await expect(met).toBeVisible();
        await expect(met).toContainText(lang === 'zh' ? '用了 1 个选择；已知最少 1 个' : 'with 1 choice; the fewest known is 1');
        // Reported beside the checkpoint score, as its own row.
        const row = page.locator(`[data-testid=challenge-row][data-id="${CHALLENGE}"]`);
        await expect(row).toHaveAttribute('data-met', 'true');
        await expect(page.getByTestId('challenge-tally')).toContainText(lang === 'zh' ? '达成 1 / 1' : 'met: 1 of 1');

        // Reset: back to the challenge's start without the choice.
        await page.getByTestId('challenge-reset').click();
        expect((await readCounter(page)).step).toBe(L3_START);
        await expect(page.getByTestId('challenge-met')).toHaveCount(0);

        // The challenge link opens at its start, in a new tab.
        const href = await page.getByTestId('challenge-link').getAttribute('href');
        expect(href).toContain(`challenge=${CHALLENGE}`);
        const other = await context.newPage();
        await other.goto('/' + href);
        await waitReady(other);
        expect((await readCounter(other)).step).toBe(L3_START);
        await expect(other.getByTestId('challenge-goal')).toContainText(lang === 'zh' ? '同一把锁' : 'one lock');
        expect(errors).toEqual([]);
      });
    }
  });
}
