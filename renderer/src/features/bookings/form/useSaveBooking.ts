import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingWrite } from '../../../../../shared/schemas/booking';
import { queryKeys, sessionQuery } from '../../../api/queries';
import { deskApi, syncApi } from '../../../api/sync-api';

const APPLIED = new Set(['created', 'ok', 'partial_update']);

/**
 * True when edits made at the desk are hand edits: the local store applies them past the sync's
 * locks and locks the changed fields. In proxy mode the remote owns the bookings, so the desk
 * saves through the Sync API like any caller (and its locks apply).
 */
export function useHandEdits(): boolean {
  return useQuery(sessionQuery()).data?.mode === 'local';
}

/**
 * Saves the form: a new booking through POST /bookings (create and update are one call); a
 * change to an existing one as a hand edit where the desk keeps them. Every list and detail
 * refetches after a change.
 */
export function useSaveBooking() {
  const queryClient = useQueryClient();
  const handEdits = useHandEdits();
  return useMutation({
    mutationFn: ({ request, editing }: { request: BookingWrite; editing: boolean }) => {
      if (editing && handEdits) {
        const { external_id: externalId, ...edit } = request;
        return deskApi.editBooking(externalId as string, edit);
      }
      return syncApi.saveBooking(request);
    },
    onSuccess: (outcome) => {
      if (APPLIED.has(outcome.body.status)) void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
    },
  });
}

/** Hands fields back to the booking system (local mode only). */
export function useUnlockFields(externalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: string[]) => deskApi.unlockBookingFields(externalId, fields),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });
}
