import { queryOptions } from '@tanstack/react-query';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { DeskAction, StaffAction } from '../../../shared/schemas/booking-actions';
import { call } from './call';
import { queryKeys } from './queries';

/**
 * Album and credits (/api/desk/bookings/:external_id/actions, …/ledger): what the booking page
 * offers and records. Keys sit under ['bookings'], so an action's invalidation of the bookings
 * refreshes the booking, its list row, its actions and its ledger together.
 */
export const bookingActionsApi = {
  list: (externalId: string) => call(deskRoutes.bookingActions, { params: { external_id: externalId } }),
  ledger: (externalId: string) => call(deskRoutes.bookingLedger, { params: { external_id: externalId } }),
  preview: (externalId: string, action: DeskAction) =>
    call(deskRoutes.previewBookingAction, { params: { external_id: externalId }, body: { action } }),
  apply: (externalId: string, action: StaffAction, recordedBy: string) =>
    call(deskRoutes.applyBookingAction, {
      params: { external_id: externalId },
      body: { action, recorded_by: recordedBy },
    }),
  manualCredit: (externalId: string, centiCreditChange: number, comment: string, recordedBy: string) =>
    call(deskRoutes.recordManualCredit, {
      params: { external_id: externalId },
      body: { centi_credit_change: centiCreditChange, comment, recorded_by: recordedBy },
    }),
  correct: (externalId: string, eventId: number, comment: string, recordedBy: string) =>
    call(deskRoutes.recordCorrection, {
      params: { external_id: externalId },
      body: { event_id: eventId, comment, recorded_by: recordedBy },
    }),
};

export const bookingActionsQuery = (externalId: string) =>
  queryOptions({
    queryKey: [...queryKeys.bookings, 'actions', externalId],
    queryFn: () => bookingActionsApi.list(externalId),
    retry: false,
  });

export const bookingLedgerQuery = (externalId: string) =>
  queryOptions({
    queryKey: [...queryKeys.bookings, 'ledger', externalId],
    queryFn: () => bookingActionsApi.ledger(externalId),
    retry: false,
  });

export const actionPreviewQuery = (externalId: string, action: DeskAction | null) =>
  queryOptions({
    queryKey: [...queryKeys.bookings, 'action-preview', externalId, action],
    queryFn: () => bookingActionsApi.preview(externalId, action!),
    enabled: action !== null,
    retry: false,
    // A plan is what would be recorded now: never show an old one.
    staleTime: 0,
    gcTime: 0,
  });
