import type { Locator, Page } from '@playwright/test';

/** The Catalogue screen (#/catalogue): products and upgrades tabs, their lists and detail drawers. */
export class CatalogueScreen {
  constructor(private readonly page: Page) {}

  tab(name: 'Products' | 'Upgrades'): Locator {
    return this.page.getByRole('tab', { name });
  }
  readonly productsGrid = () => this.page.getByRole('grid', { name: 'Products' });
  readonly upgradesGrid = () => this.page.getByRole('grid', { name: 'Upgrades' });
  readonly productsVersion = () => this.page.getByTestId('products-version');
  readonly upgradesVersion = () => this.page.getByTestId('upgrades-version');
  readonly readOnlyNote = () => this.page.getByTestId('catalogue-read-only-note');

  /** A grid's body rows (the header row holds column headers, not cells). */
  rows(grid: Locator): Locator {
    return grid.getByRole('row').filter({ has: this.page.getByRole('gridcell') });
  }
  /** A row of a grid by the record's name (exact). */
  row(grid: Locator, name: string): Locator {
    return this.rows(grid).filter({ has: this.page.getByText(name, { exact: true }) });
  }
  /** One cell of a row, by the column header's text. */
  async cell(grid: Locator, name: string, column: string): Promise<Locator> {
    const headers = await grid.getByRole('columnheader').allInnerTexts();
    const index = headers.findIndex((text) => text.trim() === column);
    if (index < 0) throw new Error(`no column "${column}" in ${headers.join(' | ')}`);
    return this.row(grid, name).getByRole('gridcell').nth(index);
  }

  readonly drawer = () => this.page.getByRole('dialog');
  readonly productDetail = () => this.page.getByTestId('product-detail');
  readonly upgradeDetail = () => this.page.getByTestId('upgrade-detail');
  /** A field of the open detail, by its API field name: its value (without the hint below it). */
  detailValue(field: string): Locator {
    return this.drawer().locator(`[data-field="${field}"] [data-value]`);
  }

  /** Controls that would change the catalogue; there must be none. */
  readonly editControls = () => this.page.getByRole('button', { name: /\b(edit|delete|save|new|create|add|remove)\b/i });
}
