import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RematchPreview } from '../../../../../shared/schemas/catalogue-admin';
import { catalogueAdminApi } from '../../../api/catalogue-admin-api';
import { queryKeys } from '../../../api/queries';
import { RecordedByField } from '../../../components/RecordedByField';
import { DIALOG_STYLES } from '../../../components/dialog-styles';
import { formatDate } from '../../../lib/format';
import { useOperatorName } from '../../../lib/operator';

export interface RematchTarget {
  product: { id: number; name: string };
  preview: RematchPreview;
}

/**
 * After a product is added, renamed or reactivated: the bookings it would now match, matched only
 * when the person at the desk says so (each gets its ledger event, recorded under their name).
 */
export function RematchDialog({ target, onClose }: { target: RematchTarget | null; onClose: () => void }) {
  const count = target?.preview.count ?? 0;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={`${count} booking${count === 1 ? '' : 's'} would now match`}
      size="xl"
      styles={DIALOG_STYLES}
      data-testid="rematch-dialog"
    >
      {target && <RematchBody key={target.product.id} target={target} onClose={onClose} />}
    </Modal>
  );
}

function RematchBody({ target, onClose }: { target: RematchTarget; onClose: () => void }) {
  const [operator, setOperator] = useOperatorName();
  const [name, setName] = useState(operator);
  const [nameError, setNameError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const match = useMutation({
    mutationFn: (recordedBy: string) => catalogueAdminApi.rematch(target.product.id, recordedBy),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.catalogue }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bookings }),
      ]),
  });
  const { preview } = target;
  const rest = preview.count - preview.sample.length;

  const confirm = () => {
    const recordedBy = name.trim();
    if (recordedBy === '') return setNameError('Your name goes with each ledger event');
    setOperator(recordedBy);
    match.mutate(recordedBy, {
      onSuccess: (result) => {
        notifications.show({
          color: 'teal',
          title: `${result.matched} booking${result.matched === 1 ? '' : 's'} matched`,
          message: `They now have ${target.product.name}.`,
        });
        onClose();
      },
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Their camera package now matches <strong>{target.product.name}</strong>. Matching gives each the product and
        writes its ledger event. Bookings whose album already reached the customer are left out (a previewed prospect is
        converted at reception).
      </Text>
      <Table.ScrollContainer minWidth={520} maxHeight={280}>
        <Table striped highlightOnHover aria-label="Bookings that would match" data-testid="rematch-sample">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>External id</Table.Th>
              <Table.Th>Jump</Table.Th>
              <Table.Th>Camera package</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.sample.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.name ?? '—'}</Table.Td>
                <Table.Td>{b.external_id ?? '—'}</Table.Td>
                <Table.Td>{formatDate(b.jump_on)}</Table.Td>
                <Table.Td>{b.camera_package}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rest > 0 && (
        <Text size="xs" c="dimmed">
          …and {rest} more.
        </Text>
      )}
      <RecordedByField
        description="Recorded with each ledger event"
        value={name}
        onChange={(typed) => {
          setName(typed);
          setNameError(undefined);
        }}
        error={nameError}
        maw={320}
      />
      {match.isError && (
        <Alert color="red" title="Not matched">
          {match.error.message}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm" className="dialog-footer">
        <Button variant="default" onClick={onClose}>
          Not now
        </Button>
        <Button onClick={confirm} loading={match.isPending} data-autofocus>
          Match them
        </Button>
      </Group>
    </Stack>
  );
}
