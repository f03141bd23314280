import { expectAccessible } from './axe';
import { saveScreenshot } from './fixtures';
import { Shell } from './pages/shell';
import { expect, test } from './restartable-desk';

/**
 * When the desk server blips (restarts, or is briefly unreachable): a screen that cannot load says
 * so and loads by itself when the server is back; the status bar notices within two seconds and
 * says when it is back; a browser stays signed in across a restart, and is told how to sign in when
 * it is not.
 */

test.use({ viewport: { width: 1024, height: 768 } });

test('a screen opened while the server is down says so, and appears without a reload once it is back', async ({
  page,
  restartable,
}) => {
  const shell = new Shell(page);
  await page.goto(`${restartable.url}/?token=${restartable.token}#/bookings`);
  await expect(shell.statusHealth()).toHaveText('Online');
  // A mark on this very page: still there at the end means no reload happened.
  await page.evaluate(() => ((window as unknown as { pageMark: string }).pageMark = 'same page'));

  await restartable.stop();
  await shell.nav('Filmers').click();
  await expect(shell.screenLoadFailed()).toContainText(
    'This screen could not be loaded — the desk server is not answering. Retrying…',
  );
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
  await saveScreenshot(page, 'screen-load-failed-1024');
  await expectAccessible(page, 'the panel of a screen that could not load');

  await restartable.start();
  await expect(page.getByRole('heading', { name: 'Filmers' })).toBeVisible({ timeout: 10_000 });
  await expect(shell.screenLoadFailed()).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { pageMark?: string }).pageMark)).toBe('same page');
});

test('the status bar says the server is not answering within two seconds, and when it is back', async ({
  page,
  restartable,
}) => {
  const shell = new Shell(page);
  await page.goto(`${restartable.url}/?token=${restartable.token}#/bookings`);
  await expect(shell.statusHealth()).toHaveText('Online');

  await restartable.stop();
  // Generous for a loaded test machine, and still well under the 15 s of the old poll.
  await expect(shell.statusOffline()).toBeVisible({ timeout: 2_500 });
  await expect(shell.statusOffline()).toHaveText(/^Desk server not answering since \d{2}:\d{2}:\d{2}$/);
  await expect(shell.statusHealth()).toHaveText('Offline');
  await saveScreenshot(page, 'status-offline-1024');
  await expectAccessible(page, 'the offline status bar', '[data-testid="status-bar"]');

  await restartable.start();
  await expect(shell.statusHealth()).toHaveText('Back online', { timeout: 5_000 });
  await expect(shell.statusOffline()).toHaveCount(0);
  await expect(shell.statusHealth()).toHaveText('Online', { timeout: 10_000 });
});

test('a browser stays signed in across a restart; after --new-session it is told how to sign in, never green', async ({
  page,
  restartable,
}) => {
  const shell = new Shell(page);
  await page.goto(`${restartable.url}/?token=${restartable.token}#/bookings`);
  await expect(shell.statusDropzone()).toHaveText('Test Dropzone');
  await expect(page).not.toHaveURL(/token=/);

  // A restart: the same page, and a fresh load of the bare address, are still signed in.
  await restartable.stop('SIGTERM');
  await restartable.start();
  await page.goto(`${restartable.url}/#/filmers`);
  await expect(page.getByRole('heading', { name: 'Filmers' })).toBeVisible();
  await expect(shell.statusHealth()).toHaveText('Online');
  await expect(shell.signIn()).toHaveCount(0);

  // A new session secret: the page's token no longer opens the desk.
  await restartable.stop('SIGTERM');
  await restartable.start('--new-session');
  await expect(shell.signIn()).toBeVisible({ timeout: 15_000 });
  await expect(shell.signIn()).toContainText('npm run url');
  await expect(shell.statusHealth()).toHaveText('Signed out');
  await saveScreenshot(page, 'sign-in-panel-1024');
  await expectAccessible(page, 'the sign-in panel');

  await shell.signInAddress().fill('http://127.0.0.1:1/?token=dzd_not-the-one');
  await shell.signIn().getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-problem')).toContainText('does not take this address');

  await shell.signInAddress().fill(await restartable.printedUrl());
  await shell.signIn().getByRole('button', { name: 'Sign in' }).click();
  await expect(shell.signIn()).toHaveCount(0);
  await expect(shell.statusHealth()).toHaveText('Online');
  await expect(page.getByRole('heading', { name: 'Filmers' })).toBeVisible();
});
