// Lesson 4, "Coder and reviewer" (K1, K2, K3, L1, L4, M1, M9, D3), played through the UI:
// spawned members appear, the host binds the sender, role tool lists differ, a write changes only
// the virtual file system, the wrap-up broadcast reaches both teammates, and disbanding reports
// the unread messages as undelivered.
import { test, expect } from '@playwright/test';
import {
  golden, stepAfter, trackErrors, openLesson, scrubTo, selectMember, memberCard, chip,
  expectChipIn, requestView, readCounter, caption, playBothLanguages, statuses,
  testPlaysToEndInBothLanguages,
} from './helpers';

const ID = 'l4-coder-and-reviewer';
const g = golden(ID);

test('l4: spawn, bound sender, role tools, disband lists unread mail', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  expect((await readCounter(page)).last).toBe(g.length);
  await expect(page.getByTestId('member-card')).toHaveCount(1);

  // K1/L1: spawn_teammate adds alice and bob; offline -> idle.
  const joined = stepAfter(g, 'lifecycle', /^alice \(coder\) joined the roster/);
  await scrubTo(page, joined);
  await expect(memberCard(page, 'alice')).toHaveCount(1);
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'offline');
  await scrubTo(page, stepAfter(g, 'lifecycle', /^alice: offline -> idle/));
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'idle');
  await scrubTo(page, stepAfter(g, 'lifecycle', /^bob: offline -> idle/));
  await expect(page.getByTestId('member-card')).toHaveCount(3);

  // K1: the lead's request offers the lead tools.
  await selectMember(page, 'lead');
  const tools = requestView(page).locator('.request-tools');
  for (const t of ['spawn_teammate', 'list_teammates', 'send_message', 'read_inbox', 'broadcast', 'shutdown_request']) {
    await expect(tools).toContainText(t);
  }
  await expect(tools).not.toContainText('write_file');

  // L1: alice works.
  await scrubTo(page, stepAfter(g, 'lifecycle', /^alice started delivery .*: idle -> working$/));
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'working');
  // K2: alice's tools are the teammate tools, with write_file in this lesson.
  await scrubTo(page, stepAfter(g, 'request', /^alice sent request r3/));
  await selectMember(page, 'alice');
  for (const t of ['read_file', 'write_file', 'send_message', 'read_inbox']) await expect(tools).toContainText(t);
  await expect(tools).not.toContainText('spawn_teammate');

  // K3: writing changes the virtual file system only; nothing is executed.
  await scrubTo(page, stepAfter(g, 'other', /^alice wrote add\.py/));
  await expect(caption(page)).toContainText('nothing is executed');

  // D3/M1: alice tries to sign as bob; the host binds the sender.
  const ignored = stepAfter(g, 'refusal', /sender_ignored/);
  await scrubTo(page, ignored);
  await expect(page.locator('.caption-kind')).toContainText('refusal');
  await scrubTo(page, ignored + 1);
  await expectChipIn(page, 'm2', 'lane-queued', 'queued');
  await expect(chip(page, 'm2')).toHaveAttribute('data-from', 'alice');
  await expect(chip(page, 'm2')).toHaveAttribute('data-to', 'lead');

  // M9: the lead's wrap-up broadcast is one record per teammate (m6, m7), none for the lead.
  await scrubTo(page, stepAfter(g, 'store', /^lead queued broadcast m6 -> alice/));
  await expect(caption(page)).toContainText('every member except the sender');
  await scrubTo(page, stepAfter(g, 'store', /^lead queued broadcast m7 -> bob/));
  for (const [id, to] of [['m6', 'alice'], ['m7', 'bob']]) {
    await expectChipIn(page, id, 'lane-queued', 'queued');
    await expect(chip(page, id)).toHaveAttribute('data-kind', 'broadcast');
    await expect(chip(page, id)).toHaveAttribute('data-from', 'lead');
    await expect(chip(page, id)).toHaveAttribute('data-to', to);
  }
  await expect(page.locator('[data-testid=message-chip][data-kind="broadcast"][data-to="lead"]')).toHaveCount(0);

  // L4: disband: everyone offline; m5 (bob -> alice) and the broadcast's copies m6, m7, never
  // read, are reported undelivered.
  await page.getByTestId('step-last').click();
  expect(await statuses(page)).toEqual({ lead: 'offline', alice: 'offline', bob: 'offline' });
  await expectChipIn(page, 'm5', 'lane-lost', 'undelivered');
  await expect(chip(page, 'm5')).toHaveAttribute('data-from', 'bob');
  await expect(chip(page, 'm5')).toHaveAttribute('data-to', 'alice');
  await expectChipIn(page, 'm6', 'lane-lost', 'undelivered');
  await expectChipIn(page, 'm7', 'lane-lost', 'undelivered');
  await expect(caption(page)).not.toBeEmpty();
  // D2: the summary says what was read, not run.
  await selectMember(page, 'lead');
  await expect(requestView(page).locator('.reply-text')).toContainText('no tests were run');
  expect(errors).toEqual([]);
});

testPlaysToEndInBothLanguages('l4', ID);
