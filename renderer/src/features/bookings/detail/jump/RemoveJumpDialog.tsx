import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BookingShowAnswer } from '../../../../../../shared/api/sync-answers';
import { jumpsApi } from '../../../../api/jumps-api';
import { queryKeys } from '../../../../api/queries';
import { RecordedByField } from '../../../../components/RecordedByField';
import { DIALOG_STYLES } from '../../../../components/dialog-styles';
import { useOperatorName } from '../../../../lib/operator';

/** Removes a wrongly recorded jump (the desk refuses once an album was made from it). */
export function RemoveJumpDialog({
  opened,
  booking,
  onClose,
}: {
  opened: boolean;
  booking: BookingShowAnswer;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Remove this jump?"
      styles={DIALOG_STYLES}
      data-testid="jump-remove-dialog"
    >
      <RemoveJumpForm booking={booking} onClose={onClose} />
    </Modal>
  );
}

function RemoveJumpForm({ booking, onClose }: { booking: BookingShowAnswer; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [operator, rememberOperator] = useOperatorName();
  const [name, setName] = useState(operator);
  const remove = useMutation({
    mutationFn: () => jumpsApi.remove(booking.external_id!, name),
    onSuccess: () => {
      rememberOperator(name.trim());
      notifications.show({ color: 'teal', title: 'Jump removed', message: booking.name ?? booking.external_id });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
      void queryClient.invalidateQueries({ queryKey: queryKeys.filmers });
      onClose();
    },
  });
  const blank = name.trim() === '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) remove.mutate();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          The jump recorded for <b>{booking.name ?? booking.external_id}</b> goes, and its filmers no longer count it.
          Record it again if it was only wrong in part: <i>Change jump</i> keeps it.
        </Text>
        {remove.isError && (
          <Alert color="red" title="The jump was not removed" role="alert" data-testid="jump-remove-refusal">
            {remove.error.message}
          </Alert>
        )}
        <RecordedByField value={name} onChange={setName} required data-autofocus />
        <Group justify="flex-end" gap="sm" className="dialog-footer">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            color="red"
            disabled={blank}
            loading={remove.isPending}
            data-testid="jump-remove-confirm"
          >
            Remove jump
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
