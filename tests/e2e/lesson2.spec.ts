// Lesson 2, "Deleting on read loses mail" (M5, M6), played through the UI: the same fault in
// append-only mode sends m1 back to Queued (nothing lost); in drain mode m2 ends in Lost.
import { test, expect } from '@playwright/test';
import {
  golden, stepAfter, trackErrors, openLesson, scrubTo, selectMember, memberCard, chip,
  expectChipIn, requestView, readCounter, caption, playBothLanguages, laneOf,
  testPlaysToEndInBothLanguages,
} from './helpers';

const ID = 'l2-drain-loses-mail';
const g = golden(ID);

test('M5 M6: a discarded candidate sends m1 back to Queued; drain mode loses m2', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  expect((await readCounter(page)).last).toBe(g.length);

  // Act 1, append-only: prepared -> in candidate; the inbox keeps the record.
  const prepared = stepAfter(g, 'prepare', /^reader prepared a candidate: .*notifies m1/);
  await scrubTo(page, prepared);
  await expectChipIn(page, 'm1', 'lane-candidate', 'in_candidate');
  await expect(memberCard(page, 'reader')).toContainText('inbox records 1');

  // M5: the fault discards the candidate: m1 visibly goes back to the inbox, nothing lost.
  const discarded = stepAfter(g, 'discard', /lost none/);
  await scrubTo(page, discarded);
  await expectChipIn(page, 'm1', 'lane-queued', 'queued');
  await expect(chip(page, 'm1').locator('.chip-moved')).toContainText('candidate discarded');
  await expect(page.getByTestId('lane-lost').getByTestId('message-chip')).toHaveCount(0);
  await expect(caption(page)).toContainText('nothing is lost');

  // The retry finds it again; it reaches a request.
  const r1 = stepAfter(g, 'request', /^reader sent request r1/);
  await scrubTo(page, r1);
  await expectChipIn(page, 'm1', 'lane-request', 'in_request');
  await selectMember(page, 'reader');
  await expect(requestView(page).locator('.entry-notifies[data-message-id="m1"]')).toHaveCount(1);

  // Act 2, drain on read: reading deletes m2 from the inbox.
  // (The append-only act left m1 in the log: it stays, so the count goes from 2 to 1.)
  const drained = stepAfter(g, 'prepare', /inbox drained: m2/);
  await scrubTo(page, drained - 1);
  await expect(memberCard(page, 'reader')).toContainText('inbox records 2');
  await scrubTo(page, drained);
  await expect(memberCard(page, 'reader')).toContainText('inbox records 1');
  expect(await laneOf(page, 'm2')).not.toBe('lane-queued');

  // M6: the same fault now loses it.
  const lost = stepAfter(g, 'discard', /lost m2/);
  await scrubTo(page, lost);
  await expectChipIn(page, 'm2', 'lane-lost', 'lost');
  await expect(caption(page)).toContainText('lost');

  // ... for good: reader's next request does not carry it, and its answer says so.
  await page.getByTestId('step-last').click();
  await expectChipIn(page, 'm2', 'lane-lost', 'lost');
  await expectChipIn(page, 'm1', 'lane-request', 'in_request');
  await selectMember(page, 'reader');
  await expect(requestView(page)).toHaveAttribute('data-request-id', 'r2');
  await expect(requestView(page).locator('.entry-notifies[data-message-id="m2"]')).toHaveCount(0);
  await expect(requestView(page).locator('.reply-text')).toContainText('no new messages');
  expect(errors).toEqual([]);
});

testPlaysToEndInBothLanguages('UI: l2', ID);
