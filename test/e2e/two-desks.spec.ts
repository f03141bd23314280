import type { Browser, Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dateInZone } from '../../shared/dates';
import { freePort } from '../support/ports';
import { BASE_SEED, TEST_TODAY, TEST_TOKEN } from '../support/seed';
import { startServe, type ServeProcess } from '../support/serve-process';
import { expectAccessible } from './axe';
import { expect, saveScreenshot, test, type DeskUnderTest } from './fixtures';
import { BookingsScreen } from './pages/bookings';
import { ReceptionScreen } from './pages/reception';

/**
 * Two desks of one venue side by side (docs/desks.md): the main desk (the `desk` fixture, with its
 * LAN listener on loopback) and a desk paired with it by a real one-time code, each in a browser
 * window of its own. What one does shows at the other; cut off, the paired desk says so and goes on.
 */
const dropzone = BASE_SEED.dropzones[0]!;
const TINA = { id: 500, external_id: 'LIVE-TINA', name: 'Tina Today', jump_on: TEST_TODAY, camera_package: 'Video' };
const OTTO = { id: 501, external_id: 'LIVE-OTTO', name: 'Otto Offline', jump_on: TEST_TODAY, camera_package: 'Video' };
test.use({ deskSeed: { dates_relative_to: TEST_TODAY, dropzones: [{ ...dropzone, bookings: [TINA, OTTO] }] } });

/** Within 2 s of the write (the figure), with a margin for a loaded CI machine's paint. */
const LIVE = { timeout: 4_000 };
const today = () => dateInZone(new Date(), 'Europe/Amsterdam');

interface PairedDesk {
  serve: ServeProcess;
  dataDir: string;
  open(page: Page, route?: string): Promise<void>;
}

/** Lets desks join the main desk (on loopback), shows a code there, and starts a desk that joins with it. */
async function pairADesk(desk: DeskUnderTest, name: string): Promise<PairedDesk> {
  return (await pairADeskWithPort(desk, name)).paired;
}

/** The main desk's LAN listener on loopback, on or off: off, its paired desks are cut off (nothing listens). */
async function letDesksJoin(desk: DeskUnderTest, lanPort: number, enabled: boolean): Promise<void> {
  const res = await fetch(`${desk.url}/api/desk/desks/lan`, {
    method: 'PUT',
    headers: { ...(await desk.adminHeaders()), 'content-type': 'application/json' },
    body: JSON.stringify({ enabled, port: lanPort, address: '127.0.0.1' }),
  });
  expect(res.status, await res.text()).toBe(200);
}

async function pairADeskWithPort(desk: DeskUnderTest, name: string): Promise<{ paired: PairedDesk; lanPort: number }> {
  const lanPort = await freePort();
  await letDesksJoin(desk, lanPort, true);
  const made = await fetch(`${desk.url}/api/desk/desks/pairing-codes`, {
    method: 'POST',
    headers: await desk.adminHeaders(),
  });
  expect(made.status, await made.clone().text()).toBe(201);
  const { code } = (await made.json()) as { code: string };
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-paired-'));
  const serve = await startServe([
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--join',
    `https://127.0.0.1:${lanPort}`,
    '--code',
    code,
    '--name',
    name,
  ]);
  return {
    lanPort,
    paired: {
      serve,
      dataDir,
      open: async (page, route = '/bookings') => {
        await page.goto(`${serve.url}/?token=${serve.token}#${route}`);
      },
    },
  };
}

async function windowOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  return context.newPage();
}

