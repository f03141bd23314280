import { BookingDetail } from './pages/booking-detail';
import { expect, saveScreenshot, test } from './fixtures';

test('a delivered booking shows its fields, product, jump and finance timeline in ledger order', async ({ page, desk }) => {
  await desk.open(page, BookingDetail.route('DELIVERED-OLD'));
  const detail = new BookingDetail(page);

  await expect(detail.title()).toHaveText('Dora Delivered');
  await expect(detail.externalId()).toHaveText('DELIVERED-OLD');
  await expect(detail.jumpDate()).toContainText('Jump ');
  await expect(detail.albumStatus()).toHaveText('Delivered · paid');
  await expect(detail.fieldValue('camera_package')).toHaveText('Video');
  await expect(detail.fieldLock('camera_package')).toHaveText('Locked · product matched');
  await expect(detail.fieldValue('email')).toHaveText('—');

  await expect(detail.productName()).toHaveText('Videographer');
  await expect(detail.productPrice()).toHaveText(/149\.00/);
  await expect(detail.productEntitlements()).toContainText('4K');
  await expect(detail.jumpCamera()).toHaveText('Videographer');
  await expect(detail.jumpFilmer()).toHaveText('Fay Filmer');

  // Ledger order: created_at, ties by id (10 before 12), exactly as the server sends it.
  await expect(detail.events()).toHaveCount(3);
  const expected = [
    { id: '11', label: 'Paid content delivered', type: 'regular', change: '+2', total: '2' },
    { id: '10', label: 'Manual credit adjustment', type: 'manual_credit', change: '−0.25', total: '1.75' },
    { id: '12', label: 'Upgrade bought online', type: 'upgrade', change: '+0.5', total: '2.25' },
  ];
  for (const [i, e] of expected.entries()) {
    const entry = detail.event(i);
    await expect(entry.root).toHaveAttribute('data-event-id', e.id);
    await expect(entry.label()).toHaveText(e.label);
    await expect(entry.type()).toHaveText(e.type);
    await expect(entry.change()).toHaveText(e.change);
    await expect(entry.total()).toHaveText(e.total);
  }
  const upgrade = detail.event(2);
  await expect(upgrade.comment()).toContainText('bought raw');
  await expect(upgrade.paymentAmount()).toHaveText(/35\.00/);
  await expect(upgrade.paymentProcessor()).toHaveText('pi_123');
  await expect(upgrade.payment()).toContainText('Raw footage');
  await expect(upgrade.entitlements()).toContainText('Raw footage');
  await expect(detail.event(0).entitlements()).toContainText('Videographer camera');
  await expect(detail.event(1).payment()).toHaveCount(0);
  // Deprecated booleans (spec 2.5) are not shown anywhere in the ledger.
  await expect(page.getByTestId('finance-timeline')).not.toContainText(/either_video|socials|selfie/i);

  await expect(detail.financeTotal()).toHaveText('2.25');
  await expect(detail.financePaid()).toHaveText(/35\.00/);
  await expect(detail.chart().locator('svg.recharts-surface')).toBeVisible();
  await expect(detail.chart().locator('.recharts-area-dot')).toHaveCount(3);

  // The meaning of an event type (spec 6) on hover.
  await detail.event(1).label().hover();
  await expect(page.getByRole('tooltip')).toContainText('Manual credit adjustment by an administrator');
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await saveScreenshot(page, 'booking-detail');
});

test('a booking without product, jump or events says so', async ({ page, desk }) => {
  await desk.open(page, BookingDetail.route('NO-PRODUCT'));
  const detail = new BookingDetail(page);
  await expect(detail.title()).toHaveText('Nina Noproduct');
  await expect(detail.fieldValue('email')).toHaveText('nina@example.com');
  await expect(detail.albumStatus()).toHaveText('No album yet');
  await expect(detail.noProduct()).toContainText('No product matched');
  await expect(detail.noProduct()).toContainText('prefix');
  await expect(detail.noJump()).toContainText('No jump yet');
  await expect(detail.financeEmpty()).toContainText('No finance events yet');
  await expect(detail.events()).toHaveCount(0);
  await expect(detail.chart()).toHaveCount(0);
  await saveScreenshot(page, 'booking-detail-empty');
});

