import type { EventType } from '../schemas/finance';
import { albumNow, refusal, unknownAlbum, type Refusal } from './action-refusals';
import { albumStage, type AlbumState } from './album';
import { NO_ENTITLEMENTS, sameEntitlements, withUpgrade, type Entitlements, type UpgradeGrant } from './entitlements';

/**
 * What reception and administrators do to a booking after its jump, as pure rules: which actions
 * a booking's state allows, and exactly what each one records (event type, entitlements, credit
 * change, new total, album state). The server applies a plan in one transaction; the desk shows
 * the same plan in its confirmation before anything is recorded. Meanings from spec 6.
 */

export interface ProductFacts {
  id: number;
  name: string;
  active: boolean;
  price_cents: number;
  centi_credits: number;
  entitlements: Entitlements;
}

export interface UpgradeFacts extends UpgradeGrant {
  id: number;
  name: string;
  active: boolean;
  centi_credits: number;
  /** The video entitlements this upgrade is offered to ("according to what their current product entitles them to", spec 2.4). */
  offered_to: readonly Entitlements['video_entitlement'][];
}

export interface LedgerEventFacts {
  id: number;
  event_type: string;
  entitlements: Entitlements;
  centi_credit_change: number;
  /** Set on a compensating event: the event it corrects. */
  corrects_event_id: number | null;
  /** Set on an event that changed the booking's product: the product before it (null: none). */
  product_before?: { id: number | null };
}

export interface BookingFacts {
  album_status_raw: string | null;
  product: ProductFacts | null;
  /** The recorded jump's camera; null when no jump is recorded. */
  jump_camera: string | null;
  jump_on: string | null;
  /** Today in the dropzone's time zone. */
  today: string;
  /** The ledger in order (spec 2.5); corrections included. */
  ledger: readonly LedgerEventFacts[];
}

export type ServiceAction =
  | { kind: 'send_preview' }
  | { kind: 'deliver' }
  | { kind: 'convert'; product: ProductFacts }
  | { kind: 'reception_upgrade'; upgrade: UpgradeFacts }
  | { kind: 'online_upgrade'; upgrade: UpgradeFacts }
  | { kind: 'change_product'; product: ProductFacts }
  | { kind: 'manual_credit'; centi_credit_change: number; comment: string }
  | { kind: 'correct'; event_id: number; comment: string };

export interface ActionPlan {
  event_type: EventType;
  entitlements: Entitlements;
  centi_credit_change: number;
  centi_total_after: number;
  /** The album state after, or undefined when the action leaves it as it is. */
  album_after: AlbumState | null | undefined;
  /** The booking's product after, or undefined when unchanged. */
  product_id_after: number | null | undefined;
  corrects_event_id: number | null;
  /** The ledger comment: what happened, in words. */
  comment: string;
}

export type PlanResult = { ok: true; plan: ActionPlan } | Refusal;

/** The booking's entitlements now: those of its newest ledger event (none before the first). */
export function currentEntitlements(ledger: readonly LedgerEventFacts[]): Entitlements {
  return ledger.at(-1)?.entitlements ?? NO_ENTITLEMENTS;
}

export function totalCredits(ledger: readonly LedgerEventFacts[]): number {
  return ledger.reduce((sum, e) => sum + e.centi_credit_change, 0);
}

/** The event a correction may compensate: the newest one, unless it is itself a correction or was corrected. */
function correctable(
  ledger: readonly LedgerEventFacts[],
  eventId: number,
): { event: LedgerEventFacts; before: Entitlements } | string {
  const index = ledger.findIndex((e) => e.id === eventId);
  if (index < 0) return `event ${eventId} is not in this booking's ledger`;
  const event = ledger[index]!;
  if (event.corrects_event_id !== null) return `event ${eventId} is itself a correction: record a new action instead`;
  if (ledger.some((e) => e.corrects_event_id === eventId)) return `event ${eventId} was corrected already`;
  if (index !== ledger.length - 1)
    return `only the newest event can be corrected (event ${ledger.at(-1)!.id} came after ${eventId}): correct the later ones first`;
  if (event.event_type === 'upgrade')
    return 'an online purchase is undone at the payment processor (a refund), then recorded as a manual credit';
  if (event.event_type === 'preview_converted')
    return 'a legacy event (preview_converted) is shown as it is, never changed';
  return { event, before: ledger[index - 1]?.entitlements ?? NO_ENTITLEMENTS };
}

