import { addDays, dateInZone } from '../../shared/dates';
import { expect, readOnlyTest, saveScreenshot, test } from './fixtures';
import { BookingsScreen } from './pages/bookings';
import { createBookingThroughForm, editBookingByHand } from './scenarios/bookings';
import { browserDesk } from './scenarios/desk';

/**
 * The Bookings screen against the seeded store (test/support/seed.ts moved to today): four
 * external bookings (DELIVERED-OLD, NO-PRODUCT, HAS-PRODUCT, HAND-EDITED) and one walk-in
 * without external id, jumping today.
 */
const today = () => dateInZone(new Date(), 'Europe/Amsterdam');

readOnlyTest(
  'the list: the seeded bookings and their count, search on the server, date presets and a custom range, sorting, the keyboard, a walk-in opened by its desk id',
  async ({ page, desk }) => {
    await test.step('lists the seeded bookings with the total count', async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await expect(screen.count()).toHaveText('1–4 of 4 bookings');
      await expect(screen.rows()).toHaveCount(4);
      await expect(screen.row('Nina Noproduct')).toContainText('nina@example.com');
      await expect(screen.row('Hank Hasproduct')).toContainText('Selfie video · €99.00');
      await expect(screen.row('Walk-in')).toHaveCount(0);
      // The first row stands selected, so Enter works straight away.
      await expect(screen.selectedRow()).toContainText('DELIVERED-OLD');
      await screen.grid().focus();
      await saveScreenshot(page, 'bookings-grid');
    });

    await test.step("search runs on the server (the desk list's one search box): by name, and by e-mail without an @", async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await expect(screen.rows()).toHaveCount(4);

      const nameQuery = page.waitForRequest((request) => new URL(request.url()).searchParams.get('q') === 'nina');
      await screen.search().fill('nina');
      await nameQuery;
      await expect(screen.rows()).toHaveCount(1);
      await expect(screen.row('Nina Noproduct')).toBeVisible();
      await expect(screen.count()).toHaveText('1–1 of 1 booking');

      const emailQuery = page.waitForRequest((request) => new URL(request.url()).searchParams.get('q') === 'typo');
      await screen.search().fill('typo');
      await emailQuery;
      await expect(screen.rows()).toHaveCount(1);
      await expect(screen.row('Hand Edited')).toBeVisible();

      await screen.search().fill('nobody-like-this');
      await expect(screen.emptyState()).toContainText('No bookings match these filters');
      await saveScreenshot(page, 'bookings-no-match');
      await screen.clearFilters().click();
      await expect(screen.search()).toHaveValue('');
      await expect(screen.rows()).toHaveCount(4);
    });

    await test.step('date presets narrow the list; the walk-in shows with "include all"', async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await expect(screen.rows()).toHaveCount(4);

      // Today only the walk-in jumps, and it has no external id: hidden until asked for.
      await screen.datePreset('Today').click();
      await expect(screen.emptyState()).toContainText('No bookings match these filters');
      await screen.includeAll().check();
      await expect(screen.rows()).toHaveCount(1);
      await expect(screen.row('Walk-in without external id')).toBeVisible();
      await expect(screen.row('Walk-in without external id').getByTestId('no-external-id')).toBeVisible();
      await expect(screen.count()).toHaveText('1–1 of 1 booking');

      // This week (Monday to Sunday of the dropzone's today): which seeded jumps fall in it depends on the weekday.
      const now = today();
      const weekday = (new Date(`${now}T00:00:00Z`).getUTCDay() + 6) % 7;
      const [monday, sunday] = [addDays(now, -weekday), addDays(now, 6 - weekday)];
      const jumps = {
        'Walk-in': 0,
        'Nina Noproduct': 5,
        'Hank Hasproduct': 5,
        'Hand Edited': 6,
        'Dora Delivered': -106,
      };
      const inWeek = Object.entries(jumps).filter(
        ([, offset]) => addDays(now, offset) >= monday && addDays(now, offset) <= sunday,
      );
      await screen.datePreset('This week').click();
      await expect(screen.rows()).toHaveCount(inWeek.length);
      for (const [name] of inWeek) await expect(screen.row(name)).toBeVisible();

      await screen.datePreset('All dates').click();
      await expect(screen.dateRange()).toHaveText('Any jump date');
      await expect(screen.rows()).toHaveCount(5);
      await expect(screen.count()).toHaveText('1–5 of 5 bookings');
      await screen.includeAll().uncheck();
      await expect(screen.rows()).toHaveCount(4);
    });

    await test.step('a custom range picked on the calendar filters by jump date', async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await expect(screen.rows()).toHaveCount(4);
      await screen.datePreset('Custom').click();
      await screen.calendarDay(addDays(today(), 1)).click();
      await screen.calendarDay(addDays(today(), 5)).click();
      await expect(screen.rows()).toHaveCount(2);
      await expect(screen.row('Nina Noproduct')).toBeVisible();
      await expect(screen.row('Hank Hasproduct')).toBeVisible();
    });

    await test.step('sorting within the page: a header click sorts and says so (aria-sort)', async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await expect(screen.rows()).toHaveCount(4);
      await screen.sortButton('Name').click();
      await expect(screen.columnHeader('Name')).toHaveAttribute('aria-sort', 'ascending');
      await expect(screen.rows().first()).toContainText('Dora Delivered');
      await expect(screen.rows().last()).toContainText('Nina Noproduct');
      await screen.sortButton('Name').click();
      await expect(screen.columnHeader('Name')).toHaveAttribute('aria-sort', 'descending');
      await expect(screen.rows().first()).toContainText('Nina Noproduct');
    });

    await test.step('keyboard: / searches, arrows move, Enter opens the booking', async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await expect(screen.rows()).toHaveCount(4);

      await page.keyboard.press('/');
      await expect(screen.search()).toBeFocused();
      await page.keyboard.type('nina');
      await expect(screen.rows()).toHaveCount(1);
      await page.keyboard.press('Enter');
      await expect(screen.grid()).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#\/bookings\/NO-PRODUCT$/);

      // Back on the list, the search is as it was left.
      await page.goBack();
      await expect(screen.search()).toHaveValue('nina');
      await screen.search().fill('');
      await expect(screen.rows()).toHaveCount(4);

      await screen.row('Dora Delivered').click();
      await expect(screen.grid()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(screen.selectedRow()).toContainText('Hank Hasproduct');
      await page.keyboard.press('ArrowUp');
      await expect(screen.selectedRow()).toContainText('Nina Noproduct');
      await page.keyboard.press('End');
      await expect(screen.selectedRow()).toContainText('Hand Edited');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#\/bookings\/HAND-EDITED$/);
    });

    await test.step('a booking without external id (a walk-in) opens by its desk id', async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await screen.includeAll().check();
      await screen.row('Walk-in without external id').click();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#\/bookings\/id\/\d+$/);
      await expect(page.getByTestId('booking-walk-in')).toHaveText('Walk-in (no booking-system id)');
    });
  },
);

