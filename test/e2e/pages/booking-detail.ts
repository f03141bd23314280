import type { Locator, Page } from '@playwright/test';

/** One finance event of the timeline. */
export class FinanceEventEntry {
  constructor(readonly root: Locator) {}

  readonly label = () => this.root.getByTestId('event-label');
  readonly type = () => this.root.getByTestId('event-type');
  readonly change = () => this.root.getByTestId('event-change');
  readonly total = () => this.root.getByTestId('event-total');
  readonly comment = () => this.root.getByTestId('event-comment');
  readonly entitlements = () => this.root.getByTestId('event-entitlements');
  readonly payment = () => this.root.getByTestId('event-payment');
  readonly paymentAmount = () => this.root.getByTestId('payment-amount');
  readonly paymentProcessor = () => this.root.getByTestId('payment-processor');
}

/** #/bookings/<external_id>: the booking detail screen. */
export class BookingDetail {
  constructor(private readonly page: Page) {}

  static route(externalId: string): string {
    return `/bookings/${encodeURIComponent(externalId)}`;
  }

  readonly root = () => this.page.getByTestId('booking-detail');
  /** Proxy mode offline: the desk's copy cannot show this booking, and says why. */
  readonly notInCopy = () => this.page.getByTestId('booking-not-in-copy');
  readonly title = () => this.page.getByTestId('booking-title');
  readonly externalId = () => this.page.getByTestId('booking-external-id');
  readonly jumpDate = () => this.page.getByTestId('booking-jump-date');
  readonly albumStatus = () => this.page.getByTestId('album-status');
  readonly backButton = () => this.page.getByTestId('back-to-bookings');
  readonly editButton = () => this.page.getByTestId('booking-edit');
  readonly deleteButton = () => this.page.getByTestId('booking-delete');
  readonly notFound = () => this.page.getByTestId('booking-not-found');

  /** A field's shown value, by its wire name (`email`, `camera_package`…). */
  readonly fieldValue = (field: string) => this.page.getByTestId(`value-${field}`);
  /** A field's lock badge(s); `reason` picks one: 'hand' (edited by hand) or 'product' (product matched). */
  readonly fieldLock = (field: string, reason?: 'hand' | 'product') =>
    reason
      ? this.page.locator(`[data-testid="lock-${field}"][data-reason="${reason}"]`)
      : this.page.getByTestId(`lock-${field}`);
  readonly unlock = (field: string) => this.page.getByTestId(`unlock-${field}`);

  readonly productName = () => this.page.getByTestId('product-name');
  readonly productPrice = () => this.page.getByTestId('product-price');
  readonly productEntitlements = () => this.page.getByTestId('product-entitlements');
  readonly noProduct = () => this.page.getByTestId('product-none');

  readonly checkInCard = () => this.page.getByTestId('booking-check-in');
  readonly checkInState = () => this.page.getByTestId('check-in-state');
  readonly checkInBy = () => this.page.getByTestId('check-in-by');
  readonly checkInDay = () => this.page.getByTestId('check-in-day');
  readonly checkInButton = (mark: 'Arrived' | 'No-show' | 'Jumped' | 'Unmark') =>
    this.checkInCard().getByRole('button', { name: mark, exact: true });
  readonly operatorPrompt = () => this.page.getByRole('dialog', { name: 'Who is at the desk?' });

  readonly jumpCamera = () => this.page.getByTestId('jump-camera');
  readonly jumpFilmer = () => this.page.getByTestId('jump-filmer');
  readonly noJump = () => this.page.getByTestId('jump-none');

  readonly financeTotal = () => this.page.getByTestId('finance-total');
  readonly financePaid = () => this.page.getByTestId('finance-paid');
  readonly financeEmpty = () => this.page.getByTestId('finance-empty');
  readonly chart = () => this.page.getByTestId('finance-chart');
  /** The drawing itself, and its dots: one per event (the closing "Now" has none). */
  readonly chartDrawing = () => this.chart().getByRole('img');
  readonly chartDots = () => this.chart().locator('[data-event-dot]');
  /** What the chart says of the step under the pointer (or picked with the arrow keys). */
  readonly chartTooltip = () => this.page.getByTestId('finance-chart-tooltip');
  readonly chartNote = () => this.page.getByTestId('finance-chart-note');
  readonly events = () => this.page.getByTestId('finance-event');
  readonly event = (index: number) => new FinanceEventEntry(this.events().nth(index));

  readonly deleteDialog = () => this.page.getByRole('dialog', { name: 'Delete this booking?' });
  readonly confirmDelete = () => this.page.getByTestId('delete-confirm');
}
