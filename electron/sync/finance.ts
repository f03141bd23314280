import type { FinanceEvent } from '../../shared/schemas/finance';
import type { BookingRecord, FinanceEventRecord, ProductRecord } from '../store/records';
import type { Store } from '../store/store';
import { deprecatedBooleans, entitlementsOf } from '../../shared/service/entitlements';

/**
 * Records in the ledger that a booking got (or changed) its product through matching: what the
 * booking is now entitled to, as `unspecified` with no credit change. Nothing reached the customer
 * and no credit moved (spec 6: `regular` is the first *delivery* of paid content); credits come
 * with delivery, conversion, upgrades and manual credits (shared/service/actions.ts). A product
 * changed by sync before delivery is likewise `unspecified`, 0 credits (docs/spec-decisions.md).
 * Returns the event's id.
 */
export function recordProductAssignment(
  store: Store,
  booking: Pick<BookingRecord, 'id' | 'dropzone_id' | 'camera_package'>,
  previous: ProductRecord | undefined,
  product: ProductRecord,
  at: string,
  /** 0 for a booking created in this same transaction: it has no ledger yet, no need to look. */
  totalBefore?: number,
  /** The person at the desk who had it matched (a rematch); none for a sync. */
  recordedBy?: string,
): number {
  return store.finance.append(
    {
      dropzone_id: booking.dropzone_id,
      booking_id: booking.id,
      event_type: 'unspecified',
      ...entitlementsOf(product),
      centi_credit_change: 0,
      comment: previous
        ? `Product changed from "${previous.name}" to "${product.name}"`
        : `Product "${product.name}" matched from camera package "${booking.camera_package ?? ''}"`,
      product_id: product.id,
      upgrade_payment_id: null,
      created_at: at,
      updated_at: at,
      recorded_by: recordedBy ?? null,
    },
    totalBefore,
  );
}

/** A ledger row as the wire shows it, with the deprecated booleans derived, never stored. */
export function financeEventView(store: Store, e: FinanceEventRecord): FinanceEvent {
  const view: FinanceEvent = {
    id: e.id,
    event_type: e.event_type,
    video_entitlement: e.video_entitlement as FinanceEvent['video_entitlement'],
    camera_requirement: e.camera_requirement as FinanceEvent['camera_requirement'],
    photos: e.photos,
    has_4k: e.has_4k,
    raw_footage: e.raw_footage,
    centi_credit_change: e.centi_credit_change,
    centi_total_credits: e.centi_total_credits,
    comment: e.comment,
    booking_id: e.booking_id,
    product_id: e.product_id,
    created_at: e.created_at,
    updated_at: e.updated_at,
    ...deprecatedBooleans(e),
  };
  if (e.upgrade_payment_id !== null) {
    const payment = store.finance.payment(e.upgrade_payment_id);
    if (payment) {
      const { dropzone_id: _dz, ...wire } = payment;
      view.upgrade_payment = wire;
    }
  }
  return view;
}