test("n creates a booking through the form, and it shows in the grid; editing by hand applies past the sync's locks and locks what changed", async ({
  page,
  desk,
}) => {
  await test.step('n creates a booking through the form, and it shows in the grid', async () => {
    await createBookingThroughForm(page, browserDesk(desk));
  });

  await test.step("editing by hand: the changes apply past the sync's locks and lock what changed; Unlock hands a field back", async () => {
    await editBookingByHand(page, browserDesk(desk));
  });
});

readOnlyTest(
  'the booking form refuses what the server refuses, beside its field or at the top, and keeps what was typed',
  async ({ page, desk }) => {
    await test.step('the form refuses a walk-in without a name, and the server’s 422 shows beside its field', async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await screen.newBooking().click();
      const form = screen.form;
      await form.field('E-mail').fill('no-name@example.com');
      await form.submit().click();
      await expect(form.field('Name')).toHaveAccessibleDescription(/is required for a booking without an external id/);

      await form.field('External id').fill('X'.repeat(256));
      await form.submit().click();
      await expect(form.field('External id')).toHaveAccessibleDescription(/must be at most 255 characters/);
      await expect(form.refused()).toContainText('Not saved');
      // What was typed is still there.
      await expect(form.field('E-mail')).toHaveValue('no-name@example.com');
    });

    await test.step('a jump date too far in the past is refused beside the date, and nothing is saved', async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await screen.row('Nina Noproduct').click();
      await page.keyboard.press('e');
      const form = screen.form;
      await form.field('Name').fill('Nina Changed');
      await form.field('Jump date').fill(addDays(today(), -30));
      await form.field('Name').click();
      await form.submit().click();

      await expect(form.field('Jump date')).toHaveAccessibleDescription(/booking is too old/);
      await expect(form.refused()).toContainText('Nothing was changed');
      await expect(form.field('Name')).toHaveValue('Nina Changed');
      await saveScreenshot(page, 'booking-too-old');

      // Closing keeps the input as a draft; the booking itself is unchanged.
      await page.keyboard.press('Escape');
      await expect(form.dialog()).toBeHidden();
      await expect(screen.row('Nina Noproduct')).toBeVisible();
      await expect(screen.row('Nina Changed')).toHaveCount(0);
      await page.keyboard.press('e');
      await expect(form.draftRestored()).toBeVisible();
      await expect(form.field('Name')).toHaveValue('Nina Changed');
    });

    await test.step('an update of a booking delivered long ago is a conflict, shown at the top of the form', async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await screen.row('Dora Delivered').click();
      await page.keyboard.press('e');
      const form = screen.form;
      await form.field('Name').fill('Dora Again');
      await form.submit().click();
      await expect(form.refused()).toContainText('this external id is closed');
      await expect(form.refused()).toContainText('delivered for a jump more than 60 days ago');
      await expect(form.field('Name')).toHaveValue('Dora Again');
    });
  },
);

