// The scenario editor (issue 14, "free play made real"): free play opens it; a scenario built
// in it (members added, renamed and removed, a file and the task edited, a reply authored)
// plays at once on the scripted model; an invalid edit says what is wrong beside its field and
// in the list while the last valid scenario keeps playing and what was typed stays; any
// built-in lesson opens in it as a starting point; an embed link's hide=editor hides it.
import { test, expect } from '@playwright/test';
import { memberCard, modelServer, openLesson, readCounter, scrubTo, trackErrors, waitReady, shot } from './helpers';
import { axeViolations, buildFiveMembers, commit, NAMES } from './editor-helpers';

test('EDITOR: a five-member scenario built in the editor plays on the scripted model: its cards and its lanes', async ({ page }) => {
  const errors = trackErrors(page);
  await buildFiveMembers(page);
  for (const name of NAMES) await expect(memberCard(page, name)).toBeVisible();
  await expect(memberCard(page, 'reader')).toHaveCount(0);
  await expect(page.getByTestId('member-card')).toHaveCount(5);
  const { last } = await readCounter(page);
  expect(last).toBeGreaterThan(10);
  // The lead's message to carol (authored in the editor) moves through the lanes.
  let seen = false;
  for (let step = 1; step <= last && !seen; step++) {
    await scrubTo(page, step);
    seen = (await page.locator('[data-testid=message-chip][data-to=carol]').count()) > 0;
  }
  expect(seen, 'a message to carol shows in a lane').toBe(true);
  // The renamed member got the lead's mail under its new name, and read the edited file.
  await scrubTo(page, last);
  await expect(page.locator('[data-testid=message-chip][data-to=reader]')).toHaveCount(0);
  await expect(page.getByTestId('files-panel')).toContainText('print(7 * 6)');
  await shot(page.getByTestId('editor'), { path: 'target/e2e/editor-en.png' });
  await page.getByTestId('lang-toggle').click();
  await expect(page.getByTestId('editor')).toContainText('场景编辑器');
  await expect(page.getByTestId('editor-member-name-3')).toHaveValue('carol');
  await shot(page.getByTestId('editor'), { path: 'target/e2e/editor-zh.png' });
  expect(errors).toEqual([]);
});

test('EDITOR: an invalid edit shows its error beside the field, the last valid scenario keeps playing, and what was typed stays', async ({ page }) => {
  await page.goto('/#lesson=free-play&lang=en');
  await waitReady(page);
  await commit(page, 'editor-member-name-1', 'ann');
  await expect(memberCard(page, 'ann')).toBeVisible();
  const before = await readCounter(page);

  // An empty task: listed, shown beside the task, the typed (empty) text kept.
  await commit(page, 'editor-task', '');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'false');
  await expect(page.getByTestId('editor-errors')).toContainText('task is empty');
  await expect(page.locator('[data-testid=editor-field-error][data-field=task]')).toContainText('task is empty');
  await expect(page.getByTestId('editor-task')).toHaveValue('');
  // A rename to a taken name is refused beside the name; the typed name stays in the field.
  await commit(page, 'editor-member-name-2', 'ann');
  await expect(page.locator('[data-testid=editor-field-error][data-field=member-2]')).toContainText("there is already a member named 'ann'");
  await expect(page.getByTestId('editor-member-name-2')).toHaveValue('ann');
  // A limit out of range.
  await page.locator('.editor-limits summary').click();
  await commit(page, 'editor-limit-body_chars', '5');
  await expect(page.locator('[data-testid=editor-field-error][data-field=limit-body_chars]')).toContainText('outside the allowed range 20 to 4000');
  // The refused rename stays beside its field after other edits, until that field changes.
  await expect(page.locator('[data-testid=editor-field-error][data-field=member-2]')).toContainText("there is already a member named 'ann'");
  // The last valid scenario is still the one playing: same roster and run.
  await expect(memberCard(page, 'ann')).toBeVisible();
  await expect(memberCard(page, 'reviewer')).toBeVisible();
  expect(await readCounter(page)).toEqual(before);
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
  // In Chinese too.
  await page.getByTestId('lang-toggle').click();
  await expect(page.getByTestId('editor-errors')).toContainText('task 是空的');
  await shot(page.getByTestId('editor'), { path: 'target/e2e/editor-invalid-zh.png' });
  await page.getByTestId('lang-toggle').click();
  // Fixed, it plays again: the new task is the lead's first prompt.
  await commit(page, 'editor-limit-body_chars', '');
  await commit(page, 'editor-task', 'Count the files, ann.');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
  await expect(page.getByTestId('editor-errors')).toHaveCount(0);
  // Removing the lead is a roster problem; the team on screen still has its lead.
  await page.getByTestId('editor-remove-member-0').click();
  await expect(page.locator('[data-testid=editor-field-error][data-field=roster]')).toContainText('exactly one lead');
  await expect(memberCard(page, 'lead')).toBeVisible();
});

