import { daysBetween } from '../../shared/dates';
import { LIMITS } from '../../shared/limits';
import { albumReachedCustomer } from '../../shared/service/album';
import type { BookingWrite, BookingWritableField } from '../../shared/schemas/booking';
import type { BookingRecord } from '../store/records';

/**
 * A booking whose album reached the customer (a preview or paid content) for a jump more than 60
 * days ago keeps its external_id for good: an update is a conflict (spec 8, "reuse window").
 */
export function isClosedForReuse(booking: Pick<BookingRecord, 'album_status_raw' | 'jump_on'>, today: string): boolean {
  return (
    albumReachedCustomer(booking.album_status_raw) &&
    booking.jump_on !== null &&
    daysBetween(booking.jump_on, today) > LIMITS.externalIdReuseDays
  );
}

/**
 * Attributes a sync update may not change: hand edits, and camera_package once a product is
 * matched or the album reached the customer (a previewed prospect's product changes only through
 * the service's actions, which record the credit change; a sync must not match one behind them).
 */
export function lockedAttributes(
  booking: Pick<BookingRecord, 'product_id' | 'locked_attributes' | 'album_status_raw'>,
): Set<string> {
  const locked = new Set(booking.locked_attributes);
  if (booking.product_id !== null || albumReachedCustomer(booking.album_status_raw)) locked.add('camera_package');
  return locked;
}

export interface UpdatePlan {
  /** Fields that change, with their new values. */
  changes: Partial<BookingWrite>;
  /** Fields the caller tried to change but are locked; their stored value stays. */
  ignored: BookingWritableField[];
}

/**
 * Splits an update into what applies and what a lock holds back (a hand edit passes no locks:
 * reception may change anything; the locks guard its edits against the booking system). A field sent with its current
 * value is neither a change nor ignored, so re-sending a whole record does not warn.
 */
export function planUpdate(
  existing: BookingRecord,
  input: BookingWrite,
  locked: ReadonlySet<string> = lockedAttributes(existing),
): UpdatePlan {
  const changes: Partial<BookingWrite> = {};
  const ignored: BookingWritableField[] = [];
  for (const [field, value] of Object.entries(input) as [BookingWritableField, unknown][]) {
    if (field === 'external_id' || value === undefined) continue;
    const current = existing[field];
    if (value === current) continue;
    if (locked.has(field)) ignored.push(field);
    else (changes as Record<string, unknown>)[field] = value;
  }
  return { changes, ignored };
}

/** The locks after a hand edit: the ones already there plus every field the edit changed. */
export function locksAfterHandEdit(existing: readonly string[], changed: readonly string[]): string[] {
  return [...new Set([...existing, ...changed])].sort();
}
