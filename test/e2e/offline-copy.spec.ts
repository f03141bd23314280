import type { APIRequestContext, Page } from '@playwright/test';
import { addDays } from '../../shared/dates';
import { REMOTE_SEED } from '../support/remote';
import { TEST_TODAY } from '../support/seed';
import { expectAccessible } from './axe';
import { saveScreenshot } from './fixtures';
import { BookingDetail } from './pages/booking-detail';
import { BookingsScreen } from './pages/bookings';
import { DaySheetScreen, ReceptionScreen } from './pages/reception';
import { Shell } from './pages/shell';
import { expect, test } from './proxied-desk';

/**
 * "Offline at the venue": proxy mode with the line to the remote cut (the fault proxy refuses, as
 * when the remote is down) and restored. Reception works from the desk's copy of the remote, the
 * status bar says what is wrong and since when, and a change made at the remote shows once the
 * line is back. The desk refreshes today's bookings every 2 s here (DESK_COPY_TODAY_MS) instead of
 * every minute; everything else is as a user meets it, at the desk's smallest screen.
 */

const COPY_TODAY_MS = 2_000;
// A refresh, the session's poll (5 s) and the list's refetch: well within this.
const REFRESHED_WITHIN_MS = COPY_TODAY_MS + 15_000;
const ZONE = 'Europe/Amsterdam';

const OLGA = {
  id: 301,
  external_id: 'OFF-1',
  name: 'Olga Offline',
  mobile: '+31 6 4815 1623',
  jump_on: TEST_TODAY,
  camera_package: 'Video',
};
const TOM = { id: 302, external_id: 'OFF-2', name: 'Tom Today', jump_on: TEST_TODAY };
const MIA = { id: 303, external_id: 'OFF-3', name: 'Mia Morgen', jump_on: addDays(TEST_TODAY, 1) };
const LATER = { id: 304, external_id: 'OFF-LATER', name: 'Lars Later', jump_on: addDays(TEST_TODAY, 5) };
/** Made at the remote without an external id: listed with "include all", never opened at the desk. */
const WALK_IN = { id: 305, name: 'Wanda Walkin', jump_on: TEST_TODAY };

const remoteSeed = (() => {
  const seed = structuredClone(REMOTE_SEED) as { dropzones: { bookings: object[] }[] };
  seed.dropzones[0]!.bookings = [OLGA, TOM, MIA, LATER, WALK_IN];
  return seed;
})();

test.use({
  viewport: { width: 1024, height: 768 },
  deskEnv: { DESK_COPY_TODAY_MS: String(COPY_TODAY_MS) },
  remoteSeed,
});

interface SessionBody {
  health: { state: string; result: string | null; since: string | null };
  copy: { as_of: string | null } | null;
}

