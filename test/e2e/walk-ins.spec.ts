import { expectAccessible } from './axe';
import { expect, saveScreenshot, test } from './fixtures';
import { BookingDetail } from './pages/booking-detail';
import { BookingsScreen } from './pages/bookings';

/**
 * Walk-ins (customers who turn up without a booking): reception makes a booking at the desk with
 * just a name; the desk keeps it without an external id and opens it by its own id. At the desk's
 * smallest size, 1024×768.
 */
test.use({ viewport: { width: 1024, height: 768 } });

test('a walk-in made at the desk: just a name is enough; the camera package says what it will match; Esc in the date picker keeps the form', async ({
  page,
  desk,
}) => {
  await test.step('create a walk-in with just a name: it is shown at once, and listed back in the list', async () => {
    await desk.open(page, '/bookings');
    const screen = new BookingsScreen(page);
    await expect(screen.rows()).toHaveCount(4);
    await screen.newBooking().click();
    const form = screen.form;
    await expect(form.field('External id')).toHaveAccessibleDescription(/empty: a walk-in, kept at the desk only/);
    await expect(form.field('External id')).not.toHaveAttribute('required', '');

    // Without a name there is nothing to find it by: the shared walk-in rule says so beside the field.
    await form.submit().click();
    await expect(form.field('Name')).toHaveAccessibleDescription(/is required for a booking without an external id/);
    await form.field('Name').fill('Wally Walk-in');
    await form.field('E-mail').fill('wally@example');
    await form.submit().click();
    // The importer's rule and words (shared/rules/email.ts).
    await expect(form.field('E-mail')).toHaveAccessibleDescription(/Email is invalid/);
    await form.field('E-mail').fill('');
    await form.submit().click();

    await expect(form.dialog()).toBeHidden();
    await expect(screen.notification('Walk-in created')).toBeVisible();
    const detail = new BookingDetail(page);
    await expect(page).toHaveURL(/#\/bookings\/id\/\d+$/);
    await expect(detail.title()).toHaveText('Wally Walk-in');
    await expect(page.getByTestId('booking-walk-in')).toHaveText('Walk-in (no booking-system id)');
    await expect(page.getByTestId('walk-in-note')).toContainText('no booking-system id');
    await saveScreenshot(page, 'walk-in-detail-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    await saveScreenshot(page, 'walk-in-detail-1440');
    await page.setViewportSize({ width: 1024, height: 768 });

    // Back in the list: walk-ins are included now, the new one stands selected.
    await detail.backButton().click();
    await expect(screen.includeAll()).toBeChecked();
    await expect(screen.selectedRow()).toContainText('Wally Walk-in');
    // Enter opens it again, by its desk id.
    await screen.grid().focus();
    await page.keyboard.press('Enter');
    await expect(detail.title()).toHaveText('Wally Walk-in');
  });

  await test.step('the camera package offers the catalogue with prices and says what it will match before saving', async () => {
    await desk.open(page, '/bookings');
    const screen = new BookingsScreen(page);
    await screen.newBooking().click();
    const form = screen.form;
    await form.field('Name').fill('Paula Package');
    await form.field('Camera package').click();
    const option = page.getByRole('option', { name: /^Video\b/ });
    await expect(option).toContainText(/Videographer \(€149\.00\)/);
    await expect(page.getByRole('option', { name: /Old package|Legacy/ })).toHaveCount(0);
    await saveScreenshot(page, 'walk-in-package-options-1024');
    await expectAccessible(page, 'the booking form with the package options open', '[role="dialog"]');

    await form.field('Camera package').fill('Video deluxe');
    await expect(page.getByTestId('package-match')).toHaveText('Will match: Videographer (€149.00)');
    await form.field('Camera package').fill('Legacy tandem');
    await expect(page.getByTestId('package-match')).toHaveText(
      /^No product matches: “Legacy” is Old package, which is inactive/,
    );
    await form.field('Camera package').fill('Tandem 4K');
    await expect(page.getByTestId('package-match')).toHaveText(/^No product matches: no active product/);
    await form.field('Camera package').fill('Selfie + Photos');
    await expect(page.getByTestId('package-match')).toHaveText(/^Will match: Selfie video \+ photos \(€129\.00\)/);
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'the booking form', '[role="dialog"]');
    await saveScreenshot(page, 'walk-in-form-1024');
    await page.setViewportSize({ width: 1440, height: 900 });
    await saveScreenshot(page, 'walk-in-form-1440');
    await page.setViewportSize({ width: 1024, height: 768 });

    await form.submit().click();
    const detail = new BookingDetail(page);
    await expect(detail.title()).toHaveText('Paula Package');
    await expect(page.getByTestId('booking-detail')).toContainText('Selfie video + photos');
  });

  await test.step('Esc in the date picker closes the picker, not the form: the input stays', async () => {
    await desk.open(page, '/bookings');
    const screen = new BookingsScreen(page);
    await screen.newBooking().click();
    const form = screen.form;
    await form.field('Name').fill('Esme Escape');
    await form.field('Jump date').click();
    const picker = page
      .locator('.mantine-DateInput-dropdown, .mantine-Popover-dropdown')
      .filter({ has: page.locator('table') });
    await expect(picker).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(form.dialog()).toBeVisible();
    await expect(form.field('Name')).toHaveValue('Esme Escape');
    // A second Esc (the picker closed) closes the form, as before.
    await page.keyboard.press('Escape');
    await expect(form.dialog()).toBeHidden();
  });
});

test('a walk-in changed from its page: edited and deleted with nothing locking, or given the booking system’s id', async ({
  page,
  desk,
}) => {
  await test.step('a walk-in is edited and deleted from its page; nothing locks', async () => {
    await desk.open(page, '/bookings');
    const screen = new BookingsScreen(page);
    await screen.newBooking().click();
    await screen.form.field('Name').fill('Eva Edit');
    await screen.form.submit().click();
    const detail = new BookingDetail(page);
    await expect(detail.title()).toHaveText('Eva Edit');

    await detail.editButton().click();
    const form = screen.form;
    await expect(form.title()).toHaveText('Edit walk-in Eva Edit');
    await expect(form.field('External id')).toHaveAccessibleDescription(/Empty: stays a walk-in/);
    await expect(form.handEditNote()).toHaveCount(0);
    await form.field('Name').fill('Eva Edited');
    await form.submit().click();
    await expect(form.dialog()).toBeHidden();
    await expect(detail.title()).toHaveText('Eva Edited');

    await detail.deleteButton().click();
    const dialog = page.getByRole('dialog', { name: 'Delete this booking?' });
    await expect(dialog).toContainText('(walk-in)');
    await dialog.getByRole('button', { name: 'Delete booking' }).click();
    await expect(page).toHaveURL(/#\/bookings$/);
    await expect(screen.row('Eva Edited')).toHaveCount(0);
  });

  await test.step('reception gives a walk-in the booking system’s id in its edit form: its page is then the booking’s, with album and jump', async () => {
    await desk.open(page, '/bookings/id/103');
    const detail = new BookingDetail(page);
    await expect(page.getByTestId('walk-in-note')).toContainText('give the walk-in its id with Edit');
    await detail.editButton().click();
    const form = new BookingsScreen(page).form;
    // The shared rule of any given id: not blank.
    await form.field('External id').fill('   ');
    await form.submit().click();
    await expect(form.field('External id')).toHaveAccessibleDescription(/must not be blank/);
    // Taken by another booking: the desk says so beside the field, and nothing is given.
    await form.field('External id').fill('NO-PRODUCT');
    await form.submit().click();
    await expect(form.field('External id')).toHaveAccessibleDescription(/is the external id of booking 101/);

    await form.field('External id').fill('BS-103');
    await form.submit().click();
    await expect(form.dialog()).toBeHidden();
    await expect(page).toHaveURL(/#\/bookings\/BS-103$/);
    await expect(detail.externalId()).toHaveText('BS-103');
    await expect(page.getByTestId('album-actions')).toBeVisible();
    await expect(page.getByTestId('walk-in-note')).toHaveCount(0);
    await expect(page.getByTestId('booking-jump').getByRole('button', { name: 'Record jump' })).toBeVisible();
    await saveScreenshot(page, 'walk-in-given-an-id-1024');
  });
});
