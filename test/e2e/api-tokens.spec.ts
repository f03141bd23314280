import { expect, saveScreenshot, test } from './fixtures';
import { AdminDialog } from './pages/admin';
import { ApiTokensCard } from './pages/api-tokens';
import { tokenMadeInSettings } from './scenarios/api-tokens';
import { browserDesk } from './scenarios/desk';

test('booking system tokens in Settings: a label the server refuses, a token made that syncs at once and stops when revoked, none left', async ({
  page,
  desk,
  request,
}) => {
  await test.step('the label error from the server shows beside the field; no token is made', async () => {
    await desk.open(page, '/settings');
    const tokens = new ApiTokensCard(page);
    await expect(tokens.rows()).toHaveCount(1);
    await tokens.newTokenButton().click();
    await tokens.label().fill('   ');
    await tokens.createButton().click();
    // The desk has no administrator passphrase yet: the first administrator action sets one up.
    const admin = new AdminDialog(page);
    await expect(admin.dialog()).toContainText('This desk has no administrator passphrase yet');
    await admin.settled();
    await saveScreenshot(page, 'admin-set-up');
    await admin.setUp();
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

  await test.step('a token made in Settings syncs at once, is shown once, and stops working when revoked there', async () => {
    await tokenMadeInSettings(page, browserDesk(desk), request);
  });

  await test.step('with every token revoked the card says there are none', async () => {
    await desk.open(page, '/settings');
    const tokens = new ApiTokensCard(page);
    await tokens.revokeButton('seed token 1').click();
    await tokens.confirmRevoke().click();
    await new AdminDialog(page).complete();
    await expect(tokens.empty()).toContainText('No booking system tokens yet');
    // The desk's own session token is not an API token: the screen still works after revoking them all.
    await page.reload();
    await expect(tokens.empty()).toBeVisible();
  });
});
