import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, saveScreenshot, test } from './fixtures';
import { BookingsScreen } from './pages/bookings';
import { Layout } from './pages/layout';

/**
 * The Bookings grid's columns on the demo dropzone (fixtures/demo.json): the text-heavy columns
 * (Name, E-mail, Product) share the width a window has, so at 1440×900 every product shows
 * whole with its price, and at 1024×768 the default columns, E-mail among them, fit without
 * scrolling sideways (a long product is cut there, its whole text in its title).
 */
const demo = JSON.parse(readFileSync('fixtures/demo.json', 'utf8')) as {
  dropzones: { name: string; products: { name: string; price_cents: number }[] }[];
};
const dropzone = demo.dropzones[0]!;
test.use({ deskSeed: demo });

const euros = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const LONGEST = [...dropzone.products].sort((a, b) => b.name.length - a.name.length)[0]!;

async function openBookings(page: Page, url: string, token: string): Promise<BookingsScreen> {
  await page.goto(`${url}/?token=${token}#/bookings`);
  await expect(page.getByTestId('status-dropzone')).toHaveText(dropzone.name);
  const screen = new BookingsScreen(page);
  await screen.datePreset('All dates').click();
  await expect(screen.count()).toHaveText(/^1–200 of \d+ bookings$/);
  return screen;
}

/** Every Product cell of the page, scrolled through: its text, its title and whether it is cut short (its span scrolls). */
async function productCells(
  page: Page,
  screen: BookingsScreen,
): Promise<{ text: string; title: string; cut: boolean }[]> {
  const column = (await screen.grid().getByRole('columnheader').allInnerTexts()).findIndex(
    (name) => name.trim() === 'Product',
  );
  expect(column, 'the Product column is shown').toBeGreaterThanOrEqual(0);
  const seen = new Map<string, { text: string; title: string; cut: boolean }>();
  const grid = screen.grid();
  for (;;) {
    const cells = await grid.evaluate((element, index) => {
      return [...element.querySelectorAll('[role="row"][aria-rowindex]')].flatMap((row) => {
        const span = row.querySelectorAll('[role="gridcell"]')[index]?.querySelector('span');
        return span
          ? [
              {
                row: row.getAttribute('aria-rowindex')!,
                text: span.textContent ?? '',
                title: span.title,
                cut: span.scrollWidth > span.clientWidth,
              },
            ]
          : [];
      });
    }, column);
    for (const { row, ...cell } of cells) seen.set(row, cell);
    const { scrollTop, scrollHeight, clientHeight } = await grid.evaluate((element) => ({
      scrollTop: element.scrollTop,
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
    }));
    if (scrollTop + clientHeight >= scrollHeight - 1) break;
    await grid.evaluate((element, to) => element.scrollTo({ top: to }), scrollTop + clientHeight - 40);
    // The grid draws the rows of the new place on its next frame: wait until the row at its
    // bottom edge is there (or the last row is), so each pass reads the rows now in view.
    await expect
      .poll(() =>
        grid.evaluate((element) => {
          const bottom = element.getBoundingClientRect().bottom - 2;
          const rows = [...element.querySelectorAll('[role="row"][aria-rowindex]')];
          const last = element.getAttribute('aria-rowcount');
          return rows.some((row) => {
            const box = row.getBoundingClientRect();
            return row.getAttribute('aria-rowindex') === last || (box.top <= bottom && box.bottom >= bottom);
          });
        }),
      )
      .toBe(true);
  }
  return [...seen.values()];
}

async function sideways(page: Page, screen: BookingsScreen) {
  return {
    page: await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
    grid: await screen.grid().evaluate((element) => element.scrollWidth > element.clientWidth),
  };
}

