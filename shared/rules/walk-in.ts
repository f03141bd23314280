/**
 * A walk-in: a booking made at the desk for someone the booking system never booked.
 * It has no external id (spec 4.1: such bookings exist and are listed with `include_all` only), so
 * its name is what reception finds it by: a walk-in needs one. The desk's create route and the
 * booking form ask this one function.
 */
export const WALK_IN_NAME_REQUIRED = 'is required for a booking without an external id';

export function walkInNameProblem(name: string | null | undefined): string | null {
  return typeof name === 'string' && name.trim() !== '' ? null : WALK_IN_NAME_REQUIRED;
}