/** What correcting an event does to the album: the step that event took is taken back. */
function albumAfterCorrecting(eventType: string): AlbumState | null | undefined {
  if (eventType === 'regular' || eventType === 'preview') return null;
  if (eventType === 'reception_conversion') return 'preview_sent';
  return undefined;
}

/**
 * What correcting an event does to the booking's product: an event that changed it (a conversion,
 * "Change product") puts the product before it back. A conversion recorded before the desk kept
 * the product before assigned the prospect's first product: taking it back leaves none.
 */
function productAfterCorrecting(event: LedgerEventFacts): number | null | undefined {
  if (event.product_before) return event.product_before.id;
  return event.event_type === 'reception_conversion' ? null : undefined;
}

/** A conversion in the ledger that no correction took back: the prospect was converted. */
const wasConverted = (ledger: readonly LedgerEventFacts[]) =>
  ledger.some((e) => e.event_type === 'reception_conversion' && !ledger.some((c) => c.corrects_event_id === e.id));

/**
 * Why the album's stage stops `kind`, or null when the action starts from this stage. Each reason
 * says the stage as it is and what reception does instead, and the reasons of one stage agree.
 */
function stageRefusal(kind: ServiceAction['kind'], booking: BookingFacts): Refusal | null {
  const stage = albumStage(booking.album_status_raw);
  if (kind === 'manual_credit' || kind === 'correct') return null;
  if (stage === 'other') return unknownAlbum(booking.album_status_raw);
  const now = albumNow(stage, booking.album_status_raw);
  const product = booking.product;
  const stopped = (reason: string) => refusal('album_stage', `${now}: ${reason}`);
  switch (kind) {
    case 'send_preview':
      if (stage === 'preview') return stopped('the preview went out already');
      if (stage === 'delivered') return stopped('a free preview comes before paid content, not after it');
      return null;
    case 'deliver':
      if (stage === 'preview') return stopped('paid content follows a conversion at reception (Convert to paid)');
      if (stage === 'delivered') return refusal('album_stage', 'paid content was delivered already');
      return null;
    case 'convert':
      if (stage === 'none')
        return stopped(
          product
            ? `a conversion follows a free preview; this booking has a paid product (${product.name}): deliver it`
            : 'a conversion follows a free preview: send the preview first',
        );
      if (stage === 'delivered')
        return stopped(
          wasConverted(booking.ledger)
            ? 'the prospect was converted already; Change product changes what they bought'
            : 'nothing is left to convert; Change product changes what was delivered',
        );
      return null;
    case 'reception_upgrade':
    case 'online_upgrade':
      if (stage === 'none')
        return stopped(
          `an upgrade follows delivered paid content, so ${product ? 'deliver it first' : 'there is nothing to upgrade yet'}`,
        );
      if (stage === 'preview') return stopped('an upgrade follows paid content, so convert the prospect first');
      return null;
    case 'change_product':
      if (stage === 'none')
        return stopped('until delivery the product follows the camera package, so change it with Edit booking');
      if (stage === 'preview') return stopped('a prospect is given a product with Convert to paid');
      return null;
  }
}

