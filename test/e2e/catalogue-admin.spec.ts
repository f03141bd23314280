import type { APIRequestContext, Page } from '@playwright/test';
import { expect, saveScreenshot, test, type DeskUnderTest } from './fixtures';
import { expectAccessible } from './axe';
import { AdminDialog } from './pages/admin';
import { CatalogueScreen } from './pages/catalogue';

/** Bookings a booking system sent with camera packages no product matches (jumps in a few days). */
async function sendUnmatchedBookings(request: APIRequestContext, desk: DeskUnderTest) {
  const jumpOn = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const bookings = [
    { external_id: 'E2E-T1', name: 'Tara One', jump_on: jumpOn, camera_package: 'Tandem 4K Pro' },
    { external_id: 'E2E-T2', name: 'Tom Two', jump_on: jumpOn, camera_package: 'Tandem 4K Pro' },
    { external_id: 'E2E-F1', name: 'Fay Fun', jump_on: jumpOn, camera_package: 'Fun jumper edit' },
  ];
  const sent = await request.post(`${desk.url}/api/f1/sync/bookings/batch`, {
    headers: { authorization: `Bearer ${desk.token}` },
    data: { bookings },
  });
  expect(sent.status()).toBe(200);
}

/** Nothing wider than the window: no sideways scrolling, at whatever size the test set. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

/** Every button of the open dialog lies inside the window. */
async function expectButtonsOnScreen(page: Page) {
  const viewport = page.viewportSize()!;
  for (const button of await page.getByRole('dialog').last().getByRole('button').all()) {
    const box = await button.boundingBox();
    if (!box) continue;
    expect(box.x + box.width, `${await button.textContent()} is off screen`).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height, `${await button.textContent()} is off screen`).toBeLessThanOrEqual(viewport.height);
  }
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  const size = `${viewport.width}x${viewport.height}`;

  test.describe(`at ${size}`, () => {
    test.use({ viewport });

    test('add a product, then make an unmatched package a product: the form asks for entitlements and credits, the tester says which product wins and why, the bookings are matched', async ({
      page,
      desk,
      request,
    }) => {
      await test.step('add a product: the form asks for entitlements and credits, the list and the Sync API show it', async () => {
        await desk.open(page, '/catalogue/products');
        const catalogue = new CatalogueScreen(page);
        await expect(catalogue.adminNote()).toBeVisible();
        await catalogue.addButton('product').click();
        await catalogue.formField('Name').fill('Handcam clip');
        await catalogue.formField('Booking system name').fill('Handcam');
        await catalogue.formField('Price (EUR)').fill('79');
        await catalogue.formField('Credits').fill('1.5');
        await catalogue.choose('Video', 'Instagram clip');
        await catalogue.choose('Camera', 'Selfie (handcam)');
        await catalogue.formField('Photos', 'checkbox').check();
        await expectButtonsOnScreen(page);
        await expectNoSidewaysScroll(page);
        await saveScreenshot(page, `catalogue-admin-product-form-${size}`);
        await expectAccessible(page, `the product form at ${size}`);

        // Video "none" takes the camera with it, and back.
        await catalogue.choose('Video', 'No video');
        await expect(catalogue.formField('Camera', 'combobox')).toHaveValue('No camera');
        await catalogue.choose('Video', 'Instagram clip');
        await catalogue.choose('Camera', 'Selfie (handcam)');

        await catalogue.productForm().getByRole('button', { name: 'Create product' }).click();
        // The catalogue is an administrator's: this desk has no passphrase yet, so it asks for one.
        await new AdminDialog(page).complete();
        await expect(catalogue.productForm()).toBeHidden();
        const row = catalogue.row(catalogue.productsGrid(), 'Handcam clip');
        await expect(row).toBeVisible();
        await row.click();
        await expect(page.getByTestId('product-grants')).toHaveText(
          /Instagram clip · Selfie \(handcam\) · 1\.5 credits/,
        );
        await expect(catalogue.detailValue('selfie')).toHaveText('Yes');
        await expect(catalogue.detailValue('socials')).toHaveText('No');

        const list = await (
          await request.get(`${desk.url}/api/f1/sync/products`, { headers: { authorization: `Bearer ${desk.token}` } })
        ).json();
        expect(list.products.find((p: { name: string }) => p.name === 'Handcam clip')).toMatchObject({
          booking_system_name: 'Handcam',
          price_cents: 7900,
          photos: true,
        });
        await expect(catalogue.productsVersion()).toHaveAttribute('data-version', list.version);
      });

      await test.step('matching: the tester says which product wins and why; an unmatched package becomes a product and its bookings are matched', async () => {
        await sendUnmatchedBookings(request, desk);
        await desk.open(page, '/catalogue/matching');
        const catalogue = new CatalogueScreen(page);
        await expect(catalogue.tab('Matching')).toHaveAttribute('aria-selected', 'true');

        await catalogue.testerInput().fill('selfie + photos 4K');
        await expect(catalogue.testerWinner()).toHaveText('Matches Selfie video + photos (product 2)');
        await expect(catalogue.testerRow('Selfie video')).toHaveAttribute('data-verdict', 'shorter_name');
        await expect(catalogue.testerRow('Old package')).toHaveAttribute('data-verdict', 'inactive');
        await expect(catalogue.testerRow('Videographer')).toHaveAttribute('data-verdict', 'not_a_prefix');
        await expectNoSidewaysScroll(page);
        await saveScreenshot(page, `catalogue-admin-matching-${size}`);
        await expectAccessible(page, `the Matching tab at ${size}`);

        const row = catalogue.unmatchedRow('Tandem 4K Pro');
        await expect(row.getByRole('cell').nth(1)).toHaveText('2');
        await expect(catalogue.unmatchedRow('Fun jumper edit')).toBeVisible();
        await row.getByRole('button', { name: 'Create product for this name…' }).click();
        await expect(catalogue.formField('Booking system name')).toHaveValue('Tandem 4K Pro');
        await catalogue.formField('Name').fill('Tandem 4K');
        await catalogue.formField('Price (EUR)').fill('179.00');
        await catalogue.formField('Credits').fill('2.5');
        await catalogue.choose('Camera', 'Both cameras');
        await catalogue.productForm().getByRole('button', { name: 'Create product' }).click();
        await new AdminDialog(page).complete();

        const dialog = catalogue.rematchDialog();
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('heading')).toHaveText('2 bookings would now match');
        await expect(dialog.getByTestId('rematch-sample').getByRole('row')).toHaveCount(3);
        await dialog.getByLabel('Your name').fill('Rita Reception');
        await expectButtonsOnScreen(page);
        await saveScreenshot(page, `catalogue-admin-rematch-${size}`);
        await expectAccessible(page, `the rematch dialog at ${size}`);
        await dialog.getByRole('button', { name: 'Match them' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText('2 bookings matched')).toBeVisible();
        await expect(catalogue.unmatchedRow('Tandem 4K Pro')).toHaveCount(0);
        await expect(catalogue.unmatchedRow('Fun jumper edit')).toBeVisible();

        for (const externalId of ['E2E-T1', 'E2E-T2']) {
          const booking = await (
            await request.get(`${desk.url}/api/f1/sync/bookings/${externalId}`, {
              headers: { authorization: `Bearer ${desk.token}` },
            })
          ).json();
          expect(booking.finance_events).toHaveLength(1);
          expect(booking.finance_events[0]).toMatchObject({ video_entitlement: 'main', camera_requirement: 'both' });
        }
      });
    });
  });
}

test('delete: a product in use is refused with what to do instead; an unused one goes', async ({ page, desk }) => {
  await desk.open(page, '/catalogue/products/3');
  const catalogue = new CatalogueScreen(page);
  await catalogue.productActions().getByRole('button', { name: 'Delete…' }).click();
  const dialog = page
    .getByTestId('catalogue-delete-dialog')
    .getByRole('dialog')
    .or(page.getByRole('dialog', { name: /Delete Videographer/ }));
  await dialog.getByRole('button', { name: 'Delete product' }).click();
  await new AdminDialog(page).complete();
  await expect(dialog).toContainText('deactivate it instead');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await catalogue.productActions().getByRole('button', { name: 'Deactivate' }).click();
  await expect(catalogue.detailValue('active')).toHaveText('No');
  await saveScreenshot(page, 'catalogue-admin-deactivated');
});
