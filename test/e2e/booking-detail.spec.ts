import { expectAccessible } from './axe';
import { BookingDetail } from './pages/booking-detail';
import { expect, readOnlyTest, saveScreenshot, test } from './fixtures';
import { deliveredBookingDetail } from './scenarios/booking-detail';
import { browserDesk } from './scenarios/desk';

readOnlyTest(
  "what a booking's page shows: a delivered booking in ledger order, its credit chart, a booking with nothing yet, the locks",
  async ({ page, desk }) => {
    await test.step('a delivered booking shows its fields, product, jump and finance timeline in ledger order', async () => {
      await deliveredBookingDetail(page, browserDesk(desk));
    });

    await test.step('the credit chart reads out a step on hover and with the arrow keys', async () => {
      await desk.open(page, BookingDetail.route('DELIVERED-OLD'));
      const detail = new BookingDetail(page);
      await detail.chartDots().nth(1).hover();
      await expect(detail.chartTooltip()).toContainText('Manual credit adjustment');
      await expect(detail.chartTooltip()).toContainText('−0.25 → 1.75 credits');
      await page.mouse.move(0, 0);
      await expect(detail.chartTooltip()).toHaveCount(0);

      await detail.chartDrawing().focus();
      await page.keyboard.press('ArrowRight');
      await expect(detail.chartTooltip()).toContainText('+2 → 2 credits');
      await page.keyboard.press('End');
      await expect(detail.chartTooltip()).toHaveText('Now: 2.25 credits');
      // The figures are in a table too, for screen readers.
      await expect(detail.chart().getByRole('table')).toContainText('Upgrade bought online');
    });

    await test.step('a booking without product, jump or events says so', async () => {
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

    await test.step('locked attributes are marked: edited by hand, and camera package once a product matched', async () => {
      const detail = new BookingDetail(page);
      await desk.open(page, BookingDetail.route('HAND-EDITED'));
      await expect(detail.fieldValue('email')).toHaveText('typo@example');
      await expect(detail.fieldLock('email')).toHaveText('Locked · edited by hand');
      await expect(detail.fieldLock('name')).toHaveCount(0);

      await desk.open(page, BookingDetail.route('HAS-PRODUCT'));
      await expect(detail.productName()).toHaveText('Selfie video');
      await expect(detail.fieldLock('camera_package')).toHaveText('Locked · product matched');
    });
  },
);

readOnlyTest(
  "leaving a booking's page (an unknown id, Edit then Escape, the back button) and a server that does not answer",
  async ({ page, desk }) => {
    await test.step('an unknown external id says so and leads back to the list', async () => {
      await desk.open(page, BookingDetail.route('NO-SUCH-BOOKING'));
      const detail = new BookingDetail(page);
      await expect(detail.notFound()).toContainText('No booking with external id “NO-SUCH-BOOKING”');
      await detail.notFound().getByRole('button', { name: 'Back to bookings' }).click();
      await expect(page).toHaveURL(/#\/bookings$/);
    });

    await test.step('Edit opens the booking form; Escape closes it first, then returns to the list', async () => {
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

    await test.step('the back button returns to the list', async () => {
      await desk.open(page, BookingDetail.route('DELIVERED-OLD'));
      const detail = new BookingDetail(page);
      await detail.backButton().click();
      await expect(page).toHaveURL(/#\/bookings$/);
    });

    await test.step('when the server does not answer, the page says so, Retry asks again, and the booking loads once it answers', async () => {
      // The desk's own tries again come between: Retry is enabled only between them.
      test.setTimeout(120_000);
      // The network failing is outside the project: simulate it for this one request path.
      let asked = 0;
      let down = true;
      await page.route('**/api/f1/sync/bookings/DELIVERED-OLD', (route) => {
        asked += 1;
        return down ? route.abort('connectionrefused') : route.continue();
      });
      await desk.open(page, BookingDetail.route('DELIVERED-OLD'));
      const error = page.getByTestId('error');
      await expect(error).toContainText('The desk server does not answer');
      // Retry asks again (the desk also tries again by itself: the server may just have blipped).
      const before = asked;
      await error.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => asked).toBeGreaterThan(before);
      await expect(error).toContainText('The desk server does not answer');
      down = false;
      await error
        .getByRole('button', { name: 'Retry' })
        .click({ timeout: 2_000 })
        .catch(() => undefined); // it may have loaded by itself already
      await expect(new BookingDetail(page).title()).toHaveText('Dora Delivered', { timeout: 15_000 });
    });
  },
);

test('the booking page shows the day’s check-in and changes it as the list does; Delete asks first, then deletes and returns to the list', async ({
  page,
  desk,
  request,
}) => {
  await test.step('the booking page shows the day’s check-in, who marked it and when, and changes it as the list does', async () => {
    await desk.open(page, BookingDetail.route('NO-PRODUCT'));
    const detail = new BookingDetail(page);
    await expect(detail.checkInState()).toHaveText('Not marked');
    await expect(detail.checkInDay()).toContainText('for ');
    await expect(detail.checkInButton('Unmark')).toHaveCount(0);

    // No operator name yet on this computer: asked once, as the list asks, then the mark is sent under it.
    await detail.checkInButton('Arrived').click();
    await expect(detail.operatorPrompt()).toBeVisible();
    await detail.operatorPrompt().getByRole('textbox', { name: 'Your name' }).fill('Rita Reception');
    await detail.operatorPrompt().getByRole('button', { name: 'Save' }).click();
    await expect(detail.checkInState()).toHaveText('Arrived');
    await expect(detail.checkInBy()).toContainText('by Rita Reception');
    await expect(detail.checkInButton('Arrived')).toHaveAttribute('aria-pressed', 'true');

    // The name is remembered: the next mark goes straight through.
    await detail.checkInButton('Jumped').click();
    await expect(detail.operatorPrompt()).toHaveCount(0);
    await expect(detail.checkInState()).toHaveText('Jumped');
    // The desk list reads the same mark.
    const listed = await request.get(`${desk.url}/api/desk/bookings?q=NO-PRODUCT`, {
      headers: { authorization: `Bearer ${desk.token}` },
    });
    const row = (await listed.json()).bookings[0];
    expect(row.check_in).toMatchObject({ state: 'jumped', recorded_by: 'Rita Reception' });

    await page.reload();
    await expect(detail.checkInState()).toHaveText('Jumped');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectAccessible(page, 'the check-in card, marked', '[data-testid="booking-check-in"]');
    await saveScreenshot(page, 'booking-check-in-1440-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'the check-in card, marked, in dark mode', '[data-testid="booking-check-in"]');
    await saveScreenshot(page, 'booking-check-in-1440-dark');
    await page.setViewportSize({ width: 1024, height: 768 });
    await saveScreenshot(page, 'booking-check-in-1024-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await saveScreenshot(page, 'booking-check-in-1024-light');

    // Clicking the set mark again unmarks, as in the list; so does Unmark.
    await detail.checkInButton('Jumped').click();
    await expect(detail.checkInState()).toHaveText('Not marked');
    await detail.checkInButton('No-show').click();
    await expect(detail.checkInState()).toHaveText('No-show');
    await detail.checkInButton('Unmark').click();
    await expect(detail.checkInState()).toHaveText('Not marked');
    await expect(detail.checkInBy()).toHaveCount(0);
  });

  await test.step('Delete asks first; Cancel keeps the booking, confirming deletes it and returns to the list', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
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
});

test('a walk-in’s page has its check-in too; a manual credit in the timeline reads “credits only”', async ({
  page,
  desk,
}) => {
  await desk.open(page, '/bookings/id/103');
  const detail = new BookingDetail(page);
  await expect(detail.checkInState()).toHaveText('Not marked');
  await detail.checkInButton('Arrived').click();
  await detail.operatorPrompt().getByRole('textbox', { name: 'Your name' }).fill('Sam');
  await detail.operatorPrompt().getByRole('button', { name: 'Save' }).click();
  await expect(detail.checkInState()).toHaveText('Arrived');
  await expect(detail.checkInBy()).toContainText('by Sam');

  await desk.open(page, BookingDetail.route('DELIVERED-OLD'));
  // A manual credit changes no entitlement: the timeline says "Credits only", never "+ No video".
  await expect(detail.event(1).type()).toHaveText('manual_credit');
  await expect(detail.event(1).entitlements()).toHaveText('Credits only');
});
