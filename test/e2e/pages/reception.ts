import type { Locator, Page } from '@playwright/test';

/** Reception's parts of the Bookings screen: check-in, its filter, the export. Locators live here only. */
export class ReceptionScreen {
  constructor(private readonly page: Page) {}

  /** The check-in toggles of a grid row. */
  readonly checkInButton = (row: Locator, mark: 'Arrived' | 'No-show' | 'Jumped') =>
    row.getByTestId('check-in-control').getByRole('button', { name: mark, exact: true });
  readonly checkInFilter = () => this.page.getByRole('combobox', { name: 'Check-in' });
  readonly checkInOption = (label: 'Any check-in' | 'Arrived' | 'No-show' | 'Jumped' | 'Not marked') =>
    this.page.getByRole('option', { name: label, exact: true });
  readonly operatorDialog = () => this.page.getByRole('dialog', { name: 'Who is at the desk?' });
  readonly keyHints = () => this.page.getByTestId('grid-key-hints');

  readonly exportButton = () => this.page.getByTestId('export-button');
  readonly exportDelimiter = (label: 'Comma ,' | 'Semicolon ;' | 'Tab') =>
    this.page.getByTestId('export-delimiter').getByText(label, { exact: true });
  readonly exportDownload = () => this.page.getByTestId('export-download');
  readonly daySheetButton = () => this.page.getByTestId('day-sheet-button');
  /** Proxy mode: "Remote not answering — showing the desk's copy as of 14:01 (5 min ago)". */
  readonly copyAge = () => this.page.getByTestId('copy-age');
  readonly relax = (key: 'dates' | 'check-in' | 'include-all') => this.page.getByTestId(`relax-${key}`);
}

/** The printable day sheet. */
export class DaySheetScreen {
  constructor(private readonly page: Page) {}

  readonly sheet = () => this.page.getByTestId('day-sheet');
  readonly rows = () => this.page.getByTestId('day-sheet-row');
  readonly row = (text: string | RegExp) => this.rows().filter({ hasText: text });
  readonly print = () => this.page.getByTestId('print-day-sheet');
  readonly back = () => this.page.getByRole('button', { name: 'Bookings' });
  /** The app's chrome, which print hides. */
  readonly chrome = () => [
    this.page.locator('.mantine-AppShell-header'),
    this.page.locator('.mantine-AppShell-navbar'),
    this.page.locator('.mantine-AppShell-footer'),
  ];
}
