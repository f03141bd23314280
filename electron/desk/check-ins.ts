import type { BookingCheckIn, CheckIn, CheckInWrite } from '../../shared/schemas/reception';
import { timestamp, type SyncContext } from '../sync/context';

export type CheckInOutcome =
  | { kind: 'booking_not_found' }
  | { kind: 'no_jump_day'; reason: string }
  | { kind: 'recorded'; booking_id: number; check_in: CheckIn | null };

/**
 * Reception marks a booking arrived, no-show or jumped for its jump day (the screen reception works from). The mark
 * belongs to the booking and that day: moved to another day, the booking shows unmarked there,
 * and the old day's mark stays with the old day. `state: null` clears the day's mark.
 */
export function recordCheckIn(ctx: SyncContext, bookingId: number, write: CheckInWrite): CheckInOutcome {
  return ctx.store.transaction(() => {
    const booking = ctx.store.bookings.byId(ctx.dropzone.id, bookingId);
    if (!booking) return { kind: 'booking_not_found' };
    const day = booking.jump_on;
    if (day === null) {
      return {
        kind: 'no_jump_day',
        reason: `booking ${bookingId} has no jump day: a check-in is for the day of the jump, so give the booking its jump_on first`,
      };
    }
    if (write.state === null) {
      ctx.store.checkIns.clear(booking.id, day);
      return { kind: 'recorded', booking_id: booking.id, check_in: null };
    }
    const record = {
      booking_id: booking.id,
      day,
      state: write.state,
      recorded_by: write.recorded_by,
      recorded_at: timestamp(ctx),
    };
    ctx.store.checkIns.put(record);
    const { booking_id: _, ...checkIn } = record;
    return { kind: 'recorded', booking_id: booking.id, check_in: checkIn };
  });
}

/** The booking's mark for its jump day (null: unmarked, or no jump day); undefined: no such booking. */
export function readCheckIn(ctx: SyncContext, bookingId: number): BookingCheckIn | undefined {
  const booking = ctx.store.bookings.byId(ctx.dropzone.id, bookingId);
  if (!booking) return undefined;
  const record = booking.jump_on === null ? undefined : ctx.store.checkIns.get(booking.id, booking.jump_on);
  const check_in: CheckIn | null = record
    ? { state: record.state, day: record.day, recorded_by: record.recorded_by, recorded_at: record.recorded_at }
    : null;
  return { booking_id: booking.id, jump_on: booking.jump_on, check_in };
}
