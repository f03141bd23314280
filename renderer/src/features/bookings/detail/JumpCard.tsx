import { Badge, Card, DataList, Group, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { BookingShow } from '../../../../../shared/schemas/booking';
import { filmersQuery } from '../../../api/queries';
import { jumpCameraLabel } from './labels';

function FilmerName({ filmerId }: { filmerId: number }) {
  // include_all: the filmer of an old jump may be inactive by now.
  const filmers = useQuery(filmersQuery(true));
  if (filmers.isPending) return <Skeleton h={18} w={120} />;
  const filmer = filmers.data?.find((f) => f.id === filmerId);
  if (!filmer) {
    return (
      <Text span size="sm" c="dimmed" data-testid="jump-filmer">
        Filmer #{filmerId}
        {filmers.isError ? ' (filmers could not be loaded)' : ' (not on the filmer list)'}
      </Text>
    );
  }
  return (
    <Group gap={6}>
      <Text span size="sm" fw={500} data-testid="jump-filmer">
        {filmer.name}
      </Text>
      {!filmer.active && (
        <Badge size="xs" variant="outline" color="gray">
          Inactive
        </Badge>
      )}
    </Group>
  );
}

/** The jump recorded for the booking: camera and who filmed it. */
export function JumpCard({ jump }: { jump: BookingShow['jump'] }) {
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
            <DataList.ItemLabel>Filmer</DataList.ItemLabel>
            <DataList.ItemValue>
              {jump.filmer_id != null ? (
                <FilmerName filmerId={jump.filmer_id} />
              ) : (
                <Text span size="sm" c="dimmed" data-testid="jump-filmer">
                  No filmer assigned
                </Text>
              )}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      ) : (
        <Text size="sm" c="dimmed" data-testid="jump-none">
          No jump yet. It appears here once the jump is recorded.
        </Text>
      )}
    </Card>
  );
}
