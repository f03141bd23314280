import { expect, saveScreenshot, test } from './fixtures';
import { LogScreen } from './pages/log';
import { Shell } from './pages/shell';

/** The Log tells a booking system's calls (its token's label) from the desk's own, and hides the desk's by default. */
test("the Log names each call's caller and hides the desk's own calls until asked, remembered", async ({
  page,
  desk,
}) => {
  const headers = { ...(await desk.adminHeaders()), 'content-type': 'application/json' };
  const created = await fetch(`${desk.url}/api/desk/api-tokens`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ label: 'Bookeo sync' }),
  });
  expect(created.status).toBe(201);
  const { token } = (await created.json()) as { token: string };
  expect(
    (await fetch(`${desk.url}/api/f1/sync/filmers`, { headers: { authorization: `Bearer ${token}` } })).status,
  ).toBe(200);
  expect(
    (await fetch(`${desk.url}/api/f1/sync/products`, { headers: { authorization: 'Bearer dzd_wrong' } })).status,
  ).toBe(401);

  // A booking's page reads it through the Sync API itself: a desk call (the list reads the desk's own list).
  await desk.open(page, '/bookings/DELIVERED-OLD');
  await expect(page.getByRole('main')).toContainText('DELIVERED-OLD');
  await new Shell(page).nav('Log').click();
  const log = new LogScreen(page);
  await expect(log.hideDeskCalls()).toBeChecked();
  const bookingSystem = log.row('/api/f1/sync/filmers');
  await expect(bookingSystem).toBeVisible();
  await expect(log.callerOf(bookingSystem)).toHaveText('Bookeo sync');
  await expect(log.callerOf(log.row('/api/f1/sync/products'))).toHaveText('Unknown token');
  await expect(log.row('/api/f1/sync/bookings')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(token);
  await saveScreenshot(page, 'log-callers');

  await log.hideDeskCalls().click();
  const deskCall = log.row('/api/f1/sync/bookings').first();
  await expect(deskCall).toBeVisible();
  await expect(log.callerOf(deskCall)).toHaveText('Desk');

  // Remembered: the switch stays off on the next visit.
  await page.reload();
  await expect(log.hideDeskCalls()).not.toBeChecked();
  await expect(log.row('/api/f1/sync/bookings').first()).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByTestId('status-dropzone')).toBeInViewport();
  await saveScreenshot(page, 'log-callers-1024');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
