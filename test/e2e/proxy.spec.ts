import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dateInZone } from '../../shared/dates';
import { BASE_SEED, TEST_TODAY } from '../support/seed';
import { startServe, type ServeProcess } from '../support/serve-process';
import { AdminDialog } from './pages/admin';
import { expect, saveScreenshot, test as deskTest } from './fixtures';
import { BookingsScreen } from './pages/bookings';
import { LogScreen } from './pages/log';
import { SettingsScreen } from './pages/settings';
import { Shell } from './pages/shell';

const REMOTE_TOKEN = 'remote-token-0123456789';

/** The remote's store: the test dropzone's catalogue, with one distinctive booking of its own. */
const REMOTE_SEED = {
  dates_relative_to: TEST_TODAY,
  dropzones: [
    {
      ...BASE_SEED.dropzones[0],
      key: 'remote',
      name: 'Remote Dropzone',
      api_tokens: [REMOTE_TOKEN],
      filmers: [],
      bookings: [
        { id: 501, external_id: 'REMOTE-1', name: 'Remote Rita', email: 'rita@example.com', jump_on: '2026-06-16' },
      ],
    },
  ],
};

/** `remote`: a second real server, on its own temp store, that the desk under test proxies to. */
const test = deskTest.extend<{ remote: { url: string } }>({
  // eslint-disable-next-line no-empty-pattern
  remote: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-e2e-remote-'));
    const seedFile = join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(REMOTE_SEED));
    let serve: ServeProcess | undefined;
    try {
      serve = await startServe(['--port', '0', '--data-dir', join(dir, 'data'), '--seed', seedFile]);
      await use({ url: serve.url });
    } finally {
      await serve?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

/** A port nothing listens on: opened, then closed again. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

test("in proxy mode the remote's locks hold: the form says which fields stayed (partial_update)", async ({
  page,
  desk,
  remote,
}) => {
  const created = await fetch(`${remote.url}/api/f1/sync/bookings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${REMOTE_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      external_id: 'REMOTE-2',
      name: 'Rob Remote',
      jump_on: dateInZone(new Date(), 'Europe/Amsterdam'),
      camera_package: 'Selfie basic',
    }),
  });
  expect((await created.json()).product_id).toBe(1);
  // Switching in Settings has its own test above; here the desk API does it.
  const switched = await fetch(`${desk.url}/api/desk/connection`, {
    method: 'PUT',
    headers: { ...(await desk.adminHeaders()), 'content-type': 'application/json' },
    body: JSON.stringify({
      mode: 'proxy',
      remote_url: remote.url,
      credentials: { kind: 'bearer', token: REMOTE_TOKEN },
    }),
  });
  expect(switched.status).toBe(200);

  await desk.open(page, '/bookings');
  const screen = new BookingsScreen(page);
  await screen.row('Rob Remote').click();
  await page.keyboard.press('e');
  const form = screen.form;
  await expect(form.field('Camera package')).toHaveAccessibleDescription(
    /the booking has a product, a change is ignored/,
  );
  await expect(form.handEditNote()).toHaveCount(0);

  await form.field('Name').fill('Rob Renamed');
  await form.field('Camera package').fill('Video');
  await form.submit().click();
  await expect(form.partialUpdate()).toContainText('product locked, some changes ignored');
  await expect(form.partialUpdate()).toContainText('camera_package');
  await expect(form.partialUpdate()).toContainText('kept “Selfie basic”; you entered “Video”');
  await expect(form.partialUpdate()).toContainText('All your other changes were saved');
  await expect(form.field('Camera package')).toHaveValue('Selfie basic');
  await saveScreenshot(page, 'booking-partial-update');

  await form.cancel().click();
  await expect(form.dialog()).toBeHidden();
  // The list (the desk's copy of the remote) shows the booking as the remote kept it.
  await screen.columnsButton().click();
  await screen.columnToggle('Camera package').check();
  await page.keyboard.press('Escape');
  await expect(screen.row('Rob Renamed')).toContainText('Selfie basic');
});

test('Save refuses proxy mode without a URL; Test connection against a dead port says why; switch to proxy in Settings, see the remote’s bookings and the proxied call in the Log, switch back', async ({
  page,
  desk,
  remote,
}) => {
  await test.step('Save refuses proxy mode without a URL, beside the field', async () => {
    const settings = new SettingsScreen(page);
    await desk.open(page, '/settings');
    await settings.chooseMode('Proxy to a remote server');
    await settings.saveButton().click();
    await expect(settings.card()).toContainText('Enter the remote server’s base URL');
    await settings.remoteUrl().fill('ftp://example.com');
    await settings.saveButton().click();
    await new AdminDialog(page).complete();
    await expect(settings.remoteUrl()).toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('Test connection against a dead port says the connection was refused, and what to check', async () => {
    const settings = new SettingsScreen(page);
    const port = await deadPort();
    await desk.open(page, '/settings');
    await settings.chooseMode('Proxy to a remote server');
    await settings.remoteUrl().fill(`http://127.0.0.1:${port}`);
    await settings.testButton().click();
    await new AdminDialog(page).complete();
    await expect(settings.testResult()).toHaveAttribute('data-result', 'refused');
    await expect(settings.testResult()).toContainText('Connection refused');
    await expect(settings.testResult()).toContainText(`connection refused (127.0.0.1:${port})`);
    await expect(settings.testResult()).toContainText('check the port');
  });

  await test.step('switch to proxy in Settings, see the remote’s bookings and the proxied call in the Log, switch back', async () => {
    const shell = new Shell(page);
    const settings = new SettingsScreen(page);
    const bookings = new BookingsScreen(page);
    const log = new LogScreen(page);

    // A booking's page reads it through the local Sync API (a `local` call in the Log below).
    await desk.open(page, '/bookings/NO-PRODUCT');
    await expect(page.getByRole('main')).toContainText('Nina Noproduct');
    await desk.open(page, '/bookings');
    await expect(shell.statusMode()).toHaveText('Local store');
    await expect(bookings.row('Nina Noproduct')).toBeVisible();
    await page.keyboard.press('Alt+4');
    await settings.chooseMode('Proxy to a remote server');
    await settings.remoteUrl().fill(remote.url);
    await settings.chooseCredentials('Bearer token');
    await settings.token().fill(REMOTE_TOKEN);
    await settings.testButton().click();
    await new AdminDialog(page).complete();
    await expect(settings.testResult()).toHaveAttribute('data-result', 'ok');
    await expect(settings.testResult()).toContainText('Connected');
    await expect(settings.testResult()).toContainText(/Catalogue version \w+/);
    await saveScreenshot(page, 'settings-connection');

    await settings.saveButton().click();
    await expect(settings.saved()).toBeVisible();
    await expect(shell.statusMode()).toHaveText(/^Proxy → 127\.0\.0\.1:\d+$/);
    await expect(shell.statusHealth()).toHaveText('Online');
    // The stored token is never shown again: the field is blank, marked as set.
    await expect(settings.token()).toHaveValue('');
    await expect(settings.token()).toHaveAttribute('placeholder', /set/);

    await shell.nav('Bookings').click();
    await expect(bookings.row('Remote Rita')).toBeVisible();
    await expect(bookings.row('Nina Noproduct')).toHaveCount(0);
    // The list reads the desk's copy of the remote; a booking's page asks the remote (a proxied call in the Log).
    await bookings.row('Remote Rita').dblclick();
    await expect(page.getByTestId('booking-title')).toContainText('Remote Rita');

    await page.keyboard.press('Alt+5');
    await expect(page).toHaveURL(/#\/log$/);
    // The calls here are the desk screens' own, hidden by default.
    await log.hideDeskCalls().click();
    await expect(log.hideDeskCalls()).not.toBeChecked();
    await expect(log.row(/proxy/).first()).toBeVisible();
    await expect(log.row(/local/).first()).toBeVisible();
    await saveScreenshot(page, 'log');
    await log.pathFilter().fill('/api/f1/sync/bookings');
    const proxied = log.row(/GET.*\/api\/f1\/sync\/bookings.*proxy/).first();
    await expect(proxied).toBeVisible();
    await proxied.click();
    await expect(log.curl()).toContainText('curl');
    await expect(log.curl()).toContainText('/api/f1/sync/bookings');
    await expect(log.curl()).toContainText('<redacted>');
    await expect(log.drawer()).not.toContainText(REMOTE_TOKEN);
    await expect(log.drawer()).not.toContainText(desk.token);
    await expect(log.copyCurl()).toBeVisible();
    await expect(log.response()).toContainText('Remote Rita');
    await saveScreenshot(page, 'log-entry');
    await page.keyboard.press('Escape');
    await expect(log.drawer()).toHaveCount(0);

    await page.keyboard.press('Alt+4');
    await settings.chooseMode('Local store');
    await settings.saveButton().click();
    await expect(shell.statusMode()).toHaveText('Local store');
    await page.keyboard.press('Alt+1');
    await expect(bookings.row('Nina Noproduct')).toBeVisible();
    await expect(bookings.row('Remote Rita')).toHaveCount(0);
  });
});
