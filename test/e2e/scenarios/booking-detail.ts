import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { BookingDetail } from '../pages/booking-detail';
import type { ScenarioDesk } from './desk';

/** A delivered booking: fields, product, jump and the finance timeline in ledger order (booking-detail.spec.ts and the desktop app's suite). */
export async function deliveredBookingDetail(page: Page, desk: ScenarioDesk): Promise<void> {
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
  await expect(detail.chartDrawing()).toHaveAccessibleName('Running credit total over 3 events, now 2.25 credits');
  await expect(detail.chartDots()).toHaveCount(3);

  // The meaning of an event type (spec 6) on hover.
  await detail.event(1).label().hover();
  await expect(page.getByRole('tooltip')).toContainText('Manual credit adjustment by an administrator');
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await desk.screenshot(page, 'booking-detail');
}
