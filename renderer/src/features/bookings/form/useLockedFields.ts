import { useQuery } from '@tanstack/react-query';
import { bookingQuery } from '../../../api/queries';

/**
 * Fields an update will leave alone, with the reason (docs/spec-decisions.md, "Which attributes
 * lock?"): camera_package once the booking has a product, and whatever was edited by hand. Read
 * from the show response; an unknown booking (or a new one) has none.
 */
export function useLockedFields(externalId: string | undefined): Map<string, string> {
  const booking = useQuery({ ...bookingQuery(externalId ?? ''), enabled: externalId !== undefined }).data;
  const locks = new Map<string, string>();
  if (!booking) return locks;
  for (const field of booking.locked_attributes ?? []) locks.set(field, 'edited by hand, a change is ignored');
  if (booking.product_id !== null && booking.product_id !== undefined) locks.set('camera_package', 'the booking has a product, a change is ignored');
  return locks;
}