async function checkIn(page: Page, who: string, mark: 'Arrived' | 'No-show' | 'Jumped'): Promise<void> {
  const reception = new ReceptionScreen(page);
  await reception.checkInButton(new BookingsScreen(page).row(who), mark).click();
  const operator = reception.operatorDialog();
  if (await operator.isVisible().catch(() => false)) {
    await operator.getByRole('textbox', { name: 'Your name' }).fill('Vic Video');
    await operator.getByRole('button', { name: 'Save' }).click();
  }
  await expect(reception.checkInButton(new BookingsScreen(page).row(who), mark)).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

test('two desks share one day live: a check-in at either shows at the other; a synced booking at both', async ({
  browser,
  desk,
}) => {
  test.setTimeout(90_000);
  const paired = await pairADesk(desk, 'Video desk');
  try {
    const [atMain, atPaired] = [await windowOf(browser), await windowOf(browser)];
    await desk.open(atMain, '/bookings');
    await paired.open(atPaired);
    await expect(new BookingsScreen(atMain).row('Tina Today')).toBeVisible();
    await expect(new BookingsScreen(atPaired).row('Tina Today')).toBeVisible();
    await expect(atPaired.getByTestId('status-main-desk')).toContainText('Main desk');
    // Both windows work for one dropzone, and say the same name for it.
    await expect(atPaired.getByTestId('status-dropzone')).toHaveText('Test Dropzone');

    const res = await fetch(`${desk.url}/api/f1/sync/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ external_id: 'LIVE-SAM', name: 'Sam Synced', jump_on: today(), camera_package: 'Video' }),
    });
    expect(res.status).toBe(201);
    await expect(new BookingsScreen(atMain).row('Sam Synced')).toBeVisible(LIVE);
    await expect(new BookingsScreen(atPaired).row('Sam Synced')).toBeVisible(LIVE);

    await checkIn(atPaired, 'Tina Today', 'Arrived');
    await expect(
      new ReceptionScreen(atMain).checkInButton(new BookingsScreen(atMain).row('Tina Today'), 'Arrived'),
    ).toHaveAttribute('aria-pressed', 'true', LIVE);
    await checkIn(atMain, 'Sam Synced', 'No-show');
    await expect(
      new ReceptionScreen(atPaired).checkInButton(new BookingsScreen(atPaired).row('Sam Synced'), 'No-show'),
    ).toHaveAttribute('aria-pressed', 'true', LIVE);

    await saveScreenshot(atPaired, 'paired-desk-bookings-1024');
    await expectAccessible(atPaired, 'a paired desk, Bookings');
  } finally {
    await paired.serve.stop();
    rmSync(paired.dataDir, { recursive: true, force: true });
  }
});

test('cut off: the paired desk says so, reception checks a guest in there; back, the mark is at the main desk', async ({
  browser,
  desk,
}) => {
  test.setTimeout(120_000);
  const { paired, lanPort } = await pairADeskWithPort(desk, 'Video desk');
  const setLan = (enabled: boolean) => letDesksJoin(desk, lanPort, enabled);
  try {
    const atPaired = await windowOf(browser);
    await paired.open(atPaired);
    await expect(new BookingsScreen(atPaired).row('Otto Offline')).toBeVisible();
    // The copy has fetched today: what reception works from apart.
    await expect
      .poll(async () => {
        const s = await fetch(`${paired.serve.url}/api/desk/session`, {
          headers: { authorization: `Bearer ${paired.serve.token}` },
        });
        return ((await s.json()) as { copy: { as_of: string | null } | null }).copy?.as_of ?? null;
      })
      .not.toBeNull();

    // The main desk stops listening on the LAN: for the paired desk, its link is gone.
    await setLan(false);
    await expect(atPaired.getByTestId('status-health')).toHaveText(/Main desk not answering since \d\d:\d\d/, {
      timeout: 12_000,
    });
    await expect(new BookingsScreen(atPaired).row('Otto Offline')).toBeVisible();
    await checkIn(atPaired, 'Otto Offline', 'Arrived');
    await expect(atPaired.getByTestId('status-marks-waiting')).toHaveText('1 check-in waiting');
    await saveScreenshot(atPaired, 'paired-desk-apart-1024');
    await expectAccessible(atPaired, 'a paired desk apart from its main desk');

    await setLan(true);
    await expect(atPaired.getByTestId('status-marks-waiting')).toHaveCount(0, { timeout: 20_000 });
    const atMain = await windowOf(browser);
    await desk.open(atMain, '/bookings');
    await expect(
      new ReceptionScreen(atMain).checkInButton(new BookingsScreen(atMain).row('Otto Offline'), 'Arrived'),
    ).toHaveAttribute('aria-pressed', 'true');
  } finally {
    await paired.serve.stop();
    rmSync(paired.dataDir, { recursive: true, force: true });
  }
});

test('a field both desks changed while apart: the main desk’s Sync screen says what waits at the paired desk; decided there, it goes', async ({
  browser,
  desk,
}) => {
  test.setTimeout(120_000);
  const { paired, lanPort } = await pairADeskWithPort(desk, 'Video desk');
  const setLan = (enabled: boolean) => letDesksJoin(desk, lanPort, enabled);
  const pairedSession = async () =>
    (await (
      await fetch(`${paired.serve.url}/api/desk/session`, {
        headers: { authorization: `Bearer ${paired.serve.token}` },
      })
    ).json()) as { main_desk: { state: string }; copy: { as_of: string | null } | null; outbox: { attention: number } };
  const edit = async (url: string, token: string, fields: object) => {
    const res = await fetch(`${url}/api/f1/sync/bookings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ external_id: TINA.external_id, ...fields }),
    });
    expect(res.status, await res.text()).toBe(200);
  };
  try {
    await expect.poll(async () => (await pairedSession()).copy?.as_of ?? null).not.toBeNull();
    await setLan(false);
    await expect.poll(async () => (await pairedSession()).main_desk.state, { timeout: 12_000 }).toBe('not_answering');
    // Apart: the video desk changes Tina's mobile and reference; the booking system changes her mobile at the main desk.
    await edit(paired.serve.url, paired.serve.token, { mobile: '+31 6 1111 1111', reference: 'VIDEO-1' });
    await edit(desk.url, TEST_TOKEN, { mobile: '+31 6 2222 2222' });
    await setLan(true);
    await expect.poll(async () => (await pairedSession()).outbox.attention, { timeout: 20_000 }).toBe(1);

    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1024, height: 768 },
    ]) {
      const atMain = await windowOf(browser);
      await atMain.setViewportSize(viewport);
      await desk.open(atMain, '/sync');
      const held = atMain.getByTestId('held-at-desks');
      await expect(held).toContainText('Video desk: 1 write waits for a person there');
      await expect(held).toContainText('Booking LIVE-TINA (Tina Today): mobile — changed at both desks while apart');
      await saveScreenshot(atMain, `main-desk-sync-held-${viewport.width}`);
      await expectAccessible(atMain, 'the main desk’s Sync screen with writes held at a paired desk');
      if (viewport.width === 1024) {
        // Decided at the paired desk, where the edit was made: the main desk's screen hears it goes.
        const ops = (await (
          await fetch(`${paired.serve.url}/api/desk/outbox?state=attention`, {
            headers: { authorization: `Bearer ${paired.serve.token}` },
          })
        ).json()) as { ops: { id: number }[] };
        const decided = await fetch(`${paired.serve.url}/api/desk/outbox/${ops.ops[0]!.id}/decision`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${paired.serve.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'keep_theirs', by: 'Vic Video' }),
        });
        expect(decided.status, await decided.text()).toBe(200);
        await expect(held).toHaveCount(0, { timeout: 30_000 });
      }
      await atMain.context().close();
    }
  } finally {
    await paired.serve.stop();
    rmSync(paired.dataDir, { recursive: true, force: true });
  }
});
