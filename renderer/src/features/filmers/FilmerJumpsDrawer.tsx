import { Anchor, Badge, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Filmer } from '../../../../shared/schemas/filmer';
import type { FilmerJump } from '../../../../shared/schemas/jumps';
import { filmerJumpsQuery } from '../../api/jumps-api';
import { filmersQuery } from '../../api/queries';
import { ROUTES } from '../../lib/routes';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { jumpCameraLabel } from '../../lib/booking-labels';

const ROLE_LABELS: Record<FilmerJump['role'], string> = {
  handcam: 'Handcam',
  videographer: 'Videographer',
  filmer: 'Filmer',
};

export interface FilmerJumpsDrawerProps {
  /** The filmer shown; null when the drawer is closed. */
  filmerId: number | null;
  onClose: () => void;
}

/** A filmer's jumps beside the Filmers list (#/filmers/:id): how many, and each with its booking. */
export function FilmerJumpsDrawer({ filmerId, onClose }: FilmerJumpsDrawerProps) {
  // Every filmer, whatever the page's list shows: a link from a booking may open one without an external id.
  const filmers = useQuery(filmersQuery(true));
  // Keep the last filmer on screen while the drawer slides away.
  const [shownId, setShownId] = useState(filmerId);
  if (filmerId !== null && filmerId !== shownId) setShownId(filmerId);
  const filmer = filmers.data?.find((f) => f.id === shownId);
  return (
    <Drawer
      opened={filmerId !== null}
      onClose={onClose}
      position="right"
      size={520}
      title={filmer ? `Jumps of ${filmer.name}` : 'Jumps of the filmer'}
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
      closeButtonProps={{ 'aria-label': 'Close the filmer’s jumps' }}
      data-testid="filmer-detail"
    >
      {shownId !== null && <FilmerJumpsBody filmerId={shownId} filmer={filmer} />}
    </Drawer>
  );
}

function FilmerJumpsBody({ filmerId, filmer }: { filmerId: number; filmer: Filmer | undefined }) {
  const jumps = useQuery(filmerJumpsQuery(filmerId));
  return (
    <Stack gap="md">
      {filmer && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {filmer.email}
          </Text>
          {filmer.tandem_instructor && <Badge variant="light">Tandem instructor</Badge>}
          {filmer.videographer && (
            <Badge variant="light" color="grape">
              Videographer
            </Badge>
          )}
          {!filmer.active && (
            <Badge variant="outline" color="gray">
              Inactive
            </Badge>
          )}
        </Group>
      )}
      {jumps.isPending ? (
        <LoadingState label="Loading jumps…" />
      ) : jumps.isError ? (
        <ErrorState error={jumps.error} onRetry={() => void jumps.refetch()} />
      ) : (
        <>
          <Title order={4} data-testid="filmer-jumps-count">
            {jumps.data.count} {jumps.data.count === 1 ? 'jump' : 'jumps'}
          </Title>
          {jumps.data.count === 0 ? (
            <EmptyState title="No jumps recorded">
              Jumps are recorded on a booking’s page; this filmer can still be deleted.
            </EmptyState>
          ) : (
            <Table
              striped
              highlightOnHover
              data-testid="filmer-jumps"
              aria-label={`Jumps of ${filmer?.name ?? `filmer ${filmerId}`}`}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Booking</Table.Th>
                  <Table.Th>Camera</Table.Th>
                  <Table.Th>Role</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {jumps.data.jumps.map((jump) => (
                  <Table.Tr key={jump.jump_id} data-testid="filmer-jump">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{jump.jumped_on ?? '–'}</Table.Td>
                    <Table.Td>
                      {jump.booking_external_id ? (
                        <Anchor href={`#${ROUTES.booking(jump.booking_external_id)}`} size="sm">
                          {jump.booking_name ?? jump.booking_external_id}
                        </Anchor>
                      ) : (
                        <Text size="sm" c="dimmed" fs="italic">
                          {jump.booking_name ?? 'booking deleted'}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{jumpCameraLabel(jump.camera) ?? '–'}</Table.Td>
                    <Table.Td>{ROLE_LABELS[jump.role]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
