import type { Locator, Page } from '@playwright/test';

/** The confirmation of one action: its inputs and the plan the desk says it will record. */
export class ActionDialogPage {
  constructor(readonly root: Locator) {}

  readonly choice = () => this.root.getByTestId('action-choice');
  readonly credits = () => this.root.getByTestId('action-credits');
  readonly comment = () => this.root.getByTestId('action-comment');
  readonly operator = () => this.root.getByTestId('action-operator');
  readonly plan = () => this.root.getByTestId('action-plan');
  readonly eventType = () => this.root.getByTestId('plan-event-type');
  readonly eventMeaning = () => this.root.getByTestId('plan-event-meaning');
  readonly entitlements = () => this.root.getByTestId('plan-entitlements');
  readonly creditChange = () => this.root.getByTestId('plan-credit-change');
  readonly total = () => this.root.getByTestId('plan-total');
  readonly album = () => this.root.getByTestId('plan-album');
  readonly product = () => this.root.getByTestId('plan-product');
  readonly refused = () => this.root.getByTestId('plan-refused');
  readonly adminBadge = () => this.root.getByTestId('admin-badge');
  readonly confirm = () => this.root.getByTestId('action-confirm');
}

/** The booking page's "Album and credits" card. */
export class AlbumActions {
  constructor(private readonly page: Page) {}

  readonly root = () => this.page.getByTestId('album-actions');
  readonly album = () => this.page.getByTestId('actions-album');
  readonly credits = () => this.page.getByTestId('actions-credits');
  readonly button = (kind: string) => this.root().getByTestId(`action-${kind}`);
  readonly notPossible = (kind: string) =>
    this.page.getByTestId('actions-not-possible').locator(`[data-kind="${kind}"]`);
  readonly unavailable = () => this.page.getByTestId('album-actions-unavailable');
  readonly dialog = () => new ActionDialogPage(this.page.getByRole('dialog'));

  async open(kind: string): Promise<ActionDialogPage> {
    await this.button(kind).click();
    return this.dialog();
  }
}
