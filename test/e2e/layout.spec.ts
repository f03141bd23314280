import { seriousFindings } from './axe';
import { expect, saveScreenshot, readOnlyTest as test } from './fixtures';
import { BookingsScreen } from './pages/bookings';
import { CatalogueScreen } from './pages/catalogue';
import { FilmersScreen } from './pages/filmers';
import { eachScreen, Layout } from './pages/layout';
import { expectSettled } from './settled';

/**
 * Every screen on a laptop: 1024×768, 1280×720, and 1440×900 at 150 % zoom, which Chromium
 * shows as a 960×600 window at a device scale factor of 1.5 (Playwright's stand-in for zoom).
 * At 1024×768 the same walk runs axe on each screen as it stands (the accessibility sweep at that
 * size, see accessibility.spec.ts for 1440×900) and takes the dark-mode screenshots too: one
 * opening of each screen serves every check made at that size.
 */
const SIZES = [
  { name: '1024x768', viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, axe: true },
  { name: '1280x720', viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, axe: false },
  { name: '960x600@1.5', viewport: { width: 960, height: 600 }, deviceScaleFactor: 1.5, axe: false },
];

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });

    test(`no screen scrolls sideways${size.axe ? ', axe finds nothing critical or serious on any screen' : ''}, the Bookings actions stay reachable, and a dialog's main button is in the window`, async ({
      page,
      desk,
    }) => {
      // Ten screens (analysed whole by axe at 1024): more than the default 30 s on a busy 2-core machine.
      test.setTimeout(150_000);
      const layout = new Layout(page);
      const problems: string[] = [];
      const findings: string[] = [];
      await test.step('every screen: nothing sideways; axe at 1024', async () => {
        await eachScreen(page, desk, async (screen) => {
          const { pageScrolls, sticking } = await layout.sidewaysOverflow();
          if (pageScrolls) problems.push(`${screen.name}: the page scrolls sideways`);
          for (const element of sticking) problems.push(`${screen.name}: ${element} passes the window's edge`);
          const route = screen.route.slice(1).replaceAll('/', '-');
          await saveScreenshot(page, `layout-${size.name}-${route}`);
          if (!size.axe) return;
          for (const finding of await seriousFindings(page)) findings.push(`${screen.name}: ${finding}`);
          // The dark screenshot of the same screen (an artifact to look at; dark mode's colours are
          // checked by axe in accessibility.spec.ts).
          await page.emulateMedia({ colorScheme: 'dark' });
          await expectSettled(page);
          await saveScreenshot(page, `layout-dark-${size.viewport.width}-${route}`);
          await page.emulateMedia({ colorScheme: 'light' });
        });
        // Every screen's findings at once: one run says all there is to fix.
        expect(problems).toEqual([]);
        expect(findings).toEqual([]);
      });

      await test.step('the Bookings actions stay reachable', async () => {
        await page.emulateMedia({ colorScheme: 'light' });
        await desk.open(page, '/bookings');
        const bookings = new BookingsScreen(page);
        await expect(bookings.rows().first()).toBeVisible();
        const more = page.getByTestId('bookings-toolbar-more');
        for (const testId of ['new-booking', 'action-edit', 'action-delete', 'action-open', 'import-bookings'])
          await layout.expectReachable(page.getByTestId(testId), more);
        await expect(page.getByTestId('new-booking')).toBeInViewport({ ratio: 1 });
        await expect(page.getByTestId('columns-menu-button')).toBeInViewport({ ratio: 1 });
      });

      await test.step("a dialog's main button is in the window", async () => {
        await page.getByTestId('new-booking').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.getByTestId('booking-form-submit')).toBeInViewport({ ratio: 1 });
        await saveScreenshot(page, `layout-${size.name}-booking-form`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toBeHidden();

        await desk.open(page, '/filmers');
        const filmers = new FilmersScreen(page);
        await filmers.newButton().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.getByRole('dialog').getByRole('button', { name: /^Create|^Save/ })).toBeInViewport({
          ratio: 1,
        });
      });
    });
  });
}

