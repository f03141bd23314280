import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CheckInState } from '../../../../../../shared/schemas/reception';
import { checkInApi } from '../../../../api/check-in-api';
import { queryKeys } from '../../../../api/queries';
import { useOperatorName } from '../../../../lib/operator';

/**
 * The booking page's check-in marks, as the desk list makes them: recorded under the desk's
 * operator name; without one, `pending` holds the mark until the name is given (OperatorPrompt).
 * After each mark every bookings query is asked again, so the lists and the day sheet show it too.
 */
export function useBookingCheckIn(bookingId: number) {
  const queryClient = useQueryClient();
  const [operator, rememberOperator] = useOperatorName();
  const [pending, setPending] = useState<{ state: CheckInState | null } | null>(null);

  const mutation = useMutation({
    mutationFn: ({ state, recordedBy }: { state: CheckInState | null; recordedBy: string }) =>
      checkInApi.mark(bookingId, { state, recorded_by: recordedBy }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Check-in not saved', message: (error as Error).message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
  });

  const mark = (state: CheckInState | null) => {
    const recordedBy = operator.trim();
    if (recordedBy === '') setPending({ state });
    else mutation.mutate({ state, recordedBy });
  };

  return {
    mark,
    saving: mutation.isPending,
    operator,
    pending,
    giveName: (name: string) => {
      rememberOperator(name.trim());
      if (pending) mutation.mutate({ state: pending.state, recordedBy: name.trim() });
      setPending(null);
    },
    cancelPending: () => setPending(null),
  };
}
