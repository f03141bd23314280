import { randomUUID } from 'node:crypto';
import type { BookingCheckIn, CheckIn, CheckInWrite } from '../../shared/schemas/reception';
import type { CheckInRecord } from '../store/repos/check-ins';
import { timestamp, type SyncContext } from '../sync/context';

export type CheckInOutcome =
  | { kind: 'booking_not_found' }
  | { kind: 'no_jump_day'; reason: string }
  | { kind: 'recorded'; booking_id: number; check_in: CheckIn | null };

/** Where a mark comes from: the desk that made it (a paired desk's name; null: this desk). */
export interface MarkOrigin {
  desk: string | null;
}

function shown(record: CheckInRecord | undefined): CheckIn | null {
  return record
    ? { state: record.state, day: record.day, recorded_by: record.recorded_by, recorded_at: record.recorded_at }
    : null;
}

/**
 * Reception marks a booking arrived, no-show or jumped for its jump day (the screen reception works from). The mark
 * belongs to the booking and that day: moved to another day, the booking shows unmarked there,
 * and the old day's mark stays with the old day. `state: null` clears the day's mark.
 *
 * Several desks (docs/desks.md): every mark goes into the booking's history, once per `key`
 * (a mark sent again is the same mark). The mark in force is the one MADE last, by `made_at`,
 * whichever reached this desk first, a clear as much as a mark: two desks that marked the same
 * guest while apart end with the same mark, and the history keeps both. A `made_at` in the
 * future (a desk's clock ahead) counts as now.
 */
export function recordCheckIn(
  ctx: SyncContext,
  bookingId: number,
  write: CheckInWrite,
  origin: MarkOrigin = { desk: null },
): CheckInOutcome {
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
    const now = timestamp(ctx);
    const current = ctx.store.checkIns.get(booking.id, day);
    // The same mark again (a retried send): already done; what is in force is the answer.
    if (write.key !== undefined && ctx.store.checkInMarks.byKey(write.key))
      return { kind: 'recorded', booking_id: booking.id, check_in: shown(current) };
    const madeAt = write.made_at !== undefined && write.made_at < now ? new Date(write.made_at).toISOString() : now;
    // Asked before this mark joins the history: the last mark made, a clear as much as a mark.
    const lastMarkMadeAt = ctx.store.checkInMarks.lastMadeAt(booking.id, day);
    ctx.store.checkInMarks.add({
      key: write.key ?? randomUUID(),
      booking_id: booking.id,
      day,
      state: write.state,
      recorded_by: write.recorded_by,
      made_at: madeAt,
      desk: write.desk ?? origin.desk,
      received_at: now,
    });
    // A mark made before the one in force is history only. The one in force is the last made, a
    // clear as much as a mark: an earlier mark arriving after a later clear stays cleared. Made in
    // the same millisecond, the one that arrived last is in force (one desk's marks keep their
    // order; a paired desk shows what its main desk decided). A mark from before the history
    // existed has only its check_ins row.
    const madeBefore = (other: string | undefined) => other !== undefined && other > madeAt;
    if (madeBefore(lastMarkMadeAt) || madeBefore(current?.recorded_at))
      return { kind: 'recorded', booking_id: booking.id, check_in: shown(current) };
    if (write.state === null) {
      ctx.store.checkIns.clear(booking.id, day);
      return { kind: 'recorded', booking_id: booking.id, check_in: null };
    }
    const record = {
      booking_id: booking.id,
      day,
      state: write.state,
      recorded_by: write.recorded_by,
      recorded_at: madeAt,
    };
    ctx.store.checkIns.put(record);
    return { kind: 'recorded', booking_id: booking.id, check_in: shown(record) };
  });
}

/** The booking's mark for its jump day (null: unmarked, or no jump day) and its history; undefined: no such booking. */
export function readCheckIn(ctx: SyncContext, bookingId: number): BookingCheckIn | undefined {
  const booking = ctx.store.bookings.byId(ctx.dropzone.id, bookingId);
  if (!booking) return undefined;
  const record = booking.jump_on === null ? undefined : ctx.store.checkIns.get(booking.id, booking.jump_on);
  const history = ctx.store.checkInMarks
    .forBooking(booking.id)
    .map(({ day, state, recorded_by, made_at, desk }) => ({ day, state, recorded_by, made_at, desk }));
  return { booking_id: booking.id, jump_on: booking.jump_on, check_in: shown(record), history };
}
