import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { CheckIn, CheckInState } from '../../../../../shared/schemas/reception';
import { receptionApi, receptionKeys, type ListedBooking, type ListedPage } from '../../../api/reception-api';
import { useOperatorName } from '../../../lib/operator';

interface Mark {
  booking: ListedBooking;
  state: CheckInState | null;
  recordedBy: string;
}

/** A booking's check-in as the list shows it until the server's answer comes (the mark's day: its jump date). */
function optimisticCheckIn({ booking, state, recordedBy }: Mark): CheckIn | null {
  if (state === null || booking.jump_on === null) return null;
  return { state, day: booking.jump_on, recorded_by: recordedBy, recorded_at: new Date().toISOString() };
}

function withCheckIn(page: ListedPage | undefined, bookingId: number, checkIn: CheckIn | null): ListedPage | undefined {
  if (!page) return page;
  return {
    ...page,
    bookings: page.bookings.map((row) => (row.id === bookingId ? { ...row, check_in: checkIn } : row)),
  };
}

/**
 * Reception's marks: shown at once in every loaded desk list (optimistic), taken back with a
 * message when the desk refuses; then the lists are asked again (a filter may drop the row).
 * The mark is recorded under the desk's operator name; without one, `pending` holds the mark
 * until the name is given (OperatorPrompt).
 */
export function useCheckIn() {
  const queryClient = useQueryClient();
  const [operator, rememberOperator] = useOperatorName();
  const [pending, setPending] = useState<Omit<Mark, 'recordedBy'> | null>(null);

  const mutation = useMutation({
    mutationFn: ({ booking, state, recordedBy }: Mark) =>
      receptionApi.checkIn(booking.id, { state, recorded_by: recordedBy }),
    onMutate: async (mark) => {
      await queryClient.cancelQueries({ queryKey: receptionKeys.deskLists });
      const before = queryClient.getQueriesData<ListedPage>({ queryKey: receptionKeys.deskLists });
      const shown = optimisticCheckIn(mark);
      queryClient.setQueriesData<ListedPage>({ queryKey: receptionKeys.deskLists }, (page) =>
        withCheckIn(page, mark.booking.id, shown),
      );
      return { before };
    },
    onError: (error, { booking }, context) => {
      for (const [key, page] of context?.before ?? ([] as [QueryKey, ListedPage | undefined][]))
        queryClient.setQueryData(key, page);
      notifications.show({
        color: 'red',
        title: `Check-in not saved: ${booking.name ?? `booking ${booking.id}`}`,
        message: (error as Error).message,
      });
    },
    onSuccess: (answer) => {
      queryClient.setQueriesData<ListedPage>({ queryKey: receptionKeys.deskLists }, (page) =>
        withCheckIn(page, answer.booking_id, answer.check_in),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: receptionKeys.deskLists }),
  });

  const { mutate } = mutation;
  const mark = useCallback(
    (booking: ListedBooking, state: CheckInState | null, recordedBy = operator.trim()) => {
      if (booking.jump_on === null) {
        notifications.show({
          id: 'check-in-no-date',
          color: 'gray',
          title: 'Nothing to check in for',
          message: 'This booking has no jump date.',
        });
        return;
      }
      if (recordedBy === '') {
        setPending({ booking, state });
        return;
      }
      mutate({ booking, state, recordedBy });
    },
    [operator, mutate],
  );

  return {
    mark,
    operator,
    /** A mark waiting for the operator's name. */
    pending,
    /** The name given: remembered, and the waiting mark sent under it. */
    giveName: (name: string) => {
      rememberOperator(name.trim());
      if (pending) mutate({ ...pending, recordedBy: name.trim() });
      setPending(null);
    },
    cancelPending: () => setPending(null),
    rememberOperator,
  };
}