/** Exactly what `action` would record for this booking, or why it cannot be done. */
export function planAction(booking: BookingFacts, action: ServiceAction): PlanResult {
  const current = currentEntitlements(booking.ledger);
  const total = totalCredits(booking.ledger);
  const plan = (
    p: Omit<ActionPlan, 'centi_total_after' | 'corrects_event_id'> & { corrects_event_id?: number | null },
  ): PlanResult => ({
    ok: true,
    plan: { corrects_event_id: null, ...p, centi_total_after: total + p.centi_credit_change },
  });
  const needsFilmedJump = (): Refusal | null => {
    if (booking.jump_camera === null)
      return refusal('jump', 'no jump is recorded for this booking yet: record the jump (camera and filmer) first');
    if (booking.jump_on !== null && booking.jump_on > booking.today)
      return refusal(
        'jump',
        `the jump is on ${booking.jump_on}, after today: nothing can be delivered before the jump`,
      );
    return null;
  };
  const stopped = stageRefusal(action.kind, booking);
  if (stopped) return stopped;

  switch (action.kind) {
    case 'send_preview': {
      if (booking.product)
        return refusal(
          'product',
          `this booking has a paid product (${booking.product.name}): deliver it instead of a free preview`,
        );
      const jump = needsFilmedJump();
      if (jump) return jump;
      return plan({
        event_type: 'preview',
        entitlements: NO_ENTITLEMENTS,
        centi_credit_change: 0,
        album_after: 'preview_sent',
        product_id_after: undefined,
        comment: 'Free preview sent',
      });
    }
    case 'deliver': {
      if (!booking.product)
        return refusal(
          'product',
          'this booking has no paid product: send a free preview (a conversion follows it), or give the booking its camera package with Edit booking',
        );
      const jump = needsFilmedJump();
      if (jump) return jump;
      const product = booking.product;
      return plan({
        event_type: 'regular',
        entitlements: product.entitlements,
        centi_credit_change: product.centi_credits,
        album_after: 'delivered_paid',
        product_id_after: undefined,
        comment: `Paid content delivered (${product.name})`,
      });
    }
    case 'convert': {
      const { product } = action;
      if (!product.active) return refusal('choice', `product "${product.name}" is not active`);
      if (product.price_cents <= 0)
        return refusal('choice', `product "${product.name}" is free: a conversion assigns a paid product`);
      return plan({
        event_type: 'reception_conversion',
        entitlements: product.entitlements,
        centi_credit_change: product.centi_credits,
        album_after: 'delivered_paid',
        product_id_after: product.id,
        comment: `Converted at reception to ${product.name}`,
      });
    }
    case 'reception_upgrade':
    case 'online_upgrade': {
      const { upgrade } = action;
      const after = withUpgrade(current, upgrade);
      if (action.kind === 'reception_upgrade') {
        if (!upgrade.active) return refusal('choice', `upgrade "${upgrade.name}" is not active`);
        if (!upgrade.offered_to.includes(current.video_entitlement)) {
          return refusal(
            'choice',
            `upgrade "${upgrade.name}" is offered to video entitlements ${upgrade.offered_to.join(', ') || '(none)'}; this booking has ${current.video_entitlement}`,
          );
        }
        if (sameEntitlements(after, current) && upgrade.centi_credits === 0)
          return refusal('choice', `upgrade "${upgrade.name}" changes nothing for this booking`);
      }
      const online = action.kind === 'online_upgrade';
      return plan({
        event_type: online ? 'upgrade' : 'reception_upgrade',
        entitlements: after,
        centi_credit_change: upgrade.centi_credits,
        album_after: undefined,
        product_id_after: undefined,
        comment: online ? `${upgrade.name} bought online` : `${upgrade.name} added at reception`,
      });
    }
    case 'change_product': {
      const { product } = action;
      if (booking.product?.id === product.id)
        return refusal('choice', `the booking has product "${product.name}" already`);
      if (!product.active) return refusal('choice', `product "${product.name}" is not active`);
      const change = product.centi_credits - (booking.product?.centi_credits ?? 0);
      const unchanged = change === 0 && sameEntitlements(product.entitlements, current);
      return plan({
        event_type: unchanged ? 'unspecified' : 'reception_upgrade',
        entitlements: product.entitlements,
        centi_credit_change: change,
        album_after: undefined,
        product_id_after: product.id,
        comment: `Product changed${booking.product ? ` from ${booking.product.name}` : ''} to ${product.name}`,
      });
    }
    case 'manual_credit': {
      const comment = action.comment.trim();
      if (!Number.isInteger(action.centi_credit_change) || action.centi_credit_change === 0)
        return refusal('input', 'a manual credit changes the credits: a whole number of centi-credits, not 0');
      if (comment === '') return refusal('input', 'a manual credit needs a comment saying why');
      return plan({
        event_type: 'manual_credit',
        entitlements: current,
        centi_credit_change: action.centi_credit_change,
        album_after: undefined,
        product_id_after: undefined,
        comment,
      });
    }
    case 'correct': {
      const comment = action.comment.trim();
      if (comment === '') return refusal('input', 'a correction needs a comment saying what was wrong');
      const target = correctable(booking.ledger, action.event_id);
      if (typeof target === 'string') return refusal('ledger', target);
      const { event, before } = target;
      return plan({
        event_type: event.event_type as EventType,
        entitlements: before,
        centi_credit_change: -event.centi_credit_change,
        album_after: albumAfterCorrecting(event.event_type),
        product_id_after: productAfterCorrecting(event),
        corrects_event_id: event.id,
        comment: `Corrects event ${event.id}: ${comment}`,
      });
    }
  }
}
