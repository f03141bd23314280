import { queryOptions } from '@tanstack/react-query';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { CheckInWrite } from '../../../shared/schemas/reception';
import { call } from './call';
import { queryKeys } from './queries';

/**
 * One booking's check-in, as its page shows and changes it (the desk list marks through the
 * same route). Under ['bookings']: a mark made anywhere refreshes the page, and one made here the lists.
 */
export const checkInApi = {
  read: (bookingId: number) => call(deskRoutes.getCheckIn, { params: { id: bookingId } }),
  mark: (bookingId: number, write: CheckInWrite) =>
    call(deskRoutes.recordCheckIn, { params: { id: bookingId }, body: write }),
};

export const bookingCheckInQuery = (bookingId: number) =>
  queryOptions({
    queryKey: [...queryKeys.bookings, 'check-in', bookingId],
    queryFn: () => checkInApi.read(bookingId),
    // A 409 (proxy mode) or 404 will not change by asking again.
    retry: false,
  });
