import type { Page } from '@playwright/test';

/** The Settings screen's Connection card (#/settings). */
export class SettingsScreen {
  constructor(private readonly page: Page) {}

  readonly card = () => this.page.getByTestId('settings-connection');
  /** Picks a mode as a user does: a click on the segment's label. */
  async chooseMode(mode: 'Local store' | 'Proxy to a remote server'): Promise<void> {
    await this.page.getByTestId('connection-mode').getByText(mode, { exact: true }).click();
  }
  async chooseCredentials(kind: 'None' | 'Bearer token' | 'Header'): Promise<void> {
    await this.page.getByTestId('connection-credentials-kind').getByText(kind, { exact: true }).click();
  }
  readonly remoteUrl = () => this.card().getByRole('textbox', { name: 'Remote base URL' });
  readonly token = () => this.card().getByLabel('Token', { exact: true });
  readonly timeout = () => this.card().getByRole('textbox', { name: 'Request timeout (ms)' });
  readonly testButton = () => this.card().getByRole('button', { name: 'Test connection' });
  readonly saveButton = () => this.card().getByRole('button', { name: 'Save' });
  readonly testResult = () => this.page.getByTestId('connection-test-result');
  readonly saved = () => this.page.getByTestId('connection-saved');
  readonly formError = () => this.page.getByTestId('connection-error');

  // The Booking systems card: the Sync API's address and the port kept for booking systems.
  readonly bookingSystems = () => this.page.getByTestId('settings-booking-systems');
  readonly syncUrl = () => this.page.getByTestId('settings-sync-url');
  readonly listenStatus = () => this.page.getByTestId('listen-status');
  readonly portInput = () => this.bookingSystems().getByRole('textbox', { name: 'Port at every start' });
  readonly keepPort = () => this.bookingSystems().getByRole('button', { name: 'Keep this port' });
  readonly forgetPort = () =>
    this.bookingSystems().getByRole('button', { name: /^(Back to \d+|Use a new port each start)$/ });
}
