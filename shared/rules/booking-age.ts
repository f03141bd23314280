import { daysBetween } from '../dates';
import { LIMITS } from '../limits';

/** The spec's message (section 7) for a jump date too far in the past. */
export const BOOKING_TOO_OLD = 'booking is too old';

/**
 * A jump date more than 14 days before `today` (YYYY-MM-DD in the dropzone's time zone: callers
 * get it from `dateInZone`) is too old; exactly 14 days is still allowed (spec 8).
 */
export function isTooOld(jumpOn: string, today: string): boolean {
  return daysBetween(jumpOn, today) > LIMITS.maxBookingAgeDays;
}

/** The refusal with its reason, for people: which date, the limit, and the today it counts from. */
export function tooOldReason(jumpOn: string, today: string): string {
  return `${BOOKING_TOO_OLD}: jump date ${jumpOn} is more than ${LIMITS.maxBookingAgeDays} days before today (${today})`;
}
