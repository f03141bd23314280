import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { syncApi } from '../../../api/sync-api';

/**
 * Asks before deleting for good (spec 4.1: permanent). Cancel holds the focus, so Enter on a
 * reflex does not delete. A 404 means someone else deleted it already: that is done, too.
 */
export function DeleteBookingDialog({ opened, onClose, externalId, name, onDeleted }: {
  opened: boolean;
  onClose: () => void;
  externalId: string;
  name: string | null;
  onDeleted: () => void;
}) {
  const remove = useMutation({
    mutationFn: async () => {
      try {
        await syncApi.deleteBooking(externalId);
      } catch (error) {
        if (!(error instanceof ApiError && error.httpStatus === 404)) throw error;
      }
    },
    onSuccess: onDeleted,
  });
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={600}>Delete booking {externalId}?</Text>} centered data-testid="delete-dialog">
      <Stack gap="md">
        <Text size="sm">
          {name ? <b>{name}</b> : 'This booking'} is removed from the desk for good. Its finance events and jump stay in the ledger,
          unlinked; the external id can be used again.
        </Text>
        {remove.isError && (
          <Alert color="red" title="The booking was not deleted" data-testid="delete-error">
            {remove.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending} data-testid="delete-confirm">
            Delete booking
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
