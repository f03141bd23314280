import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiTokenInfo } from '../../../../../shared/schemas/api-tokens';
import { ApiError } from '../../../api/client';
import { DIALOG_STYLES } from '../../../components/dialog-styles';
import { tokenName } from './token-name';
import { useRevokeApiToken } from './use-api-token-mutations';

export interface RevokeTokenDialogProps {
  /** The token to revoke; null when the dialog is closed. */
  token: ApiTokenInfo | null;
  onClose: () => void;
}

export function RevokeTokenDialog({ token, onClose }: RevokeTokenDialogProps) {
  // Keep showing the last token while the dialog animates closed.
  const [shown, setShown] = useState(token);
  if (token && token !== shown) setShown(token);
  return (
    <Modal
      opened={token !== null}
      onClose={onClose}
      title={shown ? `Revoke “${tokenName(shown)}”?` : 'Revoke token?'}
      data-testid="api-token-revoke-dialog"
      styles={DIALOG_STYLES}
    >
      {shown && <RevokeBody key={shown.id} token={shown} onClose={onClose} />}
    </Modal>
  );
}

function RevokeBody({ token, onClose }: { token: ApiTokenInfo; onClose: () => void }) {
  const revoke = useRevokeApiToken();
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = () =>
    revoke.mutate(token.id, {
      onSuccess: onClose,
      // Someone revoked it already (another window, the CLI): what was asked for is done.
      onError: (error) =>
        error instanceof ApiError && error.httpStatus === 404 ? onClose() : setFailure(error.message),
    });

  return (
    <Stack gap="md">
      <Text size="sm">
        The booking system using <b>{tokenName(token)}</b> will stop syncing: its next call to the desk is refused. This
        cannot be undone; to connect it again, make a new token and enter that in the booking system.
      </Text>
      {failure && (
        <Alert color="red" title="Not revoked" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm" className="dialog-footer">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={revoke.isPending}>
          Revoke token
        </Button>
      </Group>
    </Stack>
  );
}
