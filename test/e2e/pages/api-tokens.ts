import type { Page } from '@playwright/test';
import { AdminDialog } from './admin';

/** The Settings screen's "Booking system tokens" card (#/settings). */
export class ApiTokensCard {
  constructor(private readonly page: Page) {}

  readonly card = () => this.page.getByTestId('settings-api-tokens');
  readonly newTokenButton = () => this.card().getByRole('button', { name: 'New token…' });
  readonly form = () => this.page.getByRole('form', { name: 'New booking system token' });
  readonly label = () => this.form().getByRole('textbox', { name: 'Label' });
  readonly createButton = () => this.form().getByRole('button', { name: 'Create token' });
  /** The panel that shows a new token once. */
  readonly createdPanel = () => this.page.getByTestId('api-token-created');
  readonly createdToken = () => this.page.getByTestId('api-token-value');
  readonly copyButton = () => this.createdPanel().getByRole('button', { name: /^Cop(y|ied)$/ });
  readonly dismissButton = () => this.createdPanel().getByRole('button', { name: 'Dismiss' });
  readonly rows = () => this.card().getByTestId('api-token-row');
  readonly row = (label: string) => this.rows().filter({ hasText: label });
  readonly revokeButton = (label: string) => this.row(label).getByRole('button', { name: `Revoke ${label}` });
  readonly revokeDialog = () => this.page.getByRole('dialog');
  readonly confirmRevoke = () => this.revokeDialog().getByRole('button', { name: 'Revoke token' });
  readonly empty = () => this.card().getByTestId('empty');

  /** Makes a token; `firstAdminAction`: the window is not unlocked yet, so the passphrase is asked for. */
  async create(label: string, firstAdminAction = false): Promise<string> {
    await this.newTokenButton().click();
    await this.label().fill(label);
    await this.createButton().click();
    if (firstAdminAction) await new AdminDialog(this.page).complete();
    return (await this.createdToken().innerText()).trim();
  }
}
