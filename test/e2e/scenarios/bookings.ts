import type { Page } from '@playwright/test';
import { addDays, dateInZone } from '../../../shared/dates';
import { TEST_TOKEN } from '../../support/seed';
import { expect } from '../fixtures';
import { BookingDetail } from '../pages/booking-detail';
import { BookingsScreen } from '../pages/bookings';
import type { ScenarioDesk } from './desk';

/** Bookings scenarios shared by the browser e2e (bookings.spec.ts) and the desktop app's suite. */
const today = () => dateInZone(new Date(), 'Europe/Amsterdam');

/** n opens the form; the new booking is shown, then stands selected in the grid. */
export async function createBookingThroughForm(page: Page, desk: ScenarioDesk): Promise<void> {
  await desk.open(page, '/bookings');
  const screen = new BookingsScreen(page);
  await expect(screen.rows()).toHaveCount(4);

  await page.keyboard.press('n');
  const form = screen.form;
  await expect(form.title()).toHaveText('New booking');
  await expect(form.field('External id')).toBeFocused();
  await form.field('External id').fill('E2E-NEW-1');
  await form.field('External service').fill('e2e');
  await form.field('Name').fill('Erin Example');
  await form.field('E-mail').fill('erin@example.com');
  await form.field('Mobile').fill('+31 6 1234 5678');
  await form.field('Language').fill('nl');
  await form.field('Jump date').fill(addDays(today(), 3));
  await form.field('Camera package').click();
  await form.field('Camera package').fill('Selfie + Photos');
  await form.field('Reference').fill('First jump, birthday present');
  await form.showPublicly().check();
  await desk.screenshot(page, 'booking-form');

  await form.submit().click();
  await expect(form.dialog()).toBeHidden();
  await expect(screen.notification('Booking created')).toBeVisible();
  // The new booking is shown at once; back in the list it stands selected.
  await expect(page).toHaveURL(/#\/bookings\/E2E-NEW-1$/);
  await expect(new BookingDetail(page).title()).toHaveText('Erin Example');
  await new BookingDetail(page).backButton().click();
  await expect(screen.count()).toHaveText('1–5 of 5 bookings');
  const row = screen.row('Erin Example');
  await expect(row).toContainText('E2E-NEW-1');
  // The list shows the product the package matched, with its price (the desk list's Product column).
  await expect(row).toContainText('Selfie video + photos · €129.00');
  // The new booking is the selected row.
  await expect(screen.selectedRow()).toContainText('Erin Example');
}

/** A hand edit applies past the sync's locks and locks what changed; Unlock hands a field back. */
export async function editBookingByHand(page: Page, desk: ScenarioDesk): Promise<void> {
  await desk.open(page, '/bookings');
  const screen = new BookingsScreen(page);
  await screen.row('Hank Hasproduct').click();
  await page.keyboard.press('e');
  const form = screen.form;
  await expect(form.title()).toHaveText('Edit booking HAS-PRODUCT');
  await expect(form.field('External id')).toHaveAttribute('readonly', '');
  await expect(form.field('Camera package')).toHaveAccessibleDescription(
    /has a product: the booking system cannot change it/,
  );
  await expect(form.handEditNote()).toContainText("the booking system's next sync leaves them as you set them");

  await form.field('Name').fill('Hank Renamed');
  await form.field('Camera package').fill('Video');
  await form.submit().click();
  await expect(form.dialog()).toBeHidden();
  await expect(screen.row('Hank Renamed')).toContainText('Video');

  const detail = new BookingDetail(page);
  await desk.open(page, BookingDetail.route('HAS-PRODUCT'));
  await expect(detail.productName()).toHaveText('Videographer');
  await expect(detail.fieldLock('name', 'hand')).toHaveText('Locked · edited by hand');
  await expect(detail.fieldLock('camera_package', 'hand')).toHaveText('Locked · edited by hand');
  await expect(detail.fieldLock('camera_package', 'product')).toHaveText('Locked · product matched');
  await expect(detail.event(0).type()).toBeVisible();
  await desk.screenshot(page, 'booking-hand-edited');

  // The booking system's next sync cannot undo the hand edit.
  const sync = await fetch(`${desk.url}/api/f1/sync/bookings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ external_id: 'HAS-PRODUCT', name: 'From The Booking System' }),
  });
  expect((await sync.json()).status).toBe('partial_update');

  await detail.unlock('name').click();
  await expect(detail.fieldLock('name')).toHaveCount(0);
  await expect(detail.fieldLock('camera_package', 'hand')).toBeVisible();
  await expect(detail.fieldValue('name')).toHaveText('Hank Renamed');
}