test('at 1440×900 every product shows whole with its price and the columns reach the grid’s edge; a column that grew with the window is dragged from the width it shows', async ({
  page,
  desk,
}) => {
  await test.step('at 1440×900 every product shows whole with its price, the columns reach the grid’s edge', async () => {
    const screen = await openBookings(page, desk.url, desk.token);
    const cells = (await productCells(page, screen)).filter((cell) => cell.text !== '—');
    expect(cells.length).toBeGreaterThan(100);
    expect(cells.map((cell) => cell.text)).toContain(`${LONGEST.name} · ${euros(LONGEST.price_cents)}`);
    expect(cells.filter((cell) => cell.cut).map((cell) => cell.text)).toEqual([]);

    // No empty band after the last column: the header row fills the grid, and nothing scrolls sideways.
    const { gridRight, lastRight } = await screen.grid().evaluate((grid) => {
      const headers = grid.querySelectorAll('[role="columnheader"]');
      return {
        gridRight: grid.getBoundingClientRect().left + grid.clientLeft + grid.clientWidth,
        lastRight: headers[headers.length - 1]!.getBoundingClientRect().right,
      };
    });
    expect(Math.abs(gridRight - lastRight)).toBeLessThanOrEqual(1);
    expect(await sideways(page, screen)).toEqual({ page: false, grid: false });
    await expectAccessible(page, 'the bookings list at 1440');
    await saveScreenshot(page, 'bookings-columns-1440');
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, 'bookings-columns-1440-dark');
  });

  await test.step('a column that grew with the window is dragged from the width it shows, then keeps its width', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    const screen = await openBookings(page, desk.url, desk.token);
    const width = async () => (await screen.columnHeader('Name').boundingBox())!.width;
    const shown = await width();
    const handle = (await screen.resizeHandle('Name').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 40, handle.y + handle.height / 2, { steps: 4 });
    await page.mouse.up();
    // The edge followed the pointer: 40 px wider than shown, not 40 px wider than its default size.
    expect(Math.abs((await width()) - (shown + 40))).toBeLessThanOrEqual(1);
    const dragged = await width();
    await page.setViewportSize({ width: 1600, height: 900 });
    await expect.poll(width).toBeCloseTo(dragged, 0);
    await screen.resizeHandle('Name').dblclick();
    await expect.poll(width).toBeGreaterThan(dragged);
  });
});

// A window opened at 1024 (the sidebar starts collapsed there).
test.describe('at 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the default columns fit, e-mail among them; more columns scroll inside the grid, never the page', async ({
    page,
    desk,
  }) => {
    const screen = await openBookings(page, desk.url, desk.token);
    expect(await sideways(page, screen)).toEqual({ page: false, grid: false });
    await expect(screen.columnHeader('E-mail')).toBeVisible();
    // Room for the e-mail costs the longest products their end: the whole text stays in the title.
    const cells = await productCells(page, screen);
    expect(cells.filter((cell) => cell.cut && cell.title !== cell.text).map((cell) => cell.text)).toEqual([]);
    expect(cells.some((cell) => !cell.cut)).toBe(true);
    await expectAccessible(page, 'the bookings list at 1024');
    await saveScreenshot(page, 'bookings-columns-1024');

    // The keyboard still walks the (virtual) rows.
    await screen.grid().focus();
    await page.keyboard.press('End');
    await expect(screen.selectedRow()).toHaveAttribute('aria-rowindex', '201');
    await expect(screen.selectedRow()).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(screen.selectedRow()).toHaveAttribute('aria-rowindex', '2');

    // Every column shown: the flexible ones give up room first, then the grid scrolls inside itself.
    await screen.columnsButton().click();
    for (const box of await page.getByTestId('columns-menu').getByRole('checkbox').all())
      if (!(await box.isChecked()) && (await box.isEnabled())) await box.check();
    await page.keyboard.press('Escape');
    await expect(screen.columnHeader('Desk id')).toBeAttached();
    expect(await sideways(page, screen)).toEqual({ page: false, grid: true });
    const layout = await new Layout(page).sidewaysOverflow();
    expect(layout.sticking).toEqual([]);
    await expect(screen.newBooking()).toBeInViewport({ ratio: 1 });
    await expect(screen.columnsButton()).toBeInViewport({ ratio: 1 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, 'bookings-columns-1024-all-dark');

    // Back to the defaults: they fit again.
    await screen.columnsButton().click();
    await page.getByRole('button', { name: 'Default columns' }).click();
    await page.keyboard.press('Escape');
    await expect(screen.columnHeader('Desk id')).toHaveCount(0);
    expect(await sideways(page, screen)).toEqual({ page: false, grid: false });
  });
});
