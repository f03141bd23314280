import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addDays } from '../../shared/dates';
import { BASE_SEED, TEST_TODAY } from '../support/seed';
import { expectAccessible } from './axe';
import { expect, saveScreenshot, test } from './fixtures';
import { BookingsScreen } from './pages/bookings';
import { DaySheetScreen, ReceptionScreen } from './pages/reception';

/**
 * Reception's day (find, check in, walk-ins, print) at the desk's smallest screen, 1024×768, on a
 * store of 241 bookings (two pages of 200): Lena Schäfer jumps today with seven others, the rest
 * spread over a month. Dates are relative to TEST_TODAY (moved to the real today by the seed).
 */
const OTHERS = Array.from({ length: 240 }, (_, i) => ({
  external_id: `SKB-${String(100000 + i)}`,
  name: `Guest ${String(i).padStart(3, '0')}`,
  mobile: `+31 6 ${String(10000000 + i)}`,
  // Seven a day from 15 days ago on: today (offset 0) gets seven of them; some without a date.
  jump_on: i % 35 === 34 ? null : addDays(TEST_TODAY, Math.floor(i / 7) - 15),
  camera_package: i % 2 ? 'Selfie' : 'Video',
}));
const LENA = {
  external_id: 'SKB-265689',
  name: 'Lena Schäfer',
  email: 'lena.schaefer@example.de',
  mobile: '+49 170 5863991',
  jump_on: TEST_TODAY,
  camera_package: 'Video',
};
const dropzone = BASE_SEED.dropzones[0]!;
test.use({ deskSeed: { dates_relative_to: TEST_TODAY, dropzones: [{ ...dropzone, bookings: [LENA, ...OTHERS] }] } });
test.use({ viewport: { width: 1024, height: 768 } });

const TODAYS = OTHERS.filter((b) => b.jump_on === TEST_TODAY).length + 1;

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/** The jump dates a page shows, in grid order, as the ISO dates of their title. */
async function jumpDates(page: Page, screen: BookingsScreen): Promise<string[]> {
  const cells = await Promise.all(
    (await screen.rows().all()).map(async (row) =>
      (await screen.cell(row, 'Jump date')).locator('span').first().getAttribute('title'),
    ),
  );
  return cells.map((title) => (title ?? '').slice(0, 10));
}

test('finding a guest: today first, by phone digits, by name without accents, by booking number; sorted on the server across pages; the desk columns at 1024 and 1440', async ({
  page,
  desk,
}) => {
  await test.step("opens on today's bookings and finds Lena by phone digits, by name without accents, by booking number", async () => {
    await desk.open(page, '/bookings');
    const screen = new BookingsScreen(page);
    await expect(page.getByTestId('date-presets').getByRole('radio', { name: 'Today' })).toBeChecked();
    await expect(screen.count()).toHaveText(`1–${TODAYS} of ${TODAYS} bookings`);
    await expect(screen.search()).toHaveAttribute('placeholder', /phone/);

    await screen.datePreset('All dates').click();
    for (const query of ['5863991', 'schafer', 'SKB-265689']) {
      await screen.search().fill(query);
      await expect(screen.rows(), `search ${query}`).toHaveCount(1);
      await expect(screen.row('Lena Schäfer')).toBeVisible();
    }
    // Lena is on today; a search of tomorrow offers the dates that find her, not the walk-ins.
    await screen.datePreset('Tomorrow').click();
    const reception = new ReceptionScreen(page);
    await expect(reception.relax('dates')).toHaveText('Show all dates (1)');
    await expect(reception.relax('include-all')).toHaveCount(0);
    await reception.relax('dates').click();
    await expect(screen.row('Lena Schäfer')).toBeVisible();
  });

  await test.step('sorting by jump date runs on the server: page 2 continues the order of page 1', async () => {
    await desk.open(page, '/bookings');
    const screen = new BookingsScreen(page);
    await screen.datePreset('All dates').click();
    await expect(screen.count()).toHaveText('1–200 of 241 bookings');

    const sorted = page.waitForRequest((request) => new URL(request.url()).searchParams.get('sort') === 'jump_on');
    await screen.sortButton('Jump date').click();
    await sorted;
    await expect(screen.columnHeader('Jump date')).toHaveAttribute('aria-sort', 'ascending');
    await screen.grid().focus();
    await page.keyboard.press('End');
    const page1 = await jumpDates(page, screen);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(screen.count()).toHaveText('201–241 of 241 bookings');
    await expect(screen.columnHeader('Jump date')).toHaveAttribute('aria-sort', 'ascending');
    const page2 = await jumpDates(page, screen);
    const dated = (dates: string[]) => dates.filter(Boolean);
    expect(dated(page1)).toEqual([...dated(page1)].sort());
    expect(dated(page2)).toEqual([...dated(page2)].sort());
    expect(dated(page1).at(-1)! <= (dated(page2)[0] ?? '9999')).toBe(true);

    // A new sort starts again at page 1.
    await screen.sortButton('Name').click();
    await expect(screen.count()).toHaveText('1–200 of 241 bookings');
  });

  await test.step('the list with the desk columns: accessible, no sideways scroll, at 1024 and 1440', async () => {
    await desk.open(page, '/bookings');
    const screen = new BookingsScreen(page);
    await expect(screen.rows()).toHaveCount(TODAYS);
    for (const header of ['Jump date', 'Name', 'Check-in', 'Mobile', 'Product'])
      await expect(screen.columnHeader(header)).toBeVisible();
    await expect(await screen.cell(screen.row('Lena Schäfer'), 'Product')).toContainText('Videographer');
    await expectNoSidewaysScroll(page, 'the list at 1024');
    await expectAccessible(page, 'the bookings list with the desk columns');
    await saveScreenshot(page, 'reception-list-1024');

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
    await expect(screen.rows()).toHaveCount(TODAYS);
    await expectNoSidewaysScroll(page, 'the list at 1440');
    await saveScreenshot(page, 'reception-list-1440');
  });
});

