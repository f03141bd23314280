import type { Locator, Page } from '@playwright/test';

type TextField = 'Name' | 'E-mail' | 'External id' | 'External service';
type FlagField = 'Tandem instructor' | 'Videographer' | 'Active';

/** The Filmers screen (#/filmers): grid, toolbar, the filmer form and the delete dialog. */
export class FilmersScreen {
  constructor(private readonly page: Page) {}

  readonly grid = () => this.page.getByRole('grid', { name: 'Filmers' });
  /** Body rows only (the header row holds column headers, not cells). */
  readonly rows = () =>
    this.grid()
      .getByRole('row')
      .filter({ has: this.page.getByRole('gridcell') });
  readonly selectedRow = () => this.grid().locator('[role="row"][aria-selected="true"]');
  /** A filmer's row, found by its name (exact cell text). */
  row(name: string): Locator {
    return this.rows().filter({ has: this.page.getByText(name, { exact: true }) });
  }
  readonly names = () => this.grid().locator('[role="row"] > [role="gridcell"]:first-child');
  readonly count = () => this.page.getByTestId('filmers-count');
  readonly includeAll = () => this.page.getByRole('switch', { name: 'Include filmers without external id' });
  readonly search = () => this.page.getByRole('textbox', { name: 'Search filmers' });
  readonly newButton = () => this.page.getByRole('button', { name: /^New filmer/ });
  activeSwitch(name: string): Locator {
    return this.page.getByRole('switch', { name: `Active: ${name}` });
  }
  /** Flips a filmer's Active switch as a user does: a click on the switch's track. */
  async toggleActive(name: string): Promise<void> {
    await this.activeSwitch(name).locator('xpath=..').click();
  }
  deleteButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Delete ${name}` });
  }

  /** The create/edit dialog. */
  readonly form = () => this.page.getByRole('dialog', { name: /^(New filmer|Edit )/ });
  field(label: TextField): Locator {
    return this.form().getByRole('textbox', { name: label });
  }
  flag(label: FlagField): Locator {
    return this.form().getByLabel(label, { exact: true });
  }
  readonly saveButton = () => this.form().getByRole('button', { name: /^(Create filmer|Save changes)$/ });
  readonly formError = () => this.page.getByTestId('filmer-form-error');

  async fill(values: Partial<Record<TextField, string>>): Promise<void> {
    for (const [label, value] of Object.entries(values) as [TextField, string][]) await this.field(label).fill(value);
  }

  /** The delete confirmation. */
  readonly deleteDialog = () => this.page.getByRole('dialog', { name: /^Delete / });
  readonly confirmDelete = () => this.deleteDialog().getByRole('button', { name: 'Delete filmer' });
  readonly refusal = () => this.page.getByTestId('filmer-delete-refusal');
}
