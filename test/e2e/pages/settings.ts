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
}
