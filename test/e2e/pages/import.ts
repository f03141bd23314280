import { expect, type Locator, type Page } from '@playwright/test';

/** The import wizard (#/import/bookings, #/import/filmers). Locators live here only. */
export class ImportWizardScreen {
  constructor(private readonly page: Page) {}

  static route(kind: 'bookings' | 'filmers'): string {
    return `/import/${kind}`;
  }

  readonly root = () => this.page.getByTestId('import-wizard');
  /** "Import…" on the Bookings or Filmers screen. */
  /** "Import…" on the list's toolbar; it folds into "More" when the bar is short of room (a row selected shows Edit and Delete). */
  readonly openFromList = async (kind: 'bookings' | 'filmers') => {
    const action = this.page.getByTestId(`import-${kind}`);
    const more = this.page.getByRole('button', { name: 'More actions' });
    // The bar settles its folding after it measured; then Import… is either in it or behind More.
    await expect(action.or(more).first()).toBeVisible();
    if (!(await action.isVisible())) await more.click();
    await action.click();
  };
  readonly stepper = () => this.page.getByTestId('import-stepper');
  readonly next = () => this.page.getByTestId('import-next');
  readonly back = () => this.page.getByTestId('import-back');

  // Source
  readonly fileInput = () => this.page.getByTestId('import-file-input');
  readonly paste = () => this.page.getByRole('textbox', { name: 'Pasted cells' });
  readonly usePasted = () => this.page.getByTestId('import-use-pasted');
  readonly sourceError = () => this.page.getByTestId('import-source-error');

  // Columns
  readonly sourceSummary = () => this.page.getByTestId('import-source-summary');
  readonly fieldFor = (header: string) =>
    this.page.getByRole('combobox', { name: `Field for column ${header}`, exact: true });
  readonly dateFormat = () => this.page.getByRole('combobox', { name: 'Jump dates are written as' });
  readonly missingFields = () => this.page.getByTestId('import-missing-fields');
  readonly option = (label: string | RegExp) => this.page.getByRole('option', { name: label });

  // Check
  readonly checkGrid = () => this.page.getByRole('grid', { name: 'Rows to import' });
  readonly countReady = () => this.page.getByTestId('count-ready');
  readonly countProblem = () => this.page.getByTestId('count-problem');
  readonly countLeftOut = () => this.page.getByTestId('count-left-out');
  readonly checkFilter = (label: string | RegExp) => this.page.getByTestId('check-filter').getByText(label);
  readonly leaveOutProblems = () => this.page.getByTestId('leave-out-problems');
  /** A row of a grid by its row number in the file. */
  readonly row = (grid: Locator, rowNumber: number) => grid.locator(`[role="row"][data-row-number="${rowNumber}"]`);
  readonly cell = (row: Locator, header: string) => row.locator(`[role="gridcell"][data-column="${header}"]`);
  readonly rowStatus = (row: Locator) => row.getByTestId('row-status');
  readonly rowMessage = (row: Locator) => row.getByTestId('row-message');
  readonly sendToggle = (row: Locator) => row.getByTestId('row-send-toggle');
  readonly cellEditor = () => this.page.getByTestId('cell-editor');

  // Send
  readonly operator = () => this.page.getByTestId('import-operator');
  readonly send = () => this.page.getByTestId('import-send');
  readonly progress = () => this.page.getByTestId('import-progress');
  readonly cancel = () => this.page.getByTestId('import-cancel');
  readonly progressText = () => this.page.getByTestId('import-progress-text');
  /** "The desk is sending them: closing this window does not stop it." */
  readonly sendingNote = () => this.page.getByTestId('import-sending-note');
  /** The status bar's "Importing…" badge, shown on every screen (of every window) while the desk sends an import. */
  readonly statusImporting = () => this.page.getByTestId('status-importing');
  /** The focus line under a grid: the whole reason of the row the keyboard is on. */
  readonly focusMessage = () => this.page.getByTestId('grid-focus-message');
  readonly countDone = () => this.page.getByTestId('count-done');

  // Results
  readonly results = () => this.page.getByTestId('import-results');
  readonly cancelledBanner = () => this.page.getByTestId('import-cancelled');
  readonly resultsGrid = () => this.page.getByRole('grid', { name: 'Import results' });
  readonly outcomeCount = (status: string) => this.page.getByTestId(`outcome-count-${status}`);
  readonly downloadResults = () => this.page.getByTestId('import-download-results');
  readonly retry = () => this.page.getByTestId('import-retry');
  readonly openHistory = () => this.page.getByTestId('import-open-history');
  readonly newImport = () => this.page.getByTestId('import-new');
}

/** #/imports and #/imports/:id: the import history and one import's rows. */
export class ImportHistoryScreen {
  constructor(private readonly page: Page) {}

  static readonly route = '/imports';
  static detailRoute(id: number): string {
    return `/imports/${id}`;
  }

  readonly root = () => this.page.getByTestId('import-history');
  readonly grid = () => this.page.getByRole('grid', { name: 'Imports' });
  /** Body rows only (the header row holds column headers, not cells). */
  readonly rows = () =>
    this.grid()
      .getByRole('row')
      .filter({ has: this.page.getByRole('gridcell') });
  readonly row = (text: string | RegExp) => this.rows().filter({ hasText: text });
  readonly detail = () => this.page.getByTestId('import-history-detail');
  readonly fileName = () => this.page.getByTestId('history-file-name');
  readonly rowsGrid = () => this.page.getByRole('grid', { name: 'Imported rows' });
  readonly gridRow = (rowNumber: number) => this.rowsGrid().locator(`[role="row"][data-row-number="${rowNumber}"]`);
  /** In the detail page: a wizard kept off-screen has counts of its own. */
  readonly outcomeCount = (status: string) => this.detail().getByTestId(`outcome-count-${status}`);
  readonly failedOnly = () => this.page.getByRole('switch', { name: 'Only rows that failed' });
  readonly downloadFailed = () => this.page.getByTestId('history-download-failed');
  readonly interrupted = () => this.page.getByTestId('history-interrupted');
  /** A running import's progress, as the desk reports it, with its Cancel. */
  readonly running = () => this.page.getByTestId('history-running');
  readonly cancel = () => this.page.getByTestId('history-cancel');
  readonly retry = () => this.page.getByTestId('history-retry');
  /** Asked when the wizard of the import's kind holds rows not sent yet. */
  readonly retryConfirm = () => this.page.getByRole('dialog', { name: 'Replace the open import?' });
  readonly retryKeep = () => this.page.getByTestId('history-retry-keep');
  readonly retryReplace = () => this.page.getByTestId('history-retry-replace');
}
