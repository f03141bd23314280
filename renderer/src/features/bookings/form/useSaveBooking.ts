import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isBlankExternalId } from '../../../../../shared/rules/external-id';
import type { BookingWrite } from '../../../../../shared/schemas/booking';
import { refreshOutbox } from '../../../api/outbox-api';
import { queryKeys, sessionQuery } from '../../../api/queries';
import { deskApi, syncApi } from '../../../api/sync-api';

const APPLIED = new Set(['created', 'ok', 'partial_update']);

/**
 * True when edits made at the desk are hand edits: the local store applies them past the sync's
 * locks and locks the changed fields. In proxy mode the remote owns the bookings, so the desk
 * saves through the Sync API like any caller (and its locks apply). Walk-ins (bookings without an
 * external id, made at the desk) exist in local mode only, for the same reason.
 */
export function useHandEdits(): boolean {
  const session = useQuery(sessionQuery()).data;
  // A paired desk apart from its main desk saves through the Sync API: its outbox keeps the edit for the main desk.
  const mainAnswers = !session?.main_desk || session.main_desk.state === 'answering';
  return session?.mode === 'local' && mainAnswers;
}

/** What the form saves: a new booking, or an existing one (by its desk id; a walk-in has no other). */
export type SaveTarget = { kind: 'create' } | { kind: 'edit'; id: number; externalId: string | null };

/**
 * Saves the form: a new booking through POST /bookings (create and update are one call), or,
 * without an external id in local mode, as a walk-in (POST /api/desk/bookings); a change to an
 * existing one as a hand edit where the desk keeps them (a walk-in's by its desk id). Every list
 * and detail refetches after a change.
 */
export function useSaveBooking() {
  const queryClient = useQueryClient();
  const handEdits = useHandEdits();
  return useMutation({
    mutationFn: ({ request, target }: { request: BookingWrite; target: SaveTarget }) => {
      const { external_id: externalId, ...fields } = request;
      if (target.kind === 'create')
        return handEdits && isBlankExternalId(externalId) ? deskApi.createWalkIn(fields) : syncApi.saveBooking(request);
      if (!handEdits) return syncApi.saveBooking(request);
      return target.externalId === null
        ? // A walk-in given the booking system's id: sent with the edit, saved with it or not at all.
          deskApi.editBookingById(
            target.id,
            typeof externalId === 'string' && !isBlankExternalId(externalId)
              ? { ...fields, external_id: externalId }
              : fields,
          )
        : deskApi.editBooking(target.externalId, fields);
    },
    onSuccess: async (outcome, { request }) => {
      if (!APPLIED.has(outcome.body.status)) return;
      // Proxy mode: reception's list reads the desk's copy of the remote, which learns a write from
      // its answer; a partial update's answer carries no record, so the booking's show (which the
      // desk takes into its copy as it passes) brings the booking as it became before the lists refetch.
      const externalId = request.external_id;
      if (!handEdits && outcome.body.status === 'partial_update' && externalId && !isBlankExternalId(externalId))
        await syncApi.getBooking(externalId).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
      // Queued for the remote: the status bar's count and the booking's own notice follow at once.
      if (outcome.queuedOp !== undefined) void refreshOutbox(queryClient);
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
