// Lesson 5, "Shutdown handshake" (P1, P2, P4, P5), played through the UI with the protocol
// tracker: rejected while writing, approved after, status shutdown, duplicate and unknown
// responses refused with the tracker unchanged.
import { test, expect } from '@playwright/test';
import {
  golden, stepAfter, trackErrors, openLesson, scrubTo, selectMember, memberCard, chip,
  readCounter, caption, playBothLanguages, requestView,
  testPlaysToEndInBothLanguages,
} from './helpers';

const ID = 'l5-shutdown-handshake';
const g = golden(ID);

const row = (page: import('@playwright/test').Page, id: string) =>
  page.getByTestId('protocol-tracker').locator(`[data-testid=protocol-row][data-request-id="${id}"]`);

test('l5: shutdown handshake in the protocol tracker', async ({ page }) => {
  const errors = trackErrors(page);
  await openLesson(page, ID);
  expect((await readCounter(page)).last).toBe(g.length);
  await expect(page.getByTestId('protocol-tracker').getByTestId('protocol-row')).toHaveCount(0);

  // P1/P2: the lead opens shutdown-1: pending, carried by a shutdown_request message.
  await scrubTo(page, stepAfter(g, 'protocol', /shutdown request shutdown-1 opened/));
  await expect(row(page, 'shutdown-1')).toHaveAttribute('data-status', 'pending');
  await expect(row(page, 'shutdown-1')).toHaveAttribute('data-kind', 'shutdown');
  await expect(row(page, 'shutdown-1')).toContainText('pending');
  await scrubTo(page, stepAfter(g, 'store', /shutdown_request m2/));
  await expect(chip(page, 'm2')).toHaveAttribute('data-kind', 'shutdown_request');

  // P2: rejected while writing; the lead sees the reason.
  await scrubTo(page, stepAfter(g, 'protocol', /shutdown-1 rejected/));
  await expect(row(page, 'shutdown-1')).toHaveAttribute('data-status', 'rejected');
  await expect(row(page, 'shutdown-1')).toContainText('middle of writing report.md');
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'working');
  await scrubTo(page, stepAfter(g, 'store', /shutdown_response m3/));
  await expect(chip(page, 'm3')).toHaveAttribute('data-kind', 'shutdown_response');

  // P2: approved after the file is complete.
  await scrubTo(page, stepAfter(g, 'protocol', /shutdown-2 approved/));
  await expect(row(page, 'shutdown-2')).toHaveAttribute('data-status', 'approved');
  await expect(row(page, 'shutdown-1')).toHaveAttribute('data-status', 'rejected');
  // It finishes the tool round first: still working here.
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'working');

  // P5: a duplicate approval and an unknown id are refused; the tracker does not change.
  for (const code of [/already_decided/, /unknown_request/]) {
    await scrubTo(page, stepAfter(g, 'refusal', code));
    await expect(page.locator('.caption-kind')).toContainText('refusal');
    await expect(page.getByTestId('protocol-row')).toHaveCount(2);
    await expect(row(page, 'shutdown-2')).toHaveAttribute('data-status', 'approved');
    await expect(row(page, 'shutdown-9')).toHaveCount(0);
  }

  // P2: then it exits with status shutdown (not idle).
  await scrubTo(page, stepAfter(g, 'lifecycle', /^alice exited after an approved shutdown; working -> shutdown$/));
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'shutdown');
  await expect(memberCard(page, 'alice')).toContainText('shutdown');

  // P4: the same tool name in both roles' tool lists.
  await page.getByTestId('step-last').click();
  await expect(memberCard(page, 'alice')).toHaveAttribute('data-status', 'shutdown');
  for (const name of ['lead', 'alice']) {
    await selectMember(page, name);
    await expect(requestView(page).locator('.request-tools')).toContainText('shutdown_response');
  }
  await expect(caption(page)).not.toBeEmpty();
  expect(errors).toEqual([]);
});

testPlaysToEndInBothLanguages('l5', ID);
