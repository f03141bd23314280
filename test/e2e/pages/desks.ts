import type { Page } from '@playwright/test';

/** The Settings screen's "Desks" card (#/settings): the main desk's LAN listener and paired desks. */
export class DesksCard {
  constructor(private readonly page: Page) {}

  readonly card = () => this.page.getByTestId('settings-desks');
  readonly lanSwitch = () => this.card().getByRole('switch', { name: 'Let other desks join' });
  readonly lanOff = () => this.card().getByTestId('desks-lan-off');
  readonly lanUrls = () => this.card().getByTestId('desks-lan-url');
  readonly fingerprint = () => this.card().getByTestId('desks-fingerprint');
  readonly pairButton = () => this.card().getByRole('button', { name: 'Pair a desk…' });
  readonly codePanel = () => this.card().getByTestId('desks-pairing-code');
  readonly code = () => this.card().getByTestId('desks-pairing-code-value');
  readonly none = () => this.card().getByTestId('desks-none');
  readonly rows = () => this.card().getByTestId('desks-row');
  readonly row = (name: string) => this.rows().filter({ hasText: name });
  readonly removeButton = (name: string) => this.row(name).getByRole('button', { name: `Remove ${name}` });
  readonly removeDialog = () => this.page.getByRole('dialog', { name: /^Remove “/ });
  readonly confirmRemove = () => this.page.getByRole('dialog').getByRole('button', { name: 'Remove desk' });
}