async function sessionOf(request: APIRequestContext, desk: { url: string; token: string }): Promise<SessionBody> {
  const res = await request.get(`${desk.url}/api/desk/session`, { headers: { authorization: `Bearer ${desk.token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as SessionBody;
}

/** A time as the desk shows it: the dropzone's clock, hours and minutes. */
const clockOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ZONE }).format(
    new Date(iso),
  );

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

test('offline, reception works from the copy and the status bar says since when; back online, the remote’s changes show', async ({
  page,
  desk,
  remote,
  request,
}) => {
  test.setTimeout(120_000);
  const shell = new Shell(page);
  const screen = new BookingsScreen(page);
  const reception = new ReceptionScreen(page);

  await remote.connect(request, desk);
  // The desk's first copy of the remote (today's bookings first).
  await expect
    .poll(async () => (await sessionOf(request, desk)).copy?.as_of ?? null, { timeout: 20_000 })
    .not.toBeNull();
  // The page's clock runs as a real one; the test moves it on later to show an old copy.
  await page.clock.install();
  await desk.open(page, '/bookings');
  await expect(shell.statusHealth()).toHaveText('Online');
  await expect(page.getByTestId('date-presets').getByRole('radio', { name: 'Today' })).toBeChecked();
  await expect(screen.row('Olga Offline')).toBeVisible();
  await expect(screen.row('Mia Morgen')).toHaveCount(0);

  // The remote goes away: connections refused.
  await remote.setLine({ kind: 'refuse' });
  await expect(shell.statusHealth()).toHaveText('Offline', { timeout: 15_000 });
  const offline = await sessionOf(request, desk);
  expect(offline.health).toMatchObject({ state: 'offline', result: 'refused' });
  await expect(shell.statusRemoteDetail()).toHaveText(
    `— remote refused the connection since ${clockOf(offline.health.since!)} (data as of ${clockOf(offline.copy!.as_of!)})`,
  );

  // Today's list, from the copy: a search by phone digits finds the guest.
  await page.reload();
  await expect(screen.row('Olga Offline')).toBeVisible();
  await expect(screen.row('Tom Today')).toBeVisible();
  await screen.search().fill('48151623');
  await expect(screen.rows()).toHaveCount(1);
  await expect(screen.row('Olga Offline')).toBeVisible();

  // A check-in, kept after a reload.
  const olga = screen.row('Olga Offline');
  await reception.checkInButton(olga, 'Arrived').click();
  await reception.operatorDialog().getByRole('textbox', { name: 'Your name' }).fill('Rita Reception');
  await reception.operatorDialog().getByRole('button', { name: 'Save' }).click();
  await expect(reception.checkInButton(olga, 'Arrived')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(screen.rows()).toHaveCount(2);
  await expect(reception.checkInButton(screen.row('Olga Offline'), 'Arrived')).toHaveAttribute('aria-pressed', 'true');
  await expect(reception.checkInButton(screen.row('Tom Today'), 'Arrived')).toHaveAttribute('aria-pressed', 'false');

  // Today's booking page comes from the copy; one further ahead says why it cannot be shown.
  await screen.search().fill('olga');
  await expect(screen.rows()).toHaveCount(1);
  await screen.search().press('Enter');
  await page.keyboard.press('Enter');
  const detail = new BookingDetail(page);
  await expect(detail.root()).toHaveAttribute('data-external-id', 'OFF-1');
  await expect(detail.title()).toContainText('Olga Offline');
  await desk.open(page, BookingDetail.route('OFF-LATER'));
  await expect(detail.notInCopy()).toContainText('Not available while the remote does not answer');
  await expect(detail.notInCopy()).toContainText(
    /whole booking .* today's and tomorrow's bookings only; OFF-LATER jumps on/,
  );
  await saveScreenshot(page, 'offline-booking-not-in-copy-1024');

  // The remote's booking without an external id is listed, and says why it does not open.
  await desk.open(page, '/bookings');
  await screen.includeAll().click();
  await screen.row('Wanda Walkin').click();
  await page.keyboard.press('Enter');
  await expect(screen.notification('Not possible for this booking')).toContainText('has no external id');
  await expect(page).toHaveURL(/#\/bookings$/);
  await screen.includeAll().click();
  await expect(screen.row('Wanda Walkin')).toHaveCount(0);

  // The day sheet: everyone jumping today, with or without an external id.
  await desk.open(page, '/bookings');
  await screen.search().fill('');
  await expect(screen.rows()).toHaveCount(2);
  await reception.daySheetButton().click();
  const sheet = new DaySheetScreen(page);
  await expect(sheet.sheet()).toBeVisible();
  await expect(sheet.rows()).toHaveCount(3);
  await expect(sheet.row('Olga Offline')).toBeVisible();
  await expect(sheet.row('Tom Today')).toBeVisible();
  await expect(sheet.row('Wanda Walkin')).toBeVisible();
  await sheet.back().click();

  // Three minutes on, the Bookings screen says how old what it shows is.
  await page.clock.setSystemTime(Date.now() + 3 * 60_000);
  await expect(reception.copyAge()).toHaveText(
    `Remote not answering — showing the desk's copy as of ${clockOf(offline.copy!.as_of!)} (3 min ago)`,
    { timeout: 20_000 },
  );
  await expectAccessible(page, 'the Bookings screen offline');
  await expectNoSidewaysScroll(page, 'the Bookings screen offline at 1024×768');
  await saveScreenshot(page, 'offline-bookings-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(reception.copyAge()).toBeVisible();
  await expectNoSidewaysScroll(page, 'the Bookings screen offline at 1440×900');
  await saveScreenshot(page, 'offline-bookings-1440');
  await page.setViewportSize({ width: 1024, height: 768 });

  // The line is back: online again, and a change made at the remote shows within the refresh.
  await page.clock.setSystemTime(Date.now());
  await remote.setLine({ kind: 'pass' });
  await expect(shell.statusHealth()).toHaveText('Online', { timeout: 15_000 });
  await expect(shell.statusRemoteDetail()).toHaveCount(0);
  const renamed = await remote.post(request, '/bookings', { external_id: 'OFF-2', name: 'Tom Renamed' });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await expect(screen.row('Tom Renamed')).toBeVisible({ timeout: REFRESHED_WITHIN_MS });
  await expect(screen.row('Tom Today')).toHaveCount(0);
  await expect(reception.copyAge()).toHaveCount(0);
  // The mark made offline stays with the booking through the refresh.
  await expect(reception.checkInButton(screen.row('Olga Offline'), 'Arrived')).toHaveAttribute('aria-pressed', 'true');
});
