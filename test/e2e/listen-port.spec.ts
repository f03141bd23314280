import { SettingsScreen } from './pages/settings';
import { expect, saveScreenshot, test } from './fixtures';

// The e2e server runs as `npm run serve -- --port 0`: a port given for the run, which a saved port never overrides.
test('a port for booking systems is kept from the next start; a bad one is refused beside the field', async ({
  page,
  desk,
}) => {
  await desk.open(page, '/settings');
  const settings = new SettingsScreen(page);
  const port = new URL(desk.url).port;
  await expect(settings.syncUrl()).toHaveText(`${desk.url}/api/f1/sync`);
  await expect(settings.listenStatus()).toHaveText(`Port ${port}, chosen for this run with --port.`);

  await settings.portInput().fill('80');
  await settings.keepPort().click();
  await expect(settings.bookingSystems().getByText('must be from 1024 to 65535')).toBeVisible();

  await settings.portInput().fill('4791');
  await settings.keepPort().click();
  await expect(settings.listenStatus()).toHaveText(
    `Port ${port}, chosen for this run with --port; without --port the desk listens on 4791.`,
  );
  await expect(settings.keepPort()).toBeDisabled();
  await settings.bookingSystems().scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'settings-booking-systems');

  // Saved in the store: a reload (or the next start) shows it again.
  await page.reload();
  await expect(settings.portInput()).toHaveValue('4791');
  await settings.forgetPort().click();
  await expect(settings.listenStatus()).toHaveText(`Port ${port}, chosen for this run with --port.`);
  await expect(settings.portInput()).toHaveValue('');
  await expect(settings.forgetPort()).toHaveCount(0);
});
