import { planAction, type ActionPlan, type ServiceAction } from '../../shared/service/actions';
import { albumStage } from '../../shared/service/album';
import { currentEntitlements, totalCredits } from '../../shared/service/actions';
import type {
  ActionApplied,
  AvailableAction,
  BookingActionsView,
  DeskAction,
  DeskLedger,
} from '../../shared/schemas/booking-actions';
import type { BookingRecord } from '../store/records';
import type { Store } from '../store/store';
import { timestamp, todayAt, type SyncContext } from '../sync/context';
import {
  deskLedgerEventView,
  deskLedgerView,
  loadBookingFacts,
  planView,
  productFacts,
  upgradeFacts,
  type LoadedBooking,
} from './service-facts';

/**
 * The service's actions on a booking, in the local store: what is possible now, a dry run, and
 * applying one. Every rule is planAction's (shared/service/actions.ts); this reads the facts,
 * writes the plan, and does both in one transaction, so two windows cannot both deliver.
 */

export type Refusal = {
  refused: 'not_found' | 'conflict' | 'unprocessable_content';
  error: string;
  fields?: Record<string, string>;
};
export type Outcome<T> = { ok: true; value: T } | ({ ok: false } & Refusal);

const refuse = (
  refused: Refusal['refused'],
  error: string,
  fields?: Record<string, string>,
): { ok: false } & Refusal => (fields ? { ok: false, refused, error, fields } : { ok: false, refused, error });

function findBooking(ctx: SyncContext, externalId: string): Outcome<BookingRecord> {
  const booking = ctx.store.bookings.byExternalId(ctx.dropzone.id, externalId);
  return booking ? { ok: true, value: booking } : refuse('not_found', 'booking not found');
}

/**
 * The desk's action as the rules take it: products and upgrades looked up in the dropzone's
 * catalogue. An id that is no product or upgrade of the dropzone is the body's mistake (422,
 * naming `field`'s path), not the booking's state.
 */
export function resolveAction(
  store: Store,
  dropzoneId: number,
  action: DeskAction,
  prefix = 'action.',
): Outcome<ServiceAction> {
  switch (action.kind) {
    case 'convert':
    case 'change_product': {
      const product = store.catalogue.product(dropzoneId, action.product_id);
      if (!product)
        return refuse(
          'unprocessable_content',
          `${prefix}product_id ${action.product_id} is no product of this dropzone`,
          { [`${prefix}product_id`]: `${action.product_id} is no product of this dropzone` },
        );
      return { ok: true, value: { kind: action.kind, product: productFacts(product) } };
    }
    case 'reception_upgrade': {
      const upgrade = store.catalogue.upgrade(dropzoneId, action.upgrade_id);
      if (!upgrade)
        return refuse(
          'unprocessable_content',
          `${prefix}upgrade_id ${action.upgrade_id} is no upgrade of this dropzone`,
          { [`${prefix}upgrade_id`]: `${action.upgrade_id} is no upgrade of this dropzone` },
        );
      return { ok: true, value: { kind: 'reception_upgrade', upgrade: upgradeFacts(upgrade) } };
    }
    default:
      return { ok: true, value: action };
  }
}

function planFor(loaded: LoadedBooking, action: ServiceAction): Outcome<ActionPlan> {
  const result = planAction(loaded.facts, action);
  return result.ok ? { ok: true, value: result.plan } : refuse('conflict', result.reason);
}

/** What `action` would record for the booking now; nothing is written. */
export function previewAction(ctx: SyncContext, externalId: string, action: DeskAction) {
  const booking = findBooking(ctx, externalId);
  if (!booking.ok) return booking;
  const resolved = resolveAction(ctx.store, ctx.dropzone.id, action);
  if (!resolved.ok) return resolved;
  const loaded = loadBookingFacts(ctx.store, booking.value, todayAt(ctx));
  const plan = planFor(loaded, resolved.value);
  return plan.ok
    ? { ok: true as const, value: { action: action as Record<string, unknown>, plan: planView(loaded, plan.value) } }
    : plan;
}