test('the Bookings toolbar folds into More on a narrow window, New booking staying in the bar', async ({
  page,
  desk,
}) => {
  await page.setViewportSize({ width: 900, height: 700 });
  await desk.open(page, '/bookings');
  const bookings = new BookingsScreen(page);
  await expect(bookings.rows().first()).toBeVisible();
  const more = page.getByTestId('bookings-toolbar-more');
  await expect(more).toBeVisible();
  await expect(page.getByTestId('new-booking')).toBeInViewport({ ratio: 1 });
  // Folded actions still work, from the menu: Edit opens the selected booking's form.
  await more.click();
  await page.getByRole('menuitem', { name: /Edit/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // With room again, every action is back in the bar and More is gone.
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect(more).toBeHidden();
  await expect(page.getByTestId('action-edit')).toBeInViewport({ ratio: 1 });
});

test('the sidebar collapses to icons and appearance follows the system until chosen; both choices are remembered', async ({
  page,
  desk,
}) => {
  const layout = new Layout(page);

  await test.step('the sidebar collapses to icons and stays so after a reload', async () => {
    await desk.open(page, '/filmers');
    await expect(layout.navbar()).not.toHaveAttribute('data-collapsed');
    await expect(layout.sidebarToggle()).toHaveAttribute('aria-expanded', 'true');
    await layout.sidebarToggle().click();
    await expect(layout.navbar()).toHaveAttribute('data-collapsed', 'true');
    await expect(layout.sidebarToggle()).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await layout.navbar().boundingBox())?.width).toBeLessThan(80);

    await page.reload();
    await expect(layout.navbar()).toHaveAttribute('data-collapsed', 'true');
    // Collapsed, the links keep their names and still lead to their screens.
    await layout.nav().getByRole('link', { name: 'Catalogue' }).click();
    await expect(page).toHaveURL(/#\/catalogue/);
    await layout.sidebarToggle().click();
    await expect(layout.navbar()).not.toHaveAttribute('data-collapsed');
    await expect(layout.nav().getByRole('link', { name: /^Log/ })).toContainText('Log');
  });

  await test.step('appearance follows the system until a choice is made, which is remembered', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await desk.open(page, '/bookings');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

    await layout.chooseAppearance('Dark');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // Dark means the page is dark, not only an attribute.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(200);

    await layout.chooseAppearance('Follow the system');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    // Settings has the same switch.
    await desk.open(page, '/settings');
    await page.getByTestId('color-scheme-control').getByText('Dark', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});

test('a 1024 window starts with the sidebar collapsed', async ({ browser, desk }) => {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await desk.open(page, '/bookings');
  await expect(new Layout(page).navbar()).toHaveAttribute('data-collapsed', 'true');
  await page.close();
});

test('the keyboard on arrival and after Esc back: the lists of Filmers, Catalogue and Bookings have it', async ({
  page,
  desk,
}) => {
  await test.step('Filmers and Catalogue answer the arrow keys on arrival, and Esc back keeps the focus in the list', async () => {
    await desk.open(page, '/filmers');
    const filmers = new FilmersScreen(page);
    await expect(filmers.grid()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(filmers.rows().nth(1)).toHaveAttribute('aria-selected', 'true');
    // Enter opens the filmer's form; Esc closes it and the list has the keyboard again.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(filmers.grid()).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(filmers.rows().nth(0)).toHaveAttribute('aria-selected', 'true');

    // Arriving from the sidebar (the link had the focus) works the same.
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('link', { name: /^Catalogue/ })
      .click();
    const catalogue = new CatalogueScreen(page);
    await expect(catalogue.productsGrid()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(catalogue.rows(catalogue.productsGrid()).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/catalogue\/products\/\d+$/);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/#\/catalogue\/products$/);
    await expect(catalogue.productsGrid()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(catalogue.rows(catalogue.productsGrid()).nth(2)).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('Bookings: Esc back from a booking leaves the focus on its row in the list', async () => {
    await desk.open(page, '/bookings');
    const bookings = new BookingsScreen(page);
    await expect(bookings.grid()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const second = bookings.rows().nth(1);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    const name = (await second.getByRole('gridcell').nth(1).textContent()) ?? '';
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/bookings\/.+/);
    await expect(page.getByTestId('booking-title')).toHaveText(name);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/#\/bookings$/);
    await expect(bookings.grid()).toBeFocused();
    await expect(bookings.selectedRow()).toContainText(name);
  });
});
