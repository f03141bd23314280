import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { addDays, dateInZone } from '../../shared/dates';
import { REMOTE_SEED } from '../support/remote';
import { TEST_TODAY, TEST_TOKEN } from '../support/seed';
import { expectAccessible } from './axe';
import { readOnlyTest, saveScreenshot } from './fixtures';
import { BookingDetail } from './pages/booking-detail';
import { BookingFormDialog, BookingsScreen } from './pages/bookings';
import { LogScreen } from './pages/log';
import { Shell } from './pages/shell';
import { SyncScreen, WriteDetailScreen } from './pages/sync';
import { expect, test } from './proxied-desk';

/**
 * The Sync screen, as reception meets it: proxy mode with the line to the remote cut, reception's
 * edit and a booking system's syncs accepted by the desk and counted in the status bar; the line
 * back, they land; then a conflict made on purpose (both sides change one booking's e-mail) held
 * for a person and settled field by field, with an undo on the way. At the desk's smallest screen.
 */

const ANN = { id: 401, external_id: 'SYNC-1', name: 'Ann Outbox', email: 'ann@example.com', jump_on: TEST_TODAY };
const BEN = { id: 402, external_id: 'SYNC-2', name: 'Ben Batch', email: 'ben@example.com', jump_on: TEST_TODAY };
const CAT = { id: 403, external_id: 'SYNC-3', name: 'Cat Counter', email: 'cat@example.com', jump_on: TEST_TODAY };

const remoteSeed = (() => {
  const seed = structuredClone(REMOTE_SEED) as { dropzones: { bookings: object[] }[] };
  seed.dropzones[0]!.bookings = [ANN, BEN, CAT];
  return seed;
})();

test.use({
  viewport: { width: 1024, height: 768 },
  // Today's copy refreshed every 2 s, and no wait of the outbox longer than 10 s (a decision can
  // be undone for that long before it is sent): the test waits seconds, not minutes.
  deskEnv: { DESK_COPY_TODAY_MS: '2000', DESK_OUTBOX_MAX_WAIT_MS: '10000' },
  remoteSeed,
});

