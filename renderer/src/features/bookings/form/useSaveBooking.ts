import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingWrite } from '../../../../../shared/schemas/booking';
import { queryKeys } from '../../../api/queries';
import { syncApi } from '../../../api/sync-api';

const APPLIED = new Set(['created', 'ok', 'partial_update']);

/** POST /bookings (create and update are one call); every list and detail refetches after a change. */
export function useSaveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BookingWrite) => syncApi.saveBooking(request),
    onSuccess: (outcome) => {
      if (APPLIED.has(outcome.body.status)) void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
    },
  });
}
