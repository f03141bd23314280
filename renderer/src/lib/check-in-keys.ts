import type { CheckInFilter, CheckInState } from '../../../shared/schemas/reception';

/**
 * Reception's marks, one key each on the selected row. Not N for no-show: N is New booking; X
 * crosses the booking off. U unmarks. None of these is taken on the Bookings screen.
 */
export const CHECK_IN_KEYS: Record<string, CheckInState | null> = { a: 'arrived', x: 'no_show', j: 'jumped', u: null };

/** The state a key stands for (either case), `undefined` when it is not a check-in key. */
export function checkInForKey(key: string): CheckInState | null | undefined {
  const lower = key.length === 1 ? key.toLowerCase() : key;
  return lower in CHECK_IN_KEYS ? CHECK_IN_KEYS[lower] : undefined;
}

export const CHECK_IN_LABELS: Record<CheckInState, string> = {
  arrived: 'Arrived',
  no_show: 'No-show',
  jumped: 'Jumped',
};
export const CHECK_IN_FILTER_LABELS: Record<CheckInFilter, string> = { ...CHECK_IN_LABELS, none: 'Not marked' };
/** The key of each mark, for the buttons' titles and the key hints. */
export const CHECK_IN_KEY_OF: Record<CheckInState, string> = { arrived: 'A', no_show: 'X', jumped: 'J' };

/** A click on the mark a booking already has takes it back; any other sets it. */
export function nextCheckIn(current: CheckInState | null, clicked: CheckInState): CheckInState | null {
  return current === clicked ? null : clicked;
}

/** Whether a booking marked `state` still belongs in a list filtered by `filter` (null: no filter). */
export function matchesCheckInFilter(state: CheckInState | null, filter: CheckInFilter | null): boolean {
  if (filter === null) return true;
  return filter === 'none' ? state === null : state === filter;
}
