import { Badge, Button, Code, Group, Kbd, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { BookingShowAnswer } from '../../../../../shared/api/sync-answers';
import { ROUTES } from '../../../lib/routes';
import { formatDate } from '../../../lib/format';
import { IconArrowLeft, IconPencil, IconTrash } from '../../../components/icons';
import { albumStatus } from '../../../lib/booking-labels';
import { relativeDay } from './time';

export function BackToBookings({ onBack }: { onBack: () => void }) {
  return (
    <Button
      component="a"
      href={`#${ROUTES.bookings}`}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} />}
      rightSection={<Kbd size="xs">Esc</Kbd>}
      onClick={(event) => {
        event.preventDefault();
        onBack();
      }}
      data-testid="back-to-bookings"
      style={{ alignSelf: 'flex-start' }}
      ml={-8}
    >
      Back to bookings
    </Button>
  );
}

function AlbumBadge({ raw }: { raw: string | null }) {
  const status = albumStatus(raw);
  return (
    <Tooltip label={raw === null ? 'No album status from the delivery workflow yet' : `Album status: ${raw}`} withArrow>
      <Badge
        size="lg"
        variant={raw === null ? 'outline' : 'light'}
        color={status.color}
        tt={status.known ? undefined : 'none'}
        ff={status.known ? undefined : 'monospace'}
        data-testid="album-status"
        data-raw={raw ?? ''}
      >
        {status.label}
      </Badge>
    </Tooltip>
  );
}

/** Who, which booking, when; and what can be done with it. */
export function BookingHeader({
  booking,
  timeZone,
  onBack,
  onEdit,
  onDelete,
}: {
  booking: BookingShowAnswer;
  timeZone: string | undefined;
  onBack: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const when = booking.jump_on ? relativeDay(booking.jump_on, timeZone) : '';
  return (
    <Stack gap={6}>
      <BackToBookings onBack={onBack} />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={2} c={booking.name ? undefined : 'dimmed'} data-testid="booking-title">
              {booking.name ?? 'No name'}
            </Title>
            <AlbumBadge raw={booking.album_status_raw} />
          </Group>
          <Group gap="xs" c="dimmed">
            {booking.external_id === null ? (
              <Badge variant="outline" color="gray" tt="none" data-testid="booking-walk-in">
                Walk-in (no booking-system id)
              </Badge>
            ) : (
              <Code fz="sm" data-testid="booking-external-id">
                {booking.external_id}
              </Code>
            )}
            <Text size="sm">·</Text>
            <Text size="sm" data-testid="booking-jump-date">
              {booking.jump_on ? (
                <>
                  Jump {formatDate(booking.jump_on)}
                  {when && ` (${when})`}
                </>
              ) : (
                'No jump date'
              )}
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} />}
            rightSection={<Kbd size="xs">E</Kbd>}
            onClick={onEdit}
            data-testid="booking-edit"
          >
            Edit
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            rightSection={<Kbd size="xs">Del</Kbd>}
            onClick={onDelete}
            data-testid="booking-delete"
          >
            Delete
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
