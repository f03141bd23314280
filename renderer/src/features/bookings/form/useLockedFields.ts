import { useQuery } from '@tanstack/react-query';
import { bookingQuery } from '../../../api/queries';

/**
 * What each locked field's note says (docs/spec-decisions.md, "Which attributes lock?"): locks
 * hold back the booking system; camera_package once the booking has a product, and whatever was
 * edited by hand. With hand edits (local mode) a person's change still applies and the note says
 * the sync leaves the field alone; through the Sync API (proxy mode) the lock holds the person
 * back too. Read from the show response; an unknown booking (or a new one) has none.
 */
export function useLockedFields(externalId: string | undefined, handEdits: boolean): Map<string, string> {
  const booking = useQuery({ ...bookingQuery(externalId ?? ''), enabled: externalId !== undefined }).data;
  const locks = new Map<string, string>();
  if (!booking) return locks;
  const hand = handEdits
    ? 'edited by hand: the booking system cannot change it'
    : 'edited by hand, a change is ignored';
  for (const field of booking.locked_attributes ?? []) locks.set(field, hand);
  if (booking.product_id !== null && booking.product_id !== undefined && !locks.has('camera_package')) {
    locks.set(
      'camera_package',
      handEdits
        ? 'has a product: the booking system cannot change it; a change here matches again'
        : 'the booking has a product, a change is ignored',
    );
  }
  return locks;
}
