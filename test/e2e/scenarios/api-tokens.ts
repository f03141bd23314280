import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { ApiTokensCard } from '../pages/api-tokens';
import type { ScenarioDesk } from './desk';

/** The call a booking system makes with its token. */
export const syncBookings = (request: APIRequestContext, url: string, token: string) =>
  request.get(`${url}/api/f1/sync/bookings`, { headers: { authorization: `Bearer ${token}` } });

/** A token made in Settings syncs at once, is shown once, and stops working when revoked there (api-tokens.spec.ts and the desktop app's suite). */
export async function tokenMadeInSettings(page: Page, desk: ScenarioDesk, request: APIRequestContext): Promise<void> {
  await desk.open(page, '/settings');
  const tokens = new ApiTokensCard(page);
  await expect(tokens.row('seed token 1')).toBeVisible();

  const token = await tokens.create('Front desk booking system', true);
  expect(token).toMatch(/^dzd_[\w-]{43}$/);
  await expect(tokens.createdPanel()).toContainText('Copy it now: it is not shown again');
  await expect(tokens.createdToken()).toHaveCSS('font-family', /mono/i);
  await expect(tokens.row('Front desk booking system')).toBeVisible();
  await desk.allowClipboard(page);
  await tokens.copyButton().click();
  await expect(tokens.copyButton()).toHaveText('Copied');
  expect(await desk.readClipboard(page)).toBe(token);
  // The card sits below the fold: bring all of it (panel and list) into the picture, clear of the
  // fixed header and status bar, with the pointer off the rows (no hover highlight).
  await tokens.card().evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await page.mouse.move(1300, 400);
  await desk.screenshot(page, 'settings-tokens');

  expect((await syncBookings(request, desk.url, token)).status()).toBe(200);

  await tokens.dismissButton().click();
  await expect(tokens.createdPanel()).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);

  await tokens.revokeButton('Front desk booking system').click();
  await expect(tokens.revokeDialog()).toContainText('Revoke “Front desk booking system”?');
  await expect(tokens.revokeDialog()).toContainText('will stop syncing');
  await desk.screenshot(page, 'settings-tokens-revoke');
  await tokens.confirmRevoke().click();
  await expect(tokens.revokeDialog()).toHaveCount(0);
  await expect(tokens.row('Front desk booking system')).toHaveCount(0);

  const refused = await syncBookings(request, desk.url, token);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).status).toBe('unauthorized');
}
