import { Anchor, Badge, Button, Card, DataList, Group, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BookingShowAnswer } from '../../../../../shared/api/sync-answers';
import { dateInZone } from '../../../../../shared/dates';
import { albumMadeReason, roleOnJump } from '../../../../../shared/service/jumps';
import { filmersQuery, sessionQuery } from '../../../api/queries';
import { ROUTES } from '../../../lib/routes';
import { JumpDialog } from './jump/JumpDialog';
import { RemoveJumpDialog } from './jump/RemoveJumpDialog';
import { jumpCameraLabel } from '../../../lib/booking-labels';

const ROLE_WORDS = { handcam: 'Handcam', videographer: 'Videographer', filmer: 'Filmer' } as const;

function FilmerName({ filmerId, testId }: { filmerId: number; testId: string }) {
  // include_all: the filmer of an old jump may be inactive by now.
  const filmers = useQuery(filmersQuery(true));
  if (filmers.isPending) return <Skeleton h={18} w={120} />;
  const filmer = filmers.data?.find((f) => f.id === filmerId);
  if (!filmer) {
    return (
      <Text span size="sm" c="dimmed" data-testid={testId}>
        Filmer #{filmerId}
        {filmers.isError ? ' (filmers could not be loaded)' : ' (not on the filmer list)'}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      <Anchor href={`#${ROUTES.filmer(filmerId)}`} size="sm" fw={500} data-testid={testId}>
        {filmer.name}
      </Anchor>
      {!filmer.active && (
        <Badge size="xs" variant="outline" color="gray">
          Inactive
        </Badge>
      )}
    </Group>
  );
}

/** Why the jump cannot be recorded or changed here, or null when it can. */
function closedReason(booking: BookingShowAnswer, mode: string | undefined): string | null {
  if (mode === 'proxy') return 'In proxy mode the remote service records jumps.';
  if (!booking.external_id) return 'Only a booking with an external id can have its jump recorded here.';
  const album = albumMadeReason(booking.album_status_raw);
  return album && `The ${album.replace(/^this booking's /, '')}`;
}

/** The jump recorded for the booking: camera, who filmed it and when; recorded, changed or removed from here. */
export function JumpCard({ booking }: { booking: BookingShowAnswer }) {
  const { jump } = booking;
  const session = useQuery(sessionQuery());
  const [dialog, setDialog] = useState<'record' | 'remove' | null>(null);
  const [opening, setOpening] = useState(0);
  const timeZone = session.data?.dropzone.timezone;
  const closed = session.isSuccess ? closedReason(booking, session.data.mode) : null;
  const open = (which: 'record' | 'remove') => {
    setOpening((n) => n + 1);
    setDialog(which);
  };

  return (
    <Card withBorder padding="lg" data-testid="booking-jump">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Jump</Title>
        {jump && (
          <Text size="xs" c="dimmed">
            Jump #{jump.id}
          </Text>
        )}
      </Group>
      {jump ? (
        <DataList labelWidth={96} gap={10}>
          <DataList.Item>
            <DataList.ItemLabel>Camera</DataList.ItemLabel>
            <DataList.ItemValue>
              <Text span size="sm" c={jump.camera ? undefined : 'dimmed'} data-testid="jump-camera">
                {jumpCameraLabel(jump.camera) ?? 'No camera'}
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>
              {jump.second_filmer_id != null ? ROLE_WORDS[roleOnJump(jump.camera, 'first')] : 'Filmer'}
            </DataList.ItemLabel>
            <DataList.ItemValue>
              {jump.filmer_id != null ? (
                <FilmerName filmerId={jump.filmer_id} testId="jump-filmer" />
              ) : (
                <Text span size="sm" c="dimmed" data-testid="jump-filmer">
                  No filmer assigned
                </Text>
              )}
            </DataList.ItemValue>
          </DataList.Item>
          {jump.second_filmer_id != null && (
            <DataList.Item>
              <DataList.ItemLabel>{ROLE_WORDS[roleOnJump(jump.camera, 'second')]}</DataList.ItemLabel>
              <DataList.ItemValue>
                <FilmerName filmerId={jump.second_filmer_id} testId="jump-second-filmer" />
              </DataList.ItemValue>
            </DataList.Item>
          )}
          {jump.jumped_on && (
            <DataList.Item>
              <DataList.ItemLabel>Jumped on</DataList.ItemLabel>
              <DataList.ItemValue>
                <Text span size="sm" data-testid="jump-date">
                  {jump.jumped_on}
                </Text>
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList>
      ) : (
        <Text size="sm" c="dimmed" data-testid="jump-none">
          No jump yet. Record it once the customer has jumped.
        </Text>
      )}
      {closed ? (
        <Text size="xs" c="dimmed" mt="sm" data-testid="jump-closed">
          {closed}
        </Text>
      ) : (
        session.isSuccess && (
          <Group gap="xs" mt="md">
            <Button size="xs" variant="light" onClick={() => open('record')} data-testid="jump-record">
              {jump ? 'Change jump' : 'Record jump'}
            </Button>
            {jump && (
              <Button size="xs" variant="subtle" color="red" onClick={() => open('remove')} data-testid="jump-remove">
                Remove jump
              </Button>
            )}
          </Group>
        )
      )}
      {timeZone && (
        <JumpDialog
          key={`record-${opening}`}
          opened={dialog === 'record'}
          booking={booking}
          today={dateInZone(new Date(), timeZone)}
          onClose={() => setDialog(null)}
        />
      )}
      <RemoveJumpDialog
        key={`remove-${opening}`}
        opened={dialog === 'remove'}
        booking={booking}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}
