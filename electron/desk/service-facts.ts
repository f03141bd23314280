import {
  currentEntitlements,
  type ActionPlan,
  type BookingFacts,
  type ProductFacts,
  type UpgradeFacts,
} from '../../shared/service/actions';
import { entitlementsOf, type Entitlements } from '../../shared/service/entitlements';
import type { ActionPlanView, DeskLedgerEvent } from '../../shared/schemas/booking-actions';
import type { BookingRecord, FinanceEventRecord, ProductRecord, UpgradeRecord } from '../store/records';
import type { Store } from '../store/store';
import { financeEventView } from '../sync/finance';

/**
 * What the service's rules (shared/service/actions.ts) need to know about a booking, read from
 * the store, and their plans turned into what the desk shows. No decisions here: planAction makes
 * them; this only feeds it and words its answer for the wire.
 */

export const productFacts = (p: ProductRecord): ProductFacts => ({
  id: p.id,
  name: p.name,
  active: p.active,
  price_cents: p.price_cents,
  centi_credits: p.centi_credits,
  entitlements: entitlementsOf(p),
});

export const upgradeFacts = (u: UpgradeRecord): UpgradeFacts => ({
  id: u.id,
  name: u.name,
  active: u.active,
  centi_credits: u.centi_credits,
  offered_to: u.offered_to,
  grants_video_entitlement: u.grants_video_entitlement,
  grants_photos: u.grants_photos,
  grants_4k: u.grants_4k,
  grants_raw_footage: u.grants_raw_footage,
});

const entitlementsOfEvent = (e: FinanceEventRecord): Entitlements => ({
  video_entitlement: e.video_entitlement as Entitlements['video_entitlement'],
  camera_requirement: e.camera_requirement as Entitlements['camera_requirement'],
  photos: e.photos,
  has_4k: e.has_4k,
  raw_footage: e.raw_footage,
});

export interface LoadedBooking {
  booking: BookingRecord;
  ledger: FinanceEventRecord[];
  facts: BookingFacts;
}

/**
 * A booking's facts as they are now. The jump's day is the day recorded with the jump, else the
 * booking's jump_on (jumps recorded before the desk kept their day).
 */
export function loadBookingFacts(store: Store, booking: BookingRecord, today: string): LoadedBooking {
  const product =
    booking.product_id === null ? undefined : store.catalogue.product(booking.dropzone_id, booking.product_id);
  const jump = store.jumps.byBooking(booking.id);
  const ledger = store.finance.ledger(booking.id);
  const productChanges = store.productChanges.ofBooking(booking.id);
  return {
    booking,
    ledger,
    facts: {
      album_status_raw: booking.album_status_raw,
      product: product ? productFacts(product) : null,
      jump_camera: jump?.camera ?? null,
      jump_on: jump ? (jump.jumped_on ?? booking.jump_on) : null,
      today,
      ledger: ledger.map((e) => ({
        id: e.id,
        event_type: e.event_type,
        entitlements: entitlementsOfEvent(e),
        centi_credit_change: e.centi_credit_change,
        corrects_event_id: e.corrects_event_id,
        ...(productChanges.has(e.id) ? { product_before: { id: productChanges.get(e.id) ?? null } } : {}),
      })),
    },
  };
}

/** A plan with every before and after spelled out (no "undefined: unchanged" on the wire). */
export function planView({ booking, facts }: LoadedBooking, plan: ActionPlan): ActionPlanView {
  return {
    event_type: plan.event_type,
    entitlements_before: currentEntitlements(facts.ledger),
    entitlements_after: plan.entitlements,
    centi_credit_change: plan.centi_credit_change,
    centi_total_before: plan.centi_total_after - plan.centi_credit_change,
    centi_total_after: plan.centi_total_after,
    album_before: booking.album_status_raw,
    album_after: plan.album_after === undefined ? booking.album_status_raw : plan.album_after,
    product_id_before: booking.product_id,
    product_id_after: plan.product_id_after === undefined ? booking.product_id : plan.product_id_after,
    corrects_event_id: plan.corrects_event_id,
    comment: plan.comment,
  };
}

/** A ledger row as the desk shows it: the spec's fields, who recorded it, what it corrects and what corrected it. */
export function deskLedgerEventView(store: Store, e: FinanceEventRecord, correctedBy: number | null): DeskLedgerEvent {
  return {
    ...financeEventView(store, e),
    recorded_by: e.recorded_by,
    corrects_event_id: e.corrects_event_id,
    corrected_by_event_id: correctedBy,
  };
}

/** The whole ledger for the desk, each event knowing its correction. */
export function deskLedgerView(store: Store, ledger: readonly FinanceEventRecord[]): DeskLedgerEvent[] {
  const correctedBy = new Map(
    ledger.filter((e) => e.corrects_event_id !== null).map((e) => [e.corrects_event_id!, e.id]),
  );
  return ledger.map((e) => deskLedgerEventView(store, e, correctedBy.get(e.id) ?? null));
}
