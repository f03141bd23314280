import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingListItem } from '../../../../shared/schemas/booking';
import { ApiError } from '../../api/client';
import { refreshOutbox } from '../../api/outbox-api';
import { queryKeys } from '../../api/queries';
import { deskApi, syncApi } from '../../api/sync-api';
import { formatDate } from '../../lib/format';
import { SAVED_AT_DESK } from '../../lib/queued-words';

export interface DeleteBookingDialogProps {
  opened: boolean;
  /** The booking to delete (a walk-in is deleted by its desk id); kept while the dialog fades out. */
  booking: BookingListItem | null;
  onClose: () => void;
  onDeleted: (booking: BookingListItem) => void;
}

/**
 * Asks before a permanent delete (spec 4.1), from the grid and from the detail page alike.
 * "Keep it" has the focus, so Enter on a reflex deletes nothing. A 404 means someone else
 * deleted it already: that counts as done.
 */
export function DeleteBookingDialog({ opened, booking, onClose, onDeleted }: DeleteBookingDialogProps) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: async (target: BookingListItem): Promise<{ queued: boolean }> => {
      try {
        // A walk-in has no external id: the desk deletes it by its own id.
        if (target.external_id === null) await deskApi.deleteWalkIn(target.id);
        else return { queued: (await syncApi.deleteBooking(target.external_id)).queuedOp !== undefined };
      } catch (error) {
        if (!(error instanceof ApiError && error.httpStatus === 404)) throw error;
      }
      return { queued: false };
    },
    onSuccess: async ({ queued }, target) => {
      if (queued) void refreshOutbox(queryClient);
      notifications.show({
        color: 'teal',
        title: queued ? SAVED_AT_DESK : 'Booking deleted',
        message: `${target.name ?? 'The booking'} (${target.external_id ?? 'walk-in'}) is gone.`,
      });
      onDeleted(target);
      await queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
    },
  });
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text component="span" fw={650} size="lg">
          Delete this booking?
        </Text>
      }
      size="md"
      data-testid="delete-booking-dialog"
    >
      {booking && (
        <Stack gap="md">
          <Text size="sm">
            <b>{booking.name ?? 'Unnamed booking'}</b> ({booking.external_id ?? 'walk-in'}), jump date{' '}
            {formatDate(booking.jump_on)}.
          </Text>
          <Text size="sm" c="dimmed">
            The booking is removed for good
            {booking.external_id === null ? '' : ' and its external id becomes free again'}. Its finance events and jump
            stay on record, without the booking.
          </Text>
          {remove.isError && (
            <Alert color="red" title="Not deleted" data-testid="delete-error">
              {remove.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" className="dialog-footer">
            <Button variant="default" onClick={close} data-autofocus disabled={remove.isPending}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(booking)}
              data-testid="delete-confirm"
            >
              Delete booking
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
