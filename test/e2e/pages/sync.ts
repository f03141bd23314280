import type { Locator, Page } from '@playwright/test';

/** #/sync: proxy mode's outbox, its three lists and one write's detail. */
export class SyncScreen {
  constructor(private readonly page: Page) {}

  static readonly route = '/sync';

  readonly root = () => this.page.getByTestId('sync-page');
  readonly summary = () => this.page.getByTestId('sync-summary');
  readonly tab = (name: 'Waiting' | 'Needs attention' | 'Settled') =>
    this.page.getByRole('tab', { name: new RegExp(`^${name}`) });
  readonly list = (state: 'waiting' | 'attention' | 'settled') => this.page.getByTestId(`outbox-${state}`);
  readonly rows = (state: 'waiting' | 'attention' | 'settled') => this.list(state).getByTestId('outbox-row');
  readonly row = (state: 'waiting' | 'attention' | 'settled', text: string | RegExp) =>
    this.rows(state).filter({ hasText: text });
  readonly empty = () => this.page.getByTestId('empty');
  readonly sendNow = () => this.page.getByRole('button', { name: 'Send now' });
  readonly resolveAll = () => this.page.getByRole('button', { name: 'Resolve all' });
  readonly downloadCsv = () => this.page.getByRole('button', { name: 'Download failed writes (CSV)' });
  readonly localModeNote = () => this.page.getByTestId('sync-local-mode');
}

/** #/sync/writes/:id: one write side by side, with the choices for it. */
export class WriteDetailScreen {
  constructor(private readonly page: Page) {}

  readonly root = () => this.page.getByTestId('write-detail');
  readonly state = () => this.page.getByTestId('write-state');
  readonly conflictNotice = () => this.page.getByTestId('write-conflict');
  readonly field = (name: string): Locator =>
    this.page.getByTestId('write-field').and(this.page.locator(`[data-field="${name}"]`));
  readonly choice = (label: string, take: 'Mine' | 'Theirs' | 'Edit') =>
    this.page.getByRole('radiogroup', { name: `${label}: which value to keep` }).getByRole('radio', { name: take });
  readonly editBox = (label: string) => this.page.getByRole('textbox', { name: `${label}: my value` });
  readonly yourName = () => this.page.getByTestId('decision-actions').getByRole('textbox', { name: 'Your name' });
  readonly apply = () => this.page.getByRole('button', { name: 'Apply my choices' });
  readonly keepMine = () => this.page.getByRole('button', { name: 'Keep mine (all)' });
  readonly keepTheirs = () => this.page.getByRole('button', { name: 'Keep theirs (all)' });
  readonly decision = () => this.page.getByTestId('write-decision');
  readonly undo = () => this.page.getByRole('button', { name: 'Undo decision' });
  readonly history = () => this.page.getByTestId('write-history');
  readonly fields = () => this.page.getByTestId('write-field');
  /** What of the held write's record already landed, beside its held fields. */
  readonly landed = () => this.page.getByTestId('write-landed');
  readonly landedField = (name: string): Locator =>
    this.page.getByTestId('landed-field').and(this.page.locator(`[data-field="${name}"]`));
}
