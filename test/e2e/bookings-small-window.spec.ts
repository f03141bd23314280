import type { Page } from '@playwright/test';
import { addDays } from '../../shared/dates';
import { BASE_SEED, TEST_TODAY } from '../support/seed';
import { COLOUR_RULES, expectAccessible, seriousFindings } from './axe';
import { expect, saveScreenshot, test } from './fixtures';
import { BookingsScreen } from './pages/bookings';

/**
 * The list on a small laptop (1024×768): every booking has an e-mail and none a product the
 * catalogue knows (a fresh store whose booking system sends its own package names), two pages.
 * The empty Product column gives its room to the e-mail; the search's hint and the pager fit.
 */
const BOOKINGS = Array.from({ length: 241 }, (_, i) => ({
  external_id: `SKB-${String(300000 + i)}`,
  name: `Guest ${String(i).padStart(3, '0')}`,
  email: `guest.${String(i).padStart(3, '0')}@example.org`,
  mobile: `+31 6 ${String(20000000 + i)}`,
  jump_on: addDays(TEST_TODAY, i % 20),
  camera_package: 'Package nobody set up',
}));
const dropzone = BASE_SEED.dropzones[0]!;
test.use({ deskSeed: { dates_relative_to: TEST_TODAY, dropzones: [{ ...dropzone, bookings: BOOKINGS }] } });
test.use({ viewport: { width: 1024, height: 768 } });

async function allBookings(page: Page, desk: { open(page: Page, route?: string): Promise<void> }) {
  await desk.open(page, '/bookings');
  const screen = new BookingsScreen(page);
  await screen.datePreset('All dates').click();
  await expect(screen.count()).toHaveText('1–200 of 241 bookings');
  return screen;
}

/** The search box with `text` in it: does the text fit without scrolling inside the box? */
async function fitsInSearch(page: Page, text: string): Promise<boolean> {
  return page.getByRole('textbox', { name: 'Search bookings' }).evaluate((input: HTMLInputElement, value) => {
    const before = input.value;
    input.value = value;
    const fits = input.scrollWidth <= input.clientWidth;
    input.value = before;
    return fits;
  }, text);
}

test('1024×768: e-mail shown, the empty product column narrow, the search hint whole, the pager on one line', async ({
  page,
  desk,
}) => {
  const screen = await allBookings(page, desk);
  await expect(screen.columnHeader('E-mail')).toBeVisible();
  await expect(screen.row('Guest 000').getByText('guest.000@example.org')).toBeVisible();

  // The empty Product column gave its room up; the e-mail addresses show whole.
  const product = (await screen.columnHeader('Product').boundingBox())!;
  const email = (await screen.columnHeader('E-mail').boundingBox())!;
  expect(product.width).toBeLessThanOrEqual(100);
  expect(email.width).toBeGreaterThan(product.width);
  const address = screen.row('Guest 000').getByText('guest.000@example.org');
  expect(await address.evaluate((span) => span.scrollWidth <= span.clientWidth)).toBe(true);

  // The hint is whole (and the check can tell: a longer text does not fit).
  const search = page.getByRole('textbox', { name: 'Search bookings' });
  const placeholder = (await search.getAttribute('placeholder'))!;
  expect(await fitsInSearch(page, placeholder)).toBe(true);
  expect(await fitsInSearch(page, `${placeholder}, and a good deal more than that`)).toBe(false);

  // The pager's buttons on one line.
  const pager = page.getByTestId('bookings-pagination').getByRole('button');
  await expect(pager).toHaveCount(6);
  const tops = await pager.evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().y)));
  expect(new Set(tops).size, `the pager's buttons at y ${tops.join(', ')}`).toBe(1);

  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expectAccessible(page, 'Bookings at 1024×768');
  await saveScreenshot(page, 'bookings-1024-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  // The dark scheme changes colours only: the colour rules again, the rest was checked just above.
  expect(await seriousFindings(page, undefined, COLOUR_RULES), 'axe on Bookings at 1024×768, dark').toEqual([]);
  await saveScreenshot(page, 'bookings-1024-dark');
});

test('1440×900, light and dark: the same list, nothing cut that has room', async ({ page, desk }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const screen = await allBookings(page, desk);
  await expect(screen.columnHeader('E-mail')).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search bookings' });
  expect(await fitsInSearch(page, (await search.getAttribute('placeholder'))!)).toBe(true);
  await expectAccessible(page, 'Bookings at 1440×900');
  await saveScreenshot(page, 'bookings-1440-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  // The dark scheme changes colours only: the colour rules again, the rest was checked just above.
  expect(await seriousFindings(page, undefined, COLOUR_RULES), 'axe on Bookings at 1440×900, dark').toEqual([]);
  await saveScreenshot(page, 'bookings-1440-dark');
});
