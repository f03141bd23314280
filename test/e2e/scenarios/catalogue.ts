import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../fixtures';
import { CatalogueScreen } from '../pages/catalogue';
import type { ScenarioDesk } from './desk';

/** The same number formatting the page uses (the browser's locale), so the test does not hard-code one. */
export const money = (page: Page, cents: number, currency: string) =>
  page.evaluate(
    ([c, cur]) =>
      new Intl.NumberFormat(undefined, { style: 'currency', currency: cur as string }).format((c as number) / 100),
    [cents, currency] as const,
  );

export async function listVersion(
  request: APIRequestContext,
  url: string,
  token: string,
  list: 'products' | 'upgrades',
) {
  const response = await request.get(`${url}/api/f1/sync/${list}`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()).version as string;
}

/** Products: the list with its version, prices in the dropzone currency, inactive dimmed, set up here in local mode (catalogue.spec.ts and the desktop app's suite). */
export async function catalogueProducts(page: Page, desk: ScenarioDesk, request: APIRequestContext): Promise<void> {
  await desk.open(page, '/catalogue');
  const catalogue = new CatalogueScreen(page);
  const grid = catalogue.productsGrid();
  await expect(catalogue.tab('Products')).toHaveAttribute('aria-selected', 'true');
  await expect(catalogue.rows(grid)).toHaveCount(5);
  await expect(catalogue.adminNote()).toContainText('set up here');

  const version = await listVersion(request, desk.url, desk.token, 'products');
  await expect(catalogue.productsVersion()).toHaveAttribute('data-version', version);
  await expect(catalogue.productsVersion()).toContainText(`Catalogue version ${version.slice(0, 8)}`);

  for (const [name, cents] of [
    ['Selfie video', 9900],
    ['Selfie video + photos', 12900],
    ['Videographer', 14900],
    ['Photos only', 4900],
  ] as const) {
    await expect(await catalogue.cell(grid, name, 'Price')).toHaveText(await money(page, cents, 'EUR'));
  }
  expect(await money(page, 9900, 'EUR')).toContain('99');
  await expect(await catalogue.cell(grid, 'Selfie video', 'Booking system name')).toHaveText('Selfie');
  await expect(await catalogue.cell(grid, 'Videographer', 'Videographer')).toHaveText('Yes');
  await expect(await catalogue.cell(grid, 'Selfie video', 'Videographer')).toHaveAccessibleName('No');
  await expect(catalogue.row(grid, 'Old package')).toHaveAttribute('data-dimmed', 'true');
  await expect(await catalogue.cell(grid, 'Old package', 'Active')).toHaveText('Inactive');
  await expect(catalogue.row(grid, 'Selfie video')).not.toHaveAttribute('data-dimmed', 'true');
  await expect(catalogue.addButton('product')).toBeVisible();
  await desk.screenshot(page, 'catalogue-products');
}
