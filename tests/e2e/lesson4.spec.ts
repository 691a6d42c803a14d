// Lesson 4, "Coder and reviewer" (K1, K2, L1, L4, M1, D3), played through the UI: spawned
// members appear, the host binds the sender, role tool lists differ, and disbanding reports the
// unread message as undelivered.
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
  await scrubTo(page, stepAfter(g, 'lifecycle', /^alice: idle -> working/));
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'working');
  // K2: alice's tools are the teammate tools, with write_file in this lesson.
  await scrubTo(page, stepAfter(g, 'request', /^alice sent request r3/));
  await selectMember(page, 'alice');
  for (const t of ['read_file', 'write_file', 'send_message', 'read_inbox']) await expect(tools).toContainText(t);
  await expect(tools).not.toContainText('spawn_teammate');

  // D3/M1: alice tries to sign as bob; the host binds the sender.
  const ignored = stepAfter(g, 'refusal', /sender_ignored/);
  await scrubTo(page, ignored);
  await expect(page.locator('.caption-kind')).toContainText('refusal');
  await scrubTo(page, ignored + 1);
  await expectChipIn(page, 'm2', 'lane-queued', 'queued');
  await expect(chip(page, 'm2')).toHaveAttribute('data-from', 'alice');
  await expect(chip(page, 'm2')).toHaveAttribute('data-to', 'lead');

  // L4: disband: everyone offline, m5 (bob -> alice, never read) reported undelivered.
  await page.getByTestId('step-last').click();
  expect(await statuses(page)).toEqual({ lead: 'offline', alice: 'offline', bob: 'offline' });
  await expectChipIn(page, 'm5', 'lane-lost', 'undelivered');
  await expect(chip(page, 'm5')).toHaveAttribute('data-from', 'bob');
  await expect(chip(page, 'm5')).toHaveAttribute('data-to', 'alice');
  await expect(caption(page)).not.toBeEmpty();
  // D2: the summary says what was read, not run.
  await selectMember(page, 'lead');
  await expect(requestView(page).locator('.reply-text')).toContainText('no tests were run');
  expect(errors).toEqual([]);
});

testPlaysToEndInBothLanguages('l4', ID);