test('Delete asks first (Cancel has the focus), then deletes', async ({ page, desk }) => {
  await desk.open(page, '/bookings');
  const screen = new BookingsScreen(page);
  await screen.row('Nina Noproduct').click();
  await page.keyboard.press('Delete');
  const dialog = screen.deleteDialog;
  await expect(dialog.dialog()).toContainText('Nina Noproduct');
  await expect(dialog.keep()).toBeFocused();
  await saveScreenshot(page, 'booking-delete-confirm');
  await page.keyboard.press('Escape');
  await expect(dialog.dialog()).toBeHidden();
  await expect(screen.rows()).toHaveCount(4);

  await page.keyboard.press('Delete');
  await dialog.confirm().click();
  await expect(dialog.dialog()).toBeHidden();
  await expect(screen.notification('Booking deleted')).toBeVisible();
  await expect(screen.rows()).toHaveCount(3);
  await expect(screen.row('Nina Noproduct')).toHaveCount(0);
  await expect(screen.count()).toHaveText('1–3 of 3 bookings');
  // The selection moves on to the next booking.
  await expect(screen.selectedRow()).toContainText('Hank Hasproduct');
});

readOnlyTest(
  'the columns a person sets, their width and which are shown, stay so after a reload',
  async ({ page, desk }) => {
    await test.step('a column dragged wider stays so after a reload; a double-click on its edge resets it', async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await expect(screen.rows()).toHaveCount(4);
      const width = async () => (await screen.columnHeader('Name').boundingBox())!.width;
      const initial = await width();
      const handle = (await screen.resizeHandle('Name').boundingBox())!;
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(handle.x + 80, handle.y + handle.height / 2, { steps: 5 });
      await page.mouse.up();
      const dragged = await width();
      expect(dragged).toBeGreaterThan(initial + 60);
      // The cells follow their header.
      expect(Math.round((await (await screen.cell(screen.row('Nina Noproduct'), 'Name')).boundingBox())!.width)).toBe(
        Math.round(dragged),
      );

      await page.reload();
      await expect(screen.rows()).toHaveCount(4);
      expect(Math.round(await width())).toBe(Math.round(dragged));
      await screen.resizeHandle('Name').dblclick();
      expect(Math.round(await width())).toBe(Math.round(initial));
    });

    await test.step('column visibility is remembered after a reload', async () => {
      await desk.open(page, '/bookings');
      const screen = new BookingsScreen(page);
      await expect(screen.columnHeader('E-mail')).toBeVisible();
      await screen.columnsButton().click();
      await screen.columnToggle('E-mail').uncheck();
      await screen.columnToggle('Desk id').check();
      await page.keyboard.press('Escape');
      await expect(screen.columnHeader('E-mail')).toHaveCount(0);
      await expect(screen.columnHeader('Desk id')).toBeVisible();

      await page.reload();
      await expect(screen.rows()).toHaveCount(4);
      await expect(screen.columnHeader('E-mail')).toHaveCount(0);
      await expect(screen.columnHeader('Desk id')).toBeVisible();
      await expect(screen.row('Nina Noproduct')).toContainText('101');
    });
  },
);

test('a full page of bookings keeps only the rows in view in the page; the keyboard reaches the last', async ({
  page,
  desk,
  request,
}) => {
  const bookings = Array.from({ length: 250 }, (_, i) => ({
    external_id: `MANY-${String(i + 1).padStart(3, '0')}`,
    name: `Many ${i + 1}`,
    jump_on: addDays(today(), 3),
  }));
  const sent = await request.post(`${desk.url}/api/f1/sync/bookings/batch`, {
    headers: { authorization: `Bearer ${desk.token}` },
    data: { bookings },
  });
  expect(sent.status()).toBe(200);
  await desk.open(page, '/bookings');
  const screen = new BookingsScreen(page);
  await expect(screen.count()).toHaveText('1–200 of 254 bookings');
  // 200 rows on the page, a few dozen in the DOM.
  expect(await screen.rows().count()).toBeLessThan(60);
  await screen.grid().focus();
  await page.keyboard.press('End');
  await expect(screen.selectedRow()).toBeInViewport();
  await expect(screen.selectedRow()).toHaveAttribute('aria-rowindex', '201');
  await page.keyboard.press('Home');
  await expect(screen.selectedRow()).toContainText('Dora Delivered');
});
