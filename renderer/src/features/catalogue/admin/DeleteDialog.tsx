import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queries';
import { DIALOG_STYLES } from '../../../components/dialog-styles';

export interface DeleteTarget {
  kind: 'product' | 'upgrade';
  id: number;
  name: string;
}

/** Deleting a record nothing refers to; the server refuses (409) one in use, and says to deactivate it. */
export function DeleteDialog({
  target,
  remove,
  onClose,
  onDeleted,
}: {
  target: DeleteTarget | null;
  remove: (id: number) => Promise<void>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const deletion = useMutation({
    mutationFn: remove,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalogue }),
  });
  const close = () => {
    deletion.reset();
    onClose();
  };
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={target ? `Delete ${target.name}?` : ''}
      styles={DIALOG_STYLES}
      data-testid="catalogue-delete-dialog"
    >
      {target && (
        <Stack gap="md">
          <Text size="sm">
            The {target.kind} goes for good. One that bookings, ledger events or payments refer to cannot be deleted:
            deactivate it instead.
          </Text>
          {deletion.isError && (
            <Alert color="red" title="Not deleted">
              {deletion.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" className="dialog-footer">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={deletion.isPending}
              onClick={() => deletion.mutate(target.id, { onSuccess: () => (deletion.reset(), onDeleted()) })}
            >
              Delete {target.kind}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