/**
 * Applies an action: in one transaction the booking is read again and the action planned again
 * on what is stored now (another window may have acted a moment ago), then the event is appended
 * and the booking's album and product moved as the plan says. `makeAction` resolves the action
 * inside the transaction too (a payment inserts its row there).
 */
export function applyAction(
  ctx: SyncContext,
  externalId: string,
  recordedBy: string,
  makeAction: (booking: BookingRecord) => Outcome<{ action: ServiceAction; upgradePaymentId?: number }>,
): Outcome<ActionApplied> {
  const at = timestamp(ctx);
  const { store } = ctx;
  const attempt = () =>
    store.transaction((): Outcome<ActionApplied> => {
      const booking = findBooking(ctx, externalId);
      if (!booking.ok) return booking;
      const made = makeAction(booking.value);
      if (!made.ok) return made;
      const loaded = loadBookingFacts(store, booking.value, todayAt(ctx));
      const plan = planFor(loaded, made.value.action);
      // A refusal after a payment row was inserted must leave nothing: throw to roll back.
      if (!plan.ok) throw new PlanRefused(plan);
      return { ok: true, value: write(store, loaded, plan.value, recordedBy, at, made.value.upgradePaymentId ?? null) };
    });
  try {
    return attempt();
  } catch (error) {
    if (error instanceof PlanRefused) return error.refusal;
    throw error;
  }
}

class PlanRefused extends Error {
  constructor(readonly refusal: { ok: false } & Refusal) {
    super(refusal.error);
  }
}

function write(
  store: Store,
  { booking, ledger }: LoadedBooking,
  plan: ActionPlan,
  recordedBy: string,
  at: string,
  upgradePaymentId: number | null,
): ActionApplied {
  const productAfter = plan.product_id_after === undefined ? booking.product_id : plan.product_id_after;
  const eventId = store.finance.append({
    dropzone_id: booking.dropzone_id,
    booking_id: booking.id,
    event_type: plan.event_type,
    ...plan.entitlements,
    centi_credit_change: plan.centi_credit_change,
    comment: plan.comment,
    product_id: productAfter,
    upgrade_payment_id: upgradePaymentId,
    created_at: at,
    updated_at: at,
    recorded_by: recordedBy,
    corrects_event_id: plan.corrects_event_id,
  });
  // What a correction of this event puts back (shared/service/actions.ts productAfterCorrecting).
  if (productAfter !== booking.product_id) store.productChanges.record(eventId, booking.product_id);
  const albumAfter = plan.album_after === undefined ? booking.album_status_raw : plan.album_after;
  if (albumAfter !== booking.album_status_raw || productAfter !== booking.product_id) {
    store.bookings.update(booking.id, { album_status_raw: albumAfter, product_id: productAfter, updated_at: at });
  }
  const event = store.finance.ledger(booking.id).find((e) => e.id === eventId)!;
  return {
    event: deskLedgerEventView(store, event, null),
    booking: {
      external_id: booking.external_id ?? '',
      album_status_raw: albumAfter,
      product_id: productAfter,
      centi_total_credits: totalCreditsOf(ledger) + plan.centi_credit_change,
    },
  };
}

const totalCreditsOf = (ledger: LoadedBooking['ledger']) => ledger.at(-1)?.centi_total_credits ?? 0;

/**
 * Why no choice is possible: the one reason they share (the booking's state stops them all), or
 * each choice's own; null when one is possible. Never the first choice's reason for all of them:
 * "has product X already" is no reason against product Y.
 */
function choicesReason(planned: { name: string; reason: string | null }[], none: string): string | null {
  if (planned.length === 0) return none;
  if (planned.some((c) => c.reason === null)) return null;
  const reasons = [...new Set(planned.map((c) => c.reason!))];
  return reasons.length === 1 ? reasons[0]! : planned.map((c) => `${c.name}: ${c.reason}`).join('; ');
}