test('locked attributes are marked: edited by hand, and camera package once a product matched', async ({ page, desk }) => {
  const detail = new BookingDetail(page);
  await desk.open(page, BookingDetail.route('HAND-EDITED'));
  await expect(detail.fieldValue('email')).toHaveText('typo@example');
  await expect(detail.fieldLock('email')).toHaveText('Locked · edited by hand');
  await expect(detail.fieldLock('name')).toHaveCount(0);

  await desk.open(page, BookingDetail.route('HAS-PRODUCT'));
  await expect(detail.productName()).toHaveText('Selfie video');
  await expect(detail.fieldLock('camera_package')).toHaveText('Locked · product matched');
});

test('an unknown external id says so and leads back to the list', async ({ page, desk }) => {
  await desk.open(page, BookingDetail.route('NO-SUCH-BOOKING'));
  const detail = new BookingDetail(page);
  await expect(detail.notFound()).toContainText('No booking with external id “NO-SUCH-BOOKING”');
  await detail.notFound().getByRole('button', { name: 'Back to bookings' }).click();
  await expect(page).toHaveURL(/#\/bookings$/);
});

test('Edit opens the booking form; Escape closes it first, then returns to the list', async ({ page, desk }) => {
  await desk.open(page, BookingDetail.route('NO-PRODUCT'));
  const detail = new BookingDetail(page);
  await detail.editButton().click();
  const form = page.getByRole('dialog');
  await expect(form).toBeVisible();
  await expect(form).toContainText('NO-PRODUCT');

  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(page).toHaveURL(/#\/bookings\/NO-PRODUCT$/);

  await page.keyboard.press('e');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/bookings$/);
});

test('the back button returns to the list', async ({ page, desk }) => {
  await desk.open(page, BookingDetail.route('DELIVERED-OLD'));
  const detail = new BookingDetail(page);
  await detail.backButton().click();
  await expect(page).toHaveURL(/#\/bookings$/);
});

test('Delete asks first; Cancel keeps the booking, confirming deletes it and returns to the list', async ({ page, desk }) => {
  await desk.open(page, BookingDetail.route('NO-PRODUCT'));
  const detail = new BookingDetail(page);
  await detail.deleteButton().click();
  await expect(detail.deleteDialog()).toContainText('Nina Noproduct');
  await detail.deleteDialog().getByRole('button', { name: 'Keep it' }).click();
  await expect(detail.deleteDialog()).toHaveCount(0);
  await expect(detail.title()).toHaveText('Nina Noproduct');

  await page.keyboard.press('Delete');
  await expect(detail.deleteDialog()).toBeVisible();
  await detail.confirmDelete().click();
  await expect(page).toHaveURL(/#\/bookings$/);
  await expect(page.getByText('Nina Noproduct (NO-PRODUCT) is gone.')).toBeVisible();

  await desk.open(page, BookingDetail.route('NO-PRODUCT'));
  await expect(detail.notFound()).toBeVisible();
});

test('when the server does not answer, the page says so and Retry loads the booking', async ({ page, desk }) => {
  // The network failing is outside the project: simulate it for this one request path.
  await page.route('**/api/f1/sync/bookings/DELIVERED-OLD', (route) => route.abort('connectionrefused'));
  await desk.open(page, BookingDetail.route('DELIVERED-OLD'));
  const error = page.getByTestId('error');
  await expect(error).toContainText('The desk server does not answer');
  await page.unroute('**/api/f1/sync/bookings/DELIVERED-OLD');
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(new BookingDetail(page).title()).toHaveText('Dora Delivered');
});