/** The line's state as the desk sees it, the status bar's own source. */
async function waitForHealth(request: APIRequestContext, desk: { url: string; token: string }, state: string) {
  await expect
    .poll(
      async () => {
        const res = await request.get(`${desk.url}/api/desk/session`, {
          headers: { authorization: `Bearer ${desk.token}` },
        });
        return ((await res.json()) as { health: { state: string } }).health.state;
      },
      { timeout: 20_000 },
    )
    .toBe(state);
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/** Both sizes, both schemes: no sideways scroll, axe in both schemes, and a screenshot of each to look at. */
async function lookAtBothSizes(page: Page, name: string) {
  // The pointer off every control, so no tooltip covers what the screenshot is of.
  await page.mouse.move(700, 5);
  for (const [width, height] of [
    [1024, 768],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSidewaysScroll(page, `${name} at ${width}×${height} ${scheme}`);
      if (width === 1024) await expectAccessible(page, `${name} in ${scheme}`);
      await saveScreenshot(page, `${name}-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1024, height: 768 });
}

test('writes made offline are counted, land when the line is back, and a conflict is settled field by field', async ({
  page,
  desk,
  remote,
  request,
}) => {
  test.setTimeout(180_000);
  const shell = new Shell(page);
  const detail = new BookingDetail(page);
  const form = new BookingFormDialog(page);
  const bookings = new BookingsScreen(page);
  const sync = new SyncScreen(page);
  const write = new WriteDetailScreen(page);
  const outbox = page.getByTestId('status-outbox');
  const syncApi = (externalId: string, data: object) =>
    request.post(`${desk.url}/api/f1/sync/bookings`, {
      headers: { authorization: `Bearer ${TEST_TOKEN}` },
      data: { external_id: externalId, ...data },
    });

  await remote.connect(request, desk);
  await expect
    .poll(
      async () => {
        const res = await request.get(`${desk.url}/api/desk/session`, {
          headers: { authorization: `Bearer ${desk.token}` },
        });
        return ((await res.json()) as { copy: { as_of: string | null } | null }).copy?.as_of ?? null;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  await desk.open(page, BookingDetail.route('SYNC-1'));
  await expect(detail.title()).toContainText('Ann Outbox');
  await expect(shell.statusHealth()).toHaveText('Online');
  await expect(outbox).toHaveCount(0);

  // The line drops.
  await remote.setLine({ kind: 'refuse' });
  await waitForHealth(request, desk, 'offline');
  await expect(shell.statusHealth()).toHaveText('Offline', { timeout: 15_000 });

  // Reception changes a mobile number: saved at the desk, said so, and the booking says it waits.
  await detail.editButton().click();
  await form.field('Mobile').fill('+31 6 5555 0001');
  await form.submit().click();
  await expect(bookings.notification('Saved at the desk; it will be sent when the remote answers')).toBeVisible();
  await expect(page.getByTestId('booking-outbox-notice')).toHaveText(
    /^Your change is waiting to be sent \(queued \d\d:\d\d\)$/,
  );
  await expectAccessible(page, 'a booking with a change waiting');
  await lookAtBothSizes(page, 'sync-booking-waiting');

  // The booking system syncs two others through the desk with its token: queued too. Cat's moves
  // her jump 13 days back: the spec's 14-day window closes on it tomorrow, and the list says so.
  const thirteenDaysAgo = addDays(dateInZone(new Date(), 'Europe/Amsterdam'), -13);
  for (const [externalId, fields] of [
    ['SYNC-2', { name: 'Ben Renamed' }],
    ['SYNC-3', { name: 'Cat Renamed', jump_on: thirteenDaysAgo }],
  ] as const) {
    const res = await syncApi(externalId, fields);
    expect(res.status(), await res.text()).toBe(200);
    expect(res.headers()['x-desk-queued']).toMatch(/^\d+$/);
  }
  await expect(outbox).toHaveText('— 3 writes waiting', { timeout: 10_000 });
  await expect(page.getByTestId('status-remote')).toContainText(/^Offline— 3 writes waiting— remote refused/);

  // The Sync screen lists them, reception's and the booking system's, with the line's error in words.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Sync/ }).click();
  await expect(sync.rows('waiting')).toHaveCount(3);
  await expect(sync.row('waiting', 'Ann Outbox')).toContainText('from Reception (this desk)');
  await expect(sync.row('waiting', 'Ben Renamed')).toContainText('from booking system');
  await expect(sync.row('waiting', 'Ben Renamed').getByTestId('write-expiry')).toHaveCount(0);
  await expect(sync.row('waiting', 'Cat Renamed').getByTestId('write-expiry')).toHaveText(
    /^Can no longer land after (\d{1,2} [A-Z][a-z]{2}|[A-Z][a-z]{2} \d{1,2})$/,
  );
  await expect(sync.row('waiting', 'Ben Renamed')).toContainText(/remote unreachable: connection refused/);
  await expect(sync.tab('Waiting')).toContainText('3');
  await expectAccessible(page, 'the Sync screen, writes waiting');
  await lookAtBothSizes(page, 'sync-waiting');

  // The request log's entry of a queued call links to the write it became, with its attempts.
  const log = new LogScreen(page);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Log/ }).click();
  await log.pathFilter().fill('/bookings');
  await log.row(/POST/).first().click();
  const queuedLink = log.drawer().getByTestId('log-queued-write').getByRole('link');
  await expect(queuedLink).toHaveText(/^write \d+$/);
  await queuedLink.click();
  await expect(page.getByRole('heading', { name: /Booking SYNC-[23]/ })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('accepted while the remote could not be reached');
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Sync/ }).click();

  // The line is back: they land, the count goes to nothing, and the bar says when it synced.
  await remote.setLine({ kind: 'pass' });
  await expect(outbox).toHaveText(/^— Synced \d\d:\d\d$/, { timeout: 40_000 });
  await expect(sync.empty()).toContainText('Nothing waiting');
  await sync.tab('Settled').click();
  await expect(sync.rows('settled')).toHaveCount(3);
  await expect(sync.row('settled', 'Ann Outbox')).toContainText('Sent');
  expect(((await (await remote.get(request, '/bookings/SYNC-1')).json()) as { mobile: string }).mobile).toBe(
    '+31 6 5555 0001',
  );
  expect(((await (await remote.get(request, '/bookings/SYNC-2')).json()) as { name: string }).name).toBe('Ben Renamed');

  // A conflict on purpose: offline, reception changes Ann's e-mail and mobile; at the remote someone
  // else changes the e-mail too. The mobile lands; only the e-mail is held.
  await remote.setLine({ kind: 'refuse' });
  await waitForHealth(request, desk, 'offline');
  await desk.open(page, BookingDetail.route('SYNC-1'));
  await detail.editButton().click();
  await form.field('E-mail').fill('ann.desk@example.com');
  await form.field('Mobile').fill('+31 6 5555 0009');
  await form.submit().click();
  await expect(bookings.notification('Saved at the desk; it will be sent when the remote answers')).toBeVisible();
  const atRemote = await remote.post(request, '/bookings', { external_id: 'SYNC-1', email: 'ann.remote@example.com' });
  expect(atRemote.status(), await atRemote.text()).toBe(200);
  await remote.setLine({ kind: 'pass' });

  // Held for a person: the bar links to it, the booking says why and links to the write.
  const attention = page.getByTestId('status-outbox-attention');
  await expect(attention).toHaveText('1 need attention', { timeout: 40_000 });
  const notice = page.getByTestId('booking-outbox-notice');
  await expect(notice).toHaveText(
    'Your change needs attention: the remote changed E-mail too — resolve on the Sync screen',
  );
  await lookAtBothSizes(page, 'sync-booking-attention');

  // On the Sync screen: the held write, as a file too; "Resolve all" leaves reception's own edit to a person.
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /^Sync/ }).click();
  await expect(sync.tab('Needs attention')).toContainText('1');
  await sync.tab('Needs attention').click();
  await expect(sync.rows('attention')).toHaveCount(1);
  await expect(sync.row('attention', 'Ann Outbox')).toContainText('The remote changed E-mail too');
  const [csv] = await Promise.all([page.waitForEvent('download'), sync.downloadCsv().click()]);
  expect(csv.suggestedFilename()).toBe('outbox-needs-attention.csv');
  const rows = readFileSync((await csv.path())!, 'utf8');
  expect(rows).toMatch(/SYNC-1,.*email,ann@example\.com,ann\.desk@example\.com,ann\.remote@example\.com,yes/);
  await sync.resolveAll().click();
  const resolveDialog = page.getByRole('dialog', { name: 'Resolve what is safe' });
  await resolveDialog.getByRole('textbox', { name: 'Your name' }).fill('Rita Reception');
  await resolveDialog.getByRole('button', { name: 'Resolve all' }).click();
  await expect(resolveDialog.getByTestId('resolve-all-result')).toContainText('Resolved 0; 1 left for a person.');
  await resolveDialog.getByRole('button', { name: 'Done' }).click();
  await expect(sync.rows('attention')).toHaveCount(1);
  await sync
    .row('attention', 'Ann Outbox')
    .getByRole('link', { name: /^Review write/ })
    .click();
  await expect(write.state()).toHaveText('Needs attention');
  await expect(write.conflictNotice()).toContainText('The remote changed E-mail too');
  const email = write.field('email');
  await expect(email).toHaveAttribute('data-conflict', 'true');
  await expect(email.getByTestId('field-conflict')).toHaveText('Conflict: both changed it');
  await expect(email.getByTestId('value-queued')).toHaveText('ann@example.com');
  await expect(email.getByTestId('value-desk')).toHaveText('ann.desk@example.com');
  await expect(email.getByTestId('value-remote')).toHaveText('ann.remote@example.com');
  await expect(write.fields()).toHaveCount(1);
  await expect(write.landedField('mobile')).toContainText('+31 6 5555 0009');
  await expect(write.landedField('mobile')).toContainText('this one');
  expect(((await (await remote.get(request, '/bookings/SYNC-1')).json()) as { mobile: string }).mobile).toBe(
    '+31 6 5555 0009',
  );
  await expect(write.apply()).toBeDisabled();
  await expectAccessible(page, 'a held write on the Sync screen');
  await lookAtBothSizes(page, 'sync-conflict');

  // Settled field by field: an edit of the e-mail, decided under a name; undone, and decided again.
  await write.choice('E-mail', 'Edit').check();
  await write.editBox('E-mail').fill('ann.final@example.com');
  await expect(write.yourName()).toHaveValue('Rita Reception');
  await write.apply().click();
  await expect(write.decision()).toContainText('Decided: field by field');
  await expect(write.decision()).toContainText('By Rita Reception');
  await write.undo().click();
  await expect(write.state()).toHaveText('Needs attention');
  await expect(write.decision()).toHaveCount(0);
  await expect(write.history()).toContainText('undid the decision of Rita Reception');
  await write.choice('E-mail', 'Edit').check();
  await write.editBox('E-mail').fill('ann.final@example.com');
  await write.apply().click();
  await expect(write.decision()).toContainText('Decided: field by field');
  await saveScreenshot(page, 'sync-decided-1024-light');

  // "Send now" skips the time left to undo; the write lands as decided, and nothing is left to do.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/sync$/);
  await sync.sendNow().click();
  await expect(outbox).toHaveText(/^— Synced \d\d:\d\d$/, { timeout: 30_000 });
  await expect(attention).toHaveCount(0);
  await sync.tab('Settled').click();
  await expect(sync.row('settled', 'Ann Outbox').filter({ hasText: 'Sent as decided' })).toHaveCount(1);
  expect(((await (await remote.get(request, '/bookings/SYNC-1')).json()) as { email: string }).email).toBe(
    'ann.final@example.com',
  );
  await lookAtBothSizes(page, 'sync-settled');

  // The write's record is a link to its page, where nothing waits any more.
  await sync
    .row('settled', 'Sent as decided')
    .getByRole('link', { name: 'Booking SYNC-1 (Ann Outbox)', exact: true })
    .click();
  await expect(page).toHaveURL(/#\/bookings\/SYNC-1$/);
  await expect(detail.title()).toContainText('Ann Outbox');
  await expect(page.getByTestId('booking-outbox-notice')).toHaveCount(0);
});

test('a booking deleted at the remote while the desk changed it is held, never made again unasked; "Let it go" settles it', async ({
  page,
  desk,
  remote,
  request,
}) => {
  test.setTimeout(120_000);
  const detail = new BookingDetail(page);
  const form = new BookingFormDialog(page);
  const sync = new SyncScreen(page);
  const write = new WriteDetailScreen(page);

  await remote.connect(request, desk);
  await expect
    .poll(
      async () => {
        const res = await request.get(`${desk.url}/api/desk/session`, {
          headers: { authorization: `Bearer ${desk.token}` },
        });
        return ((await res.json()) as { copy: { as_of: string | null } | null }).copy?.as_of ?? null;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  // Opened while the remote answers: the desk's copy keeps the booking as the remote showed it.
  await desk.open(page, BookingDetail.route('SYNC-2'));
  await expect(detail.title()).toContainText('Ben Batch');
  await remote.setLine({ kind: 'refuse' });
  await waitForHealth(request, desk, 'offline');
  await detail.editButton().click();
  await form.field('Mobile').fill('+31 6 5555 0002');
  await form.submit().click();
  await expect(page.getByTestId('booking-outbox-notice')).toHaveAttribute('data-state', 'waiting');
  const gone = await remote.delete(request, '/bookings/SYNC-2');
  expect(gone.status(), await gone.text()).toBe(204);
  await remote.setLine({ kind: 'pass' });

  await page.getByTestId('status-outbox-attention').click({ timeout: 40_000 });
  await expect(sync.row('attention', 'SYNC-2')).toContainText('Deleted at the remote');
  await sync
    .row('attention', 'SYNC-2')
    .getByRole('link', { name: /^Review write/ })
    .click();
  await expect(page.getByTestId('write-deleted')).toContainText('never creates it again unasked');
  await expect(write.field('mobile').getByTestId('value-desk')).toHaveText('+31 6 5555 0002');
  await expect(write.field('mobile')).toContainText('(deleted)');
  await expect(page.getByRole('button', { name: 'Create it again' })).toBeVisible();
  await expectAccessible(page, 'a write whose booking the remote deleted');
  await lookAtBothSizes(page, 'sync-deleted');

  await write.yourName().fill('Rita Reception');
  await page.getByRole('button', { name: 'Let it go' }).click();
  await expect(write.decision()).toContainText('Decided: let it go');
  await page.keyboard.press('Escape');
  await sync.sendNow().click();
  await sync.tab('Settled').click();
  await expect(sync.row('settled', 'SYNC-2')).toContainText("Kept the remote's values", { timeout: 30_000 });
  await expect(page.getByTestId('status-outbox-attention')).toHaveCount(0);
  expect((await remote.get(request, '/bookings/SYNC-2')).status()).toBe(404);
});

test('a write the desk answered ok offline and the remote refused at replay shows both answers side by side', async ({
  page,
  desk,
  remote,
  request,
}) => {
  test.setTimeout(120_000);
  const sync = new SyncScreen(page);
  await remote.connect(request, desk);
  await expect
    .poll(
      async () => {
        const res = await request.get(`${desk.url}/api/desk/session`, {
          headers: { authorization: `Bearer ${desk.token}` },
        });
        return ((await res.json()) as { copy: { as_of: string | null } | null }).copy?.as_of ?? null;
      },
      { timeout: 20_000 },
    )
    .not.toBeNull();
  // The booking system reads every filmer through the desk: the copy holds them all from then on.
  const filmers = await request.get(`${desk.url}/api/f1/sync/filmers?include_all=true`, {
    headers: { authorization: `Bearer ${TEST_TOKEN}` },
  });
  expect(filmers.status(), await filmers.text()).toBe(200);
  await remote.setLine({ kind: 'refuse' });
  await waitForHealth(request, desk, 'offline');
  // Offline the desk takes the booking system's filmer update: the external id is free in its copy.
  const offline = await request.post(`${desk.url}/api/f1/sync/filmers`, {
    headers: { authorization: `Bearer ${TEST_TOKEN}` },
    data: { id: 3, external_id: 'F-LATER' },
  });
  expect(offline.status(), await offline.text()).toBe(200);
  expect(((await offline.json()) as { status: string }).status).toBe('ok');
  // Meanwhile another filmer takes it at the remote.
  const taken = await remote.post(request, '/filmers', { id: 2, external_id: 'F-LATER' });
  expect(taken.status(), await taken.text()).toBe(200);
  await remote.setLine({ kind: 'pass' });

  await desk.open(page, SyncScreen.route);
  await page.getByTestId('status-outbox-attention').click({ timeout: 40_000 });
  await expect(sync.row('attention', 'Filmer 3')).toContainText('Refused by the remote');
  await sync
    .row('attention', 'Filmer 3')
    .getByRole('link', { name: /^Review write/ })
    .click();
  const answers = page.getByTestId('write-answers');
  await expect(answers.getByTestId('answer-desk')).toHaveText('ok');
  await expect(answers.getByTestId('answer-remote')).toContainText('HTTP 422');
  await expect(answers.getByTestId('answer-remote')).toContainText('taken');
  await expectAccessible(page, 'a write the remote answered otherwise');
});

readOnlyTest('in local mode the Sync screen says the outbox is proxy mode’s', async ({ page, desk }) => {
  const sync = new SyncScreen(page);
  await desk.open(page, SyncScreen.route);
  await expect(sync.localModeNote()).toContainText('No outbox at this desk in local mode');
  await expect(sync.localModeNote()).toContainText('An outbox belongs to proxy mode');
  await expect(sync.localModeNote()).toContainText('desks paired with this one');
  await expect(sync.tab('Waiting')).toHaveCount(0);
  await expect(page.getByTestId('status-outbox')).toHaveCount(0);
  await expectAccessible(page, 'the Sync screen in local mode');
});
