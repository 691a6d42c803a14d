// A scenario edited in the editor travels in a share link (issue 14): the five members, the
// edited file, task and reply, and the step come back in a new page from the link alone, in
// the editor as in the run; a fork made on top of it comes along too.
import { test, expect } from '@playwright/test';
import { memberCard, readCounter, scrubTo, trackErrors, waitReady } from './helpers';
import { buildFiveMembers, NAMES } from './editor-helpers';

test('SHARE: EDITOR: an edited five-member scenario round-trips through a share link, with a fork on top', async ({ page, context }) => {
  const errors = trackErrors(page);
  await buildFiveMembers(page);
  await scrubTo(page, 6);
  const fork = page.getByTestId('fork');
  await fork.getByTestId('fork-kind').selectOption('lead');
  await fork.getByTestId('fork-member').selectOption('dave');
  await fork.getByTestId('fork-text').fill('dave, please read main.py too.');
  await fork.getByTestId('fork-apply').click();
  await expect(fork.getByTestId('fork-error')).toHaveCount(0);
  await scrubTo(page, 9);
  const before = await readCounter(page);

  await page.getByTestId('share-button').click();
  const link = await page.getByTestId('share-link').inputValue();
  const fragment = link.split('#')[1] ?? '';
  console.log(`SHARE: edited five-member scenario with a fork: ${fragment.length} characters in the fragment`);
  expect(fragment).toContain('lesson=free-play');
  expect(fragment).toContain('&x=1.');
  expect(fragment.length).toBeLessThan(2000);

  const other = await context.newPage();
  const otherErrors = trackErrors(other);
  await other.goto(link);
  await waitReady(other);
  await expect(other.getByTestId('lesson-select')).toHaveValue('free-play');
  for (const name of NAMES) await expect(memberCard(other, name)).toBeVisible();
  await expect(other.getByTestId('member-card')).toHaveCount(NAMES.length);
  expect(await readCounter(other)).toEqual(before);
  // The editor shows the scenario that plays: the renamed member, the edited task and file.
  await expect(other.getByTestId('editor-member-name-1')).toHaveValue('ann');
  await expect(other.getByTestId('editor-member-name-4')).toHaveValue('dave');
  await expect(other.getByTestId('editor-member-role-4')).toHaveValue('scribe');
  await expect(other.getByTestId('editor-task')).toHaveValue(/carol and dave stand by/);
  // The fork came along: the lead's message to dave is in the run.
  const { last } = await readCounter(other);
  let seen = false;
  for (let step = before.step; step <= last && !seen; step++) {
    await scrubTo(other, step);
    seen = (await other.locator('[data-testid=message-chip][data-to=dave]').count()) > 0;
  }
  expect(seen, "the fork's message to dave shows in a lane").toBe(true);
  await expect(other.getByTestId('error-banner')).toHaveCount(0);
  expect(otherErrors).toEqual([]);
  expect(errors).toEqual([]);
});
