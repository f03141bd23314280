import type { UpgradePaymentRecorded, UpgradePaymentRequest } from '../../shared/schemas/booking-actions';
import type { UpgradePaymentRecord } from '../store/records';
import { applyAction, type Outcome } from './booking-actions';
import { timestamp, type SyncContext } from '../sync/context';
import { deskLedgerEventView, upgradeFacts } from './service-facts';

/**
 * An online upgrade the payment processor confirmed (spec 6 `upgrade`, "the only type with an
 * actual payment"): the upgrade_payment row and its `upgrade` event, in one transaction. A relay
 * retries, so the processor's reference makes it idempotent: the same payment again answers what
 * was recorded then; the same reference with other details is refused.
 */
export function recordUpgradePayment(ctx: SyncContext, input: UpgradePaymentRequest): Outcome<UpgradePaymentRecorded> {
  const { store, dropzone } = ctx;
  return store.transaction((): Outcome<UpgradePaymentRecorded> => {
    const known = store.finance.paymentByProcessorId(dropzone.id, input.processor_id);
    if (known) return samePaymentAgain(ctx, known, input);

    // The booking first: a payment for a booking this dropzone does not have is 404, whatever else it says.
    if (!store.bookings.byExternalId(dropzone.id, input.external_id))
      return { ok: false, refused: 'not_found', error: 'booking not found' };
    const upgrade = store.catalogue.upgrade(dropzone.id, input.upgrade_id);
    if (!upgrade) {
      return {
        ok: false,
        refused: 'unprocessable_content',
        error: `upgrade_id ${input.upgrade_id} is no upgrade of this dropzone`,
        fields: { upgrade_id: `${input.upgrade_id} is no upgrade of this dropzone` },
      };
    }
    if (input.currency !== upgrade.payment_price_currency.toUpperCase()) {
      const problem = `must be ${upgrade.payment_price_currency}, the currency of upgrade "${upgrade.name}"'s price`;
      return {
        ok: false,
        refused: 'unprocessable_content',
        error: `currency ${problem}`,
        fields: { currency: problem },
      };
    }
    const at = timestamp(ctx);
    const applied = applyAction(ctx, input.external_id, input.recorded_by, (booking) => {
      // Inside the action's transaction (a savepoint here): a refused plan takes the row back with it.
      const upgradePaymentId = store.finance.insertPayment({
        dropzone_id: dropzone.id,
        booking_id: booking.id,
        upgrade_id: upgrade.id,
        ammount: input.ammount,
        currency: input.currency,
        processor_id: input.processor_id,
        created_at: at,
        updated_at: at,
      });
      return {
        ok: true,
        value: { action: { kind: 'online_upgrade', upgrade: upgradeFacts(upgrade) }, upgradePaymentId },
      };
    });
    return applied.ok ? { ok: true, value: { ...applied.value, status: 'created' } } : applied;
  });
}

/** The same processor reference again: the payment recorded then, or a conflict naming what differs. */
function samePaymentAgain(
  ctx: SyncContext,
  known: UpgradePaymentRecord,
  input: UpgradePaymentRequest,
): Outcome<UpgradePaymentRecorded> {
  const { store, dropzone } = ctx;
  const booking = known.booking_id === null ? undefined : store.bookings.byId(dropzone.id, known.booking_id);
  const differences = [
    booking?.external_id !== input.external_id &&
      `external_id (recorded: ${booking?.external_id ?? 'a deleted booking'})`,
    known.upgrade_id !== input.upgrade_id && `upgrade_id (recorded: ${known.upgrade_id})`,
    known.ammount !== input.ammount && `ammount (recorded: ${known.ammount})`,
    known.currency !== input.currency && `currency (recorded: ${known.currency})`,
  ].filter((d): d is string => typeof d === 'string');
  if (differences.length > 0 || !booking) {
    return {
      ok: false,
      refused: 'conflict',
      error: `processor_id ${input.processor_id} was recorded already with other details: ${differences.join(', ')}; a payment is recorded once`,
    };
  }
  const event = store.finance.eventOfPayment(known.id)!;
  const ledger = store.finance.ledger(booking.id);
  const correctedBy = ledger.find((e) => e.corrects_event_id === event.id)?.id ?? null;
  return {
    ok: true,
    value: {
      status: 'ok',
      event: deskLedgerEventView(store, event, correctedBy),
      booking: {
        external_id: booking.external_id ?? '',
        album_status_raw: booking.album_status_raw,
        product_id: booking.product_id,
        centi_total_credits: ledger.at(-1)?.centi_total_credits ?? 0,
      },
    },
  };
}