test('check-in by keystroke and by click, kept after a reload, filtered, exported', async ({ page, desk }) => {
  await desk.open(page, '/bookings');
  const screen = new BookingsScreen(page);
  const reception = new ReceptionScreen(page);
  await expect(reception.keyHints()).toContainText('arrived');

  // Keystroke: A on the selected row; the first mark asks who is at the desk.
  await screen.search().fill('schafer');
  await expect(screen.rows()).toHaveCount(1);
  await screen.search().press('Enter');
  await page.keyboard.press('a');
  await reception.operatorDialog().getByRole('textbox', { name: 'Your name' }).fill('Rita Reception');
  await reception.operatorDialog().getByRole('button', { name: 'Save' }).click();
  const lena = screen.row('Lena Schäfer');
  await expect(reception.checkInButton(lena, 'Arrived')).toHaveAttribute('aria-pressed', 'true');

  // Click: another of today's bookings is a no-show.
  await screen.search().fill('');
  await expect(screen.rows()).toHaveCount(TODAYS);
  const guest = screen.row(/Guest \d+/).first();
  const guestName = (await guest.getByRole('gridcell').nth(1).innerText()).trim();
  await reception.checkInButton(guest, 'No-show').click();
  await expect(reception.checkInButton(screen.row(guestName), 'No-show')).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(reception.checkInButton(screen.row('Lena Schäfer'), 'Arrived')).toHaveAttribute('aria-pressed', 'true');
  await expect(reception.checkInButton(screen.row(guestName), 'No-show')).toHaveAttribute('aria-pressed', 'true');

  await reception.checkInFilter().click();
  await reception.checkInOption('Arrived').click();
  await expect(screen.rows()).toHaveCount(1);
  await expect(screen.row('Lena Schäfer')).toBeVisible();
  await reception.checkInFilter().click();
  await reception.checkInOption('Not marked').click();
  await expect(screen.rows()).toHaveCount(TODAYS - 2);

  // The export holds every row of the filtered list: all dates, not marked, every page.
  await screen.datePreset('All dates').click();
  await expect(screen.count()).toHaveText('1–200 of 239 bookings');
  await reception.exportButton().click();
  await reception.exportDelimiter('Semicolon ;').click();
  const download = page.waitForEvent('download');
  await reception.exportDownload().click();
  // Saved under the server's name for what was exported: every date, the bookings not marked.
  expect((await download).suggestedFilename()).toBe('bookings-all-not-marked.csv');
  const csv = readFileSync(await (await download).path(), 'utf8');
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  expect(lines.length - 1, 'rows after the header').toBe(239);
  expect(lines[0]).toContain(';');
  expect(csv).not.toContain('Lena');
});

test('the day sheet: today on one A4 page, marks pre-filled, the app hidden in print', async ({ page, desk }) => {
  await desk.open(page, '/bookings');
  const screen = new BookingsScreen(page);
  const reception = new ReceptionScreen(page);
  await screen.search().fill('schafer');
  await reception.checkInButton(screen.row('Lena Schäfer'), 'Jumped').click();
  await reception.operatorDialog().getByRole('textbox', { name: 'Your name' }).fill('Rita Reception');
  await reception.operatorDialog().getByRole('button', { name: 'Save' }).click();
  await expect(reception.checkInButton(screen.row('Lena Schäfer'), 'Jumped')).toHaveAttribute('aria-pressed', 'true');

  await reception.daySheetButton().click();
  const sheet = new DaySheetScreen(page);
  await expect(page).toHaveURL(/#\/day-sheet\/\d{4}-\d{2}-\d{2}$/);
  await expect(sheet.rows()).toHaveCount(TODAYS);
  await expect(sheet.sheet()).toContainText('Test Dropzone');
  await expect(sheet.row('Lena Schäfer')).toContainText('+49 170 5863991');
  await expect(sheet.row('Lena Schäfer').getByRole('img', { name: 'Jumped: marked' })).toBeVisible();
  await expect(sheet.row('Lena Schäfer').getByRole('img', { name: 'Arrived: not marked' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the day sheet');
  await expectAccessible(page, 'the day sheet');
  await saveScreenshot(page, 'day-sheet-1024');
  await page.setViewportSize({ width: 1440, height: 900 });
  await saveScreenshot(page, 'day-sheet-1440');

  await page.emulateMedia({ media: 'print' });
  for (const chrome of sheet.chrome()) await expect(chrome).toBeHidden();
  await expect(sheet.print()).toBeHidden();
  await expect(sheet.sheet()).toBeVisible();
  await saveScreenshot(page, 'day-sheet-print');
  await page.emulateMedia({ media: 'screen' });
  await expect(sheet.print()).toBeVisible();
});
