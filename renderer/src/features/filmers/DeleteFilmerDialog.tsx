import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Filmer } from '../../../../shared/schemas/filmer';
import { ROUTES } from '../../lib/routes';
import { DIALOG_STYLES } from '../../components/dialog-styles';
import { deleteRefusalText, useDeleteFilmer } from './use-filmer-mutations';

export interface DeleteFilmerDialogProps {
  /** The filmer to delete; null when the dialog is closed. */
  filmer: Filmer | null;
  onClose: () => void;
  /** Offered when the server refuses: take the filmer off the tablet list instead. */
  onDeactivate: (filmer: Filmer) => void;
}

export function DeleteFilmerDialog({ filmer, onClose, onDeactivate }: DeleteFilmerDialogProps) {
  // Keep showing the last filmer while the dialog animates closed.
  const [shown, setShown] = useState(filmer);
  if (filmer && filmer !== shown) setShown(filmer);
  return (
    <Modal
      opened={filmer !== null}
      onClose={onClose}
      title={shown ? `Delete ${shown.name}?` : 'Delete filmer?'}
      data-testid="filmer-delete-dialog"
      styles={DIALOG_STYLES}
    >
      {shown && <DeleteFilmerBody key={shown.id} filmer={shown} onClose={onClose} onDeactivate={onDeactivate} />}
    </Modal>
  );
}

function DeleteFilmerBody({
  filmer,
  onClose,
  onDeactivate,
}: {
  filmer: Filmer;
  onClose: () => void;
  onDeactivate: (filmer: Filmer) => void;
}) {
  const remove = useDeleteFilmer();
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    setRefusal(null);
    try {
      const outcome = await remove.mutateAsync(filmer);
      if (outcome === null || outcome.httpStatus === 404) {
        notifications.show({
          color: 'teal',
          title: 'Filmer deleted',
          message: outcome ? `${filmer.name} was already gone.` : filmer.name,
        });
        onClose();
      } else {
        setRefusal(await deleteRefusalText(filmer, outcome));
      }
    } catch (error) {
      setRefusal(`Could not reach the server: ${(error as Error).message}. Nothing was deleted.`);
    }
  };

  if (refusal) {
    return (
      <Stack gap="md">
        <Alert color="red" title={`${filmer.name} was not deleted`} data-testid="filmer-delete-refusal" role="alert">
          <Text size="sm" fw={600}>
            {refusal}
          </Text>
          <Text size="sm" mt={4}>
            A filmer who has filmed jumps stays on record.{' '}
            {filmer.active ? 'To take them off the tablet list, make them inactive.' : 'They are already inactive.'}
          </Text>
          <Anchor
            href={`#${ROUTES.filmer(filmer.id)}`}
            size="sm"
            onClick={onClose}
            data-testid="filmer-delete-see-jumps"
          >
            See their jumps
          </Anchor>
        </Alert>
        <Group justify="flex-end" gap="sm" className="dialog-footer">
          {filmer.active && (
            <Button
              variant="light"
              color="teal"
              onClick={() => {
                onDeactivate(filmer);
                onClose();
              }}
            >
              Make inactive instead
            </Button>
          )}
          {/* The confirm button just went away: put focus somewhere useful. */}
          <Button variant="default" onClick={onClose} autoFocus>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        <b>{filmer.name}</b> ({filmer.email}) will be removed for good. Filmers who have filmed jumps cannot be deleted;
        make them inactive instead.
      </Text>
      <Group justify="flex-end" gap="sm" className="dialog-footer">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={remove.isPending}>
          Delete filmer
        </Button>
      </Group>
    </Stack>
  );
}
