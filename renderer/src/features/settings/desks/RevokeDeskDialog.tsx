import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PairedDeskView } from '../../../../../shared/schemas/desks';
import { ApiError } from '../../../api/client';
import { DIALOG_STYLES } from '../../../components/dialog-styles';
import { useRevokeDesk } from './use-desks-mutations';

export function RevokeDeskDialog({ desk, onClose }: { desk: PairedDeskView | null; onClose: () => void }) {
  // Keep showing the last desk while the dialog animates closed.
  const [shown, setShown] = useState(desk);
  if (desk && desk !== shown) setShown(desk);
  return (
    <Modal
      opened={desk !== null}
      onClose={onClose}
      title={shown ? `Remove “${shown.name}”?` : 'Remove desk?'}
      data-testid="desks-revoke-dialog"
      styles={DIALOG_STYLES}
    >
      {shown && <RevokeBody key={shown.id} desk={shown} onClose={onClose} />}
    </Modal>
  );
}

function RevokeBody({ desk, onClose }: { desk: PairedDeskView; onClose: () => void }) {
  const revoke = useRevokeDesk();
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () =>
    revoke.mutate(desk.id, {
      onSuccess: onClose,
      onError: (error) =>
        error instanceof ApiError && error.httpStatus === 404 ? onClose() : setFailure(error.message),
    });
  return (
    <Stack gap="md">
      <Text size="sm">
        <b>{desk.name}</b> stops getting this desk&apos;s data at once: its open screens are cut off and its next call
        is refused. To use it again, pair it anew with a new code.
      </Text>
      {failure && (
        <Alert color="red" title="Not removed" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm" className="dialog-footer">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        {/* Shade 8: white on the default filled red (shade 7) is 3.8:1, below WCAG AA. */}
        <Button color="red.8" onClick={confirm} loading={revoke.isPending}>
          Remove desk
        </Button>
      </Group>
    </Stack>
  );
}
