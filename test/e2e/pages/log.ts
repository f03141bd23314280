import type { Page } from '@playwright/test';

/** The Log screen (#/log): filters, the calls grid and one call's drawer. */
export class LogScreen {
  constructor(private readonly page: Page) {}

  readonly grid = () => this.page.getByRole('grid', { name: 'Request log' });
  /** Body rows only (the header row holds column headers, not cells). */
  readonly rows = () =>
    this.grid()
      .getByRole('row')
      .filter({ has: this.page.getByRole('gridcell') });
  readonly row = (text: string | RegExp) => this.rows().filter({ hasText: text });
  readonly pathFilter = () => this.page.getByRole('textbox', { name: 'Path contains' });
  readonly hideDeskCalls = () => this.page.getByRole('switch', { name: "Hide the desk's own calls" });
  /** The Caller cell of a row (the desk, a token's label, no token, unknown token). */
  readonly callerOf = (row: ReturnType<LogScreen['row']>) => row.getByRole('gridcell').nth(1);
  readonly onlyDeviations = () => this.page.getByRole('switch', { name: 'Only contract deviations' });
  readonly drawer = () => this.page.getByRole('dialog');
  readonly curl = () => this.page.getByTestId('log-curl');
  readonly copyCurl = () => this.drawer().getByRole('button', { name: 'Copy as cURL' });
  readonly request = () => this.page.getByTestId('log-request');
  readonly response = () => this.page.getByTestId('log-response');
}