/** Every action and whether it is possible now: the plan, the choices with theirs, or the reason. */
export function listActions(ctx: SyncContext, externalId: string): Outcome<BookingActionsView> {
  const booking = findBooking(ctx, externalId);
  if (!booking.ok) return booking;
  const { store, dropzone } = ctx;
  const loaded = loadBookingFacts(store, booking.value, todayAt(ctx));
  const { facts } = loaded;
  const one = (kind: AvailableAction['kind'], action: ServiceAction): AvailableAction => {
    const result = planAction(facts, action);
    return result.ok
      ? {
          kind,
          admin: false,
          available: true,
          reason: null,
          plan: planView(loaded, result.plan),
          choices: null,
          event_id: null,
        }
      : { kind, admin: false, available: false, reason: result.reason, plan: null, choices: null, event_id: null };
  };
  const withChoices = (
    kind: AvailableAction['kind'],
    choices: { id: number; name: string; action: ServiceAction }[],
    none: string,
  ): AvailableAction => {
    const planned = choices.map(({ id, name, action }) => {
      const result = planAction(facts, action);
      return result.ok
        ? { id, name, plan: planView(loaded, result.plan), reason: null }
        : { id, name, plan: null, reason: result.reason };
    });
    const possible = planned.filter((c) => c.plan !== null);
    return {
      kind,
      admin: false,
      available: possible.length > 0,
      reason: choicesReason(planned, none),
      plan: null,
      choices: planned,
      event_id: null,
    };
  };
  const products = store.catalogue.activeProducts(dropzone.id).map(productFacts);
  const upgrades = store.catalogue
    .upgrades(dropzone.id)
    .filter((u) => u.active)
    .map(upgradeFacts);
  const newest = facts.ledger.at(-1);
  // A placeholder comment: whether a correction is possible does not depend on its words.
  const correction = newest ? planAction(facts, { kind: 'correct', event_id: newest.id, comment: 'check' }) : null;
  const actions: AvailableAction[] = [
    one('send_preview', { kind: 'send_preview' }),
    one('deliver', { kind: 'deliver' }),
    withChoices(
      'convert',
      products.map((p) => ({ id: p.id, name: p.name, action: { kind: 'convert', product: p } })),
      'no active product to convert to',
    ),
    withChoices(
      'reception_upgrade',
      upgrades.map((u) => ({ id: u.id, name: u.name, action: { kind: 'reception_upgrade', upgrade: u } })),
      'no active upgrade',
    ),
    withChoices(
      'change_product',
      products.map((p) => ({ id: p.id, name: p.name, action: { kind: 'change_product', product: p } })),
      'no active product',
    ),
    { kind: 'manual_credit', admin: true, available: true, reason: null, plan: null, choices: null, event_id: null },
    correction === null
      ? {
          kind: 'correct',
          admin: true,
          available: false,
          reason: 'the ledger is empty: nothing to correct',
          plan: null,
          choices: null,
          event_id: null,
        }
      : correction.ok
        ? {
            kind: 'correct',
            admin: true,
            available: true,
            reason: null,
            plan: null,
            choices: null,
            event_id: newest!.id,
          }
        : {
            kind: 'correct',
            admin: true,
            available: false,
            reason: correction.reason,
            plan: null,
            choices: null,
            event_id: newest!.id,
          },
  ];
  return {
    ok: true,
    value: {
      external_id: externalId,
      album_status_raw: booking.value.album_status_raw,
      album_stage: albumStage(booking.value.album_status_raw),
      product_id: booking.value.product_id,
      centi_total_credits: totalCredits(facts.ledger),
      entitlements: currentEntitlements(facts.ledger),
      jump:
        facts.jump_camera === null && facts.jump_on === null
          ? null
          : { camera: facts.jump_camera, jumped_on: facts.jump_on },
      actions,
    },
  };
}

/** The booking's ledger with who recorded each event and what corrects what. */
export function bookingLedger(ctx: SyncContext, externalId: string): Outcome<DeskLedger> {
  const booking = findBooking(ctx, externalId);
  if (!booking.ok) return booking;
  return {
    ok: true,
    value: { external_id: externalId, events: deskLedgerView(ctx.store, ctx.store.finance.ledger(booking.value.id)) },
  };
}
