import { CatalogueScreen } from './pages/catalogue';
import { expect, saveScreenshot, readOnlyTest as test } from './fixtures';
import { catalogueProducts, listVersion, money } from './scenarios/catalogue';
import { browserDesk } from './scenarios/desk';

test('products: the list, every field of one, deep links, Enter on a row, an unknown id', async ({
  page,
  desk,
  request,
}) => {
  await test.step('products: the list with its version, prices in the dropzone currency, inactive dimmed', async () => {
    await catalogueProducts(page, browserDesk(desk), request);
  });

  await test.step('opening a product shows every field of it; Escape goes back to the list', async () => {
    await desk.open(page, '/catalogue/products');
    const catalogue = new CatalogueScreen(page);
    await catalogue.row(catalogue.productsGrid(), 'Videographer').click();
    await expect(page).toHaveURL(/#\/catalogue\/products\/3$/);
    await expect(catalogue.productDetail()).toBeVisible();

    const expected: Record<string, string | RegExp> = {
      id: '3',
      name: 'Videographer',
      booking_system_name: 'Video',
      price_cents: await money(page, 14900, 'EUR'),
      active: 'Yes',
      selfie: 'No',
      videographer: 'Yes',
      either_video: 'No',
      socials: 'Yes',
      photos: 'No',
      has_4k: 'Yes',
      raw_footage: 'No',
    };
    for (const [field, value] of Object.entries(expected))
      await expect(catalogue.detailValue(field), field).toHaveText(value);
    await expect(catalogue.productActions()).toBeVisible();
    await saveScreenshot(page, 'catalogue-product-detail');

    await page.keyboard.press('Escape');
    await expect(catalogue.productDetail()).toBeHidden();
    await expect(page).toHaveURL(/#\/catalogue\/products$/);
  });

  await test.step('a product detail is deep-linkable, and Enter on a row opens one', async () => {
    await desk.open(page, '/catalogue/products/4');
    const catalogue = new CatalogueScreen(page);
    await expect(catalogue.detailValue('name')).toHaveText('Old package');
    await expect(catalogue.detailValue('active')).toHaveText('No');
    await expect(catalogue.detailValue('either_video')).toHaveText('Yes');
    await page.keyboard.press('Escape');
    await expect(catalogue.productDetail()).toBeHidden();

    // The grid is one tab stop: coming in, the keyboard is on the first row.
    await catalogue.productsGrid().focus();
    await page.keyboard.press('ArrowDown');
    await expect(catalogue.row(catalogue.productsGrid(), 'Selfie video + photos')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/catalogue\/products\/\d+$/);
    await expect(catalogue.productDetail()).toBeVisible();
  });

  await test.step('an unknown product id says so, without a pointless retry', async () => {
    await desk.open(page, '/catalogue/products/999');
    const catalogue = new CatalogueScreen(page);
    await expect(catalogue.drawer()).toContainText('No product with id 999');
    await expect(catalogue.drawer().getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/#\/catalogue\/products$/);
  });
});

test('upgrades: their tab (also opened directly), version, prices in their currency, and every field of one', async ({
  page,
  desk,
  request,
}) => {
  await test.step('upgrades: tab, version, prices in their currency, and every field of one upgrade', async () => {
    await desk.open(page, '/catalogue');
    const catalogue = new CatalogueScreen(page);
    await catalogue.tab('Upgrades').click();
    await expect(page).toHaveURL(/#\/catalogue\/upgrades$/);
    const grid = catalogue.upgradesGrid();
    await expect(catalogue.rows(grid)).toHaveCount(2);
    await expect(catalogue.upgradesVersion()).toHaveAttribute(
      'data-version',
      await listVersion(request, desk.url, desk.token, 'upgrades'),
    );
    await expect(await catalogue.cell(grid, '4K footage', 'Price')).toHaveText(await money(page, 2500, 'EUR'));
    await expect(catalogue.row(grid, 'Raw footage')).toHaveAttribute('data-dimmed', 'true');
    await expect(await catalogue.cell(grid, 'Raw footage', 'Active')).toHaveText('Inactive');
    await expect(catalogue.addButton('upgrade')).toBeVisible();
    await saveScreenshot(page, 'catalogue-upgrades');

    await catalogue.row(grid, '4K footage').click();
    await expect(page).toHaveURL(/#\/catalogue\/upgrades\/1$/);
    const expected: Record<string, string | RegExp> = {
      id: '1',
      name: '4K footage',
      active: 'Yes',
      notify_staff: 'Yes',
      payment_price_cents: await money(page, 2500, 'EUR'),
      payment_price_currency: 'EUR',
      payment_price_identifier: /^price_4k/, // and its Copy button
      created_at: /\d/,
      updated_at: /\d/,
    };
    for (const [field, value] of Object.entries(expected))
      await expect(catalogue.detailValue(field), field).toHaveText(value);
    await expect(catalogue.upgradeActions()).toBeVisible();
    await saveScreenshot(page, 'catalogue-upgrade-detail');
  });

  await test.step('#/catalogue/upgrades opens the upgrades tab directly', async () => {
    await desk.open(page, '/catalogue/upgrades');
    const catalogue = new CatalogueScreen(page);
    await expect(catalogue.tab('Upgrades')).toHaveAttribute('aria-selected', 'true');
    await expect(catalogue.row(catalogue.upgradesGrid(), 'Raw footage')).toBeVisible();
    await catalogue.tab('Products').click();
    await expect(page).toHaveURL(/#\/catalogue\/products$/);
    await expect(catalogue.productsGrid()).toBeVisible();
  });
});
