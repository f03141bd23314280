import type { Locator, Page } from '@playwright/test';

/** The Bookings screen: filters, the grid, its actions and dialogs. Locators live here only. */
export class BookingsScreen {
  readonly form: BookingFormDialog;
  readonly deleteDialog: DeleteBookingDialog;

  constructor(private readonly page: Page) {
    this.form = new BookingFormDialog(page);
    this.deleteDialog = new DeleteBookingDialog(page);
  }

  readonly search = () => this.page.getByRole('textbox', { name: 'Search bookings' });
  readonly grid = () => this.page.getByRole('grid', { name: 'Bookings' });
  /** Body rows only (the header row holds column headers, not cells). */
  readonly rows = () =>
    this.grid()
      .getByRole('row')
      .filter({ has: this.page.getByRole('gridcell') });
  readonly row = (text: string | RegExp) => this.rows().filter({ hasText: text });
  readonly selectedRow = () => this.grid().locator('[role="row"][aria-selected="true"]');
  readonly count = () => this.page.getByTestId('bookings-count');
  readonly emptyState = () => this.page.getByTestId('empty');
  readonly clearFilters = () => this.page.getByRole('button', { name: 'Clear filters' });

  readonly datePreset = (label: 'All dates' | 'Today' | 'Tomorrow' | 'This week' | 'Custom') =>
    this.page.getByTestId('date-presets').getByText(label, { exact: true });
  readonly dateRange = () => this.page.getByTestId('date-range');
  /** A day in the open range calendar (Mantine labels days "27 November 2026"). */
  readonly calendarDay = (isoDate: string) => {
    const label = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${isoDate}T00:00:00Z`));
    return this.page.locator('[data-dates-dropdown]').getByRole('button', { name: label, exact: true }).first();
  };
  readonly includeAll = () => this.page.getByRole('switch', { name: 'Include bookings without external id' });

  readonly columnHeader = (name: string) => this.grid().getByRole('columnheader', { name, exact: true });
  /** The drag handle on a header's right edge (mouse only). */
  readonly resizeHandle = (name: string) =>
    this.columnHeader(name).locator('[title="Drag to resize, double-click to reset"]');
  readonly sortButton = (name: string) => this.columnHeader(name).getByRole('button');
  readonly columnsButton = () => this.page.getByRole('button', { name: 'Columns' });
  readonly columnToggle = (name: string) =>
    this.page.getByTestId('columns-menu').getByRole('checkbox', { name, exact: true });
  /** The cell of `row` under the column `header` (by position among the visible headers). */
  async cell(row: Locator, header: string): Promise<Locator> {
    const names = await this.grid().getByRole('columnheader').allInnerTexts();
    return row.getByRole('gridcell').nth(names.findIndex((name) => name.trim() === header));
  }

  readonly newBooking = () => this.page.getByTestId('new-booking');
  readonly notification = (text: string | RegExp) =>
    this.page.locator('.mantine-Notification-root').filter({ hasText: text });
}

type FormField =
  | 'External id'
  | 'External service'
  | 'Name'
  | 'E-mail'
  | 'Mobile'
  | 'Language'
  | 'Jump date'
  | 'Camera package'
  | 'Reference';

/** The create/edit dialog. */
export class BookingFormDialog {
  constructor(private readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: /^(New booking|Edit booking|Edit walk-in)/ });
  readonly title = () => this.dialog().locator('.mantine-Modal-title');
  readonly field = (label: FormField) =>
    this.dialog().getByRole(label === 'Camera package' ? 'combobox' : 'textbox', { name: label, exact: true });
  readonly showPublicly = () => this.dialog().getByRole('switch', { name: 'Show publicly' });
  readonly submit = () => this.dialog().getByTestId('booking-form-submit');
  readonly cancel = () =>
    this.dialog()
      .getByTestId('booking-form')
      .getByRole('button', { name: /^(Cancel|Close)$/ });
  readonly partialUpdate = () => this.dialog().getByTestId('partial-update');
  readonly refused = () => this.dialog().getByTestId('save-refused');
  readonly draftRestored = () => this.dialog().getByTestId('draft-restored');
  readonly handEditNote = () => this.dialog().getByTestId('hand-edit-note');
}

/** The delete confirmation. */
export class DeleteBookingDialog {
  constructor(private readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: 'Delete this booking?' });
  readonly keep = () => this.dialog().getByRole('button', { name: 'Keep it' });
  readonly confirm = () => this.dialog().getByRole('button', { name: 'Delete booking' });
}