test('EDITOR: a built-in lesson opens in the editor as a starting point, with its team, and plays', async ({ page }) => {
  await openLesson(page, 'l4-coder-and-reviewer');
  const cards = await page.getByTestId('member-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-member')));
  await expect(page.getByTestId('editor')).toHaveCount(0);
  await page.getByTestId('open-in-editor').click();
  await expect(page.getByTestId('lesson-select')).toHaveValue('free-play');
  await expect(page.getByTestId('editor')).toBeVisible();
  await expect(page.getByTestId('open-in-editor')).toHaveCount(0);
  for (const [i, name] of cards.entries()) {
    await expect(page.getByTestId(`editor-member-name-${i}`)).toHaveValue(name!);
    await expect(memberCard(page, name!)).toBeVisible();
  }
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'true');
  const { last } = await readCounter(page);
  expect(last).toBeGreaterThan(10);
  // Editing it starts from the lesson's team.
  await page.getByTestId('editor-add-member').click();
  await expect(page.getByTestId('member-card')).toHaveCount(cards.length + 1);
});

test('EDITOR: an embed link with hide=editor shows neither the editor nor the open-in-editor button', async ({ page }) => {
  await page.goto('/#lesson=free-play&lang=en&embed=1&hide=editor');
  await waitReady(page);
  await expect(page.getByTestId('editor')).toHaveCount(0);
  await page.goto('/#lesson=l2-drain-loses-mail&lang=en&embed=1&hide=editor');
  await page.reload();
  await waitReady(page);
  await expect(page.getByTestId('open-in-editor')).toHaveCount(0);
});

for (const [scheme, lang] of [['light', 'en'], ['dark', 'zh']] as const) {
  test.describe(`EDITOR: axe-core (${scheme}, ${lang})`, () => {
    test.use({ colorScheme: scheme });
    test(`EDITOR: axe-core finds no violation in the editor and the export panel, with a problem shown, ${lang}, ${scheme}`, async ({ page }) => {
      await page.goto(`/#lesson=free-play&lang=${lang}`);
      await waitReady(page);
      await page.locator('.editor-replies summary').click();
      await page.locator('.editor-limits summary').click();
      await commit(page, 'editor-task', '');
      await commit(page, 'editor-member-name-2', 'lead');
      await expect(page.getByTestId('editor-errors')).toBeVisible();
      await expect(page.getByTestId('export-panel')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page.getByTestId('export-panel'), { path: `target/e2e/export-panel-${lang}.png` });
    });
  });
}

test('EDITOR: a scenario built in the editor runs live through the live panel (loopback model server)', async ({ page, request }) => {
  const server = modelServer();
  test.skip(!server, 'no model server (MODEL_SERVER_URLS or MODEL_SERVER_URL): scripts/model-server.sh starts the loopback model server');
  const errors = trackErrors(page);
  await request.post(`${server}/_reset`);
  await buildFiveMembers(page);
  const scripted = await readCounter(page);
  await page.getByTestId('live-panel').scrollIntoViewIfNeeded();
  await page.getByTestId('provider-select').selectOption('openai');
  await page.getByTestId('provider-base-url').fill(`${server}/openai/v1`);
  await page.getByTestId('provider-model').fill('team');
  await page.getByTestId('run-live').click();
  await expect(page.getByTestId('live-status')).toContainText(/The run is over/, { timeout: 30_000 });
  // The live run is of the edited team: its five members, the renamed one among them.
  for (const name of NAMES) await expect(memberCard(page, name)).toBeVisible();
  await expect(memberCard(page, 'reader')).toHaveCount(0);
  const live = await readCounter(page);
  await scrubTo(page, live.last);
  expect(live.last).toBeGreaterThan(5);
  expect(scripted.last).toBeGreaterThan(5);
  expect(errors).toEqual([]);
});

test('EDITOR: the keyboard: adding a member puts the focus in its name, Space opens a part of the editor and does not run the lesson', async ({ page }) => {
  await page.goto('/#lesson=free-play&lang=en');
  await waitReady(page);
  await page.getByTestId('editor-add-member').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('editor-member-name-3')).toBeFocused();
  await page.keyboard.type('carol');
  await page.keyboard.press('Tab');
  await expect(memberCard(page, 'carol')).toBeVisible();
  const before = await readCounter(page);
  await page.locator('.editor-replies summary').focus();
  await page.keyboard.press(' ');
  await expect(page.locator('.editor-replies')).toHaveAttribute('open', '');
  await expect(page.getByTestId('pause')).toBeDisabled();
  expect(await readCounter(page)).toEqual(before);
});

test('EDITOR: a first edit that leaves the scenario invalid stays as typed through a language switch', async ({ page }) => {
  await page.goto('/#lesson=free-play&lang=en');
  await waitReady(page);
  await commit(page, 'editor-task', '');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'false');
  await page.getByTestId('lang-toggle').click();
  await expect(page.getByTestId('editor-errors')).toContainText('task 是空的');
  await expect(page.getByTestId('editor-task')).toHaveValue('');
  await page.getByTestId('lang-toggle').click();
  await expect(page.getByTestId('editor-task')).toHaveValue('');
  await expect(page.getByTestId('editor-status')).toHaveAttribute('data-valid', 'false');
});
