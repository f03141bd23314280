import type { Locator, Page } from '@playwright/test';

/** The Catalogue screen (#/catalogue): products and upgrades tabs, their lists and detail drawers. */
export class CatalogueScreen {
  constructor(private readonly page: Page) {}

  tab(name: 'Products' | 'Upgrades' | 'Matching'): Locator {
    return this.page.getByRole('tab', { name });
  }
  readonly productsGrid = () => this.page.getByRole('grid', { name: 'Products' });
  readonly upgradesGrid = () => this.page.getByRole('grid', { name: 'Upgrades' });
  readonly productsVersion = () => this.page.getByTestId('products-version');
  readonly upgradesVersion = () => this.page.getByTestId('upgrades-version');
  readonly readOnlyNote = () => this.page.getByTestId('catalogue-read-only-note');
  readonly adminNote = () => this.page.getByTestId('catalogue-admin-note');

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

  /** Controls that would change the catalogue (none in proxy mode). */
  readonly editControls = () =>
    this.page.getByRole('button', { name: /\b(edit|delete|save|new|create|add|remove)\b/i });

  // ---- administration (local mode) ----
  addButton(kind: 'product' | 'upgrade'): Locator {
    return this.page.getByRole('button', { name: `Add ${kind}` });
  }
  readonly productActions = () => this.page.getByTestId('product-actions');
  readonly upgradeActions = () => this.page.getByTestId('upgrade-actions');
  /** The open product or upgrade form. */
  readonly productForm = () => this.page.getByRole('form', { name: /^(New (product|upgrade)|Edit )/ });
  /** A field of the open form, by its label (a required one's asterisk aside). */
  formField(label: string, role: 'textbox' | 'checkbox' | 'combobox' = 'textbox'): Locator {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.productForm().getByRole(role, { name: new RegExp(`^${escaped}( \\*)?$`) });
  }
  /** A Mantine Select of the open form: opens it and picks the option. */
  async choose(label: string, option: string): Promise<void> {
    await this.formField(label, 'combobox').click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }
  readonly rematchDialog = () => this.page.getByRole('dialog', { name: /would now match/ });
  readonly tester = () => this.page.getByTestId('match-tester');
  readonly testerInput = () => this.tester().getByLabel('Camera package');
  readonly testerWinner = () => this.page.getByTestId('match-winner');
  /** The tester's row of one product: its verdict in `data-verdict`. */
  testerRow(productName: string): Locator {
    return this.page
      .getByTestId('match-steps')
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: productName, exact: true }) });
  }
  readonly unmatched = () => this.page.getByTestId('unmatched-packages');
  unmatchedRow(cameraPackage: string): Locator {
    return this.unmatched()
      .getByRole('row')
      .filter({ has: this.page.getByText(cameraPackage, { exact: true }) });
  }
}
