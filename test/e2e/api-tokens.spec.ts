import type { APIRequestContext } from '@playwright/test';
import { expect, saveScreenshot, test } from './fixtures';
import { ApiTokensCard } from './pages/api-tokens';

/** The call a booking system makes with its token. */
const syncBookings = (request: APIRequestContext, url: string, token: string) =>
  request.get(`${url}/api/f1/sync/bookings`, { headers: { authorization: `Bearer ${token}` } });

test('a token made in Settings syncs at once, is shown once, and stops working when revoked there', async ({ page, desk, request }) => {
  await desk.open(page, '/settings');
  const tokens = new ApiTokensCard(page);
  await expect(tokens.row('seed token 1')).toBeVisible();

  const token = await tokens.create('Front desk booking system');
  expect(token).toMatch(/^dzd_[\w-]{43}$/);
  await expect(tokens.createdPanel()).toContainText('Copy it now: it is not shown again');
  await expect(tokens.createdToken()).toHaveCSS('font-family', /mono/i);
  await expect(tokens.row('Front desk booking system')).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await tokens.copyButton().click();
  await expect(tokens.copyButton()).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  // The card sits below the fold: bring all of it (panel and list) into the picture, clear of the
  // fixed header and status bar, with the pointer off the rows (no hover highlight).
  await tokens.card().evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await page.mouse.move(1300, 400);
  await saveScreenshot(page, 'settings-tokens');

  expect((await syncBookings(request, desk.url, token)).status()).toBe(200);

  await tokens.dismissButton().click();
  await expect(tokens.createdPanel()).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  await tokens.revokeButton('Front desk booking system').click();
  await expect(tokens.revokeDialog()).toContainText('Revoke “Front desk booking system”?');
  await expect(tokens.revokeDialog()).toContainText('will stop syncing');
  await saveScreenshot(page, 'settings-tokens-revoke');
  await tokens.confirmRevoke().click();
  await expect(tokens.revokeDialog()).toHaveCount(0);
  await expect(tokens.row('Front desk booking system')).toHaveCount(0);

  const refused = await syncBookings(request, desk.url, token);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).status).toBe('unauthorized');
});

test('the label error from the server shows beside the field; no token is made', async ({ page, desk }) => {
  await desk.open(page, '/settings');
  const tokens = new ApiTokensCard(page);
  await expect(tokens.rows()).toHaveCount(1);
  await tokens.newTokenButton().click();
  await tokens.label().fill('   ');
  await tokens.createButton().click();
  await expect(tokens.label()).toHaveAccessibleDescription(/Label must not be empty/);
  await expect(tokens.createdPanel()).toHaveCount(0);
  await tokens.label().fill('x'.repeat(101));
  await tokens.createButton().click();
  await expect(tokens.form()).toContainText('Label must be at most 100 characters');
  await tokens.card().evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await page.mouse.move(1300, 400);
  await saveScreenshot(page, 'settings-tokens-label-error');
  await expect(tokens.rows()).toHaveCount(1);
});

test('with every token revoked the card says there are none', async ({ page, desk }) => {
  await desk.open(page, '/settings');
  const tokens = new ApiTokensCard(page);
  await tokens.revokeButton('seed token 1').click();
  await tokens.confirmRevoke().click();
  await expect(tokens.empty()).toContainText('No booking system tokens yet');
  // The desk's own session token is not an API token: the screen still works after revoking them all.
  await page.reload();
  await expect(tokens.empty()).toBeVisible();
});
