import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title, type MantineColor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CHECK_IN_STATES, type CheckInState } from '../../../../../../shared/schemas/reception';
import { ApiError } from '../../../../api/client';
import { bookingCheckInQuery } from '../../../../api/check-in-api';
import { OperatorPrompt } from '../../../../components/OperatorPrompt';
import { CHECK_IN_LABELS, nextCheckIn } from '../../../../lib/check-in-keys';
import { formatInstant, relativeDay } from '../time';
import { CheckInHistory } from './CheckInHistory';
import { useBookingCheckIn } from './useBookingCheckIn';

// The list's shades (bookingCells.module.css): white on them reads in both schemes.
const STATE_COLOR: Record<CheckInState, MantineColor> = { arrived: 'teal.8', no_show: 'red.8', jumped: 'blue.8' };

/**
 * Whether the guest arrived: the booking's check-in for its jump day, who marked it and when,
 * and the same marks as the desk list's (arrived, no-show, jumped; the set one again unmarks).
 * The mark belongs to the jump day: a booking moved to another day shows unmarked there.
 */
export function CheckInCard({ bookingId, timeZone }: { bookingId: number; timeZone: string | undefined }) {
  const shown = useQuery(bookingCheckInQuery(bookingId));
  const checkIn = useBookingCheckIn(bookingId);

  if (shown.isPending) return <Skeleton h={150} />;
  if (shown.isError) {
    const proxied = shown.error instanceof ApiError && shown.error.httpStatus === 409;
    return (
      <Card withBorder padding="lg" data-testid="booking-check-in">
        <Title order={4} mb="sm">
          Check-in
        </Title>
        <Alert color={proxied ? 'gray' : 'red'} data-testid="check-in-unavailable">
          {shown.error.message}
        </Alert>
      </Card>
    );
  }

  const { jump_on: day, check_in: mark } = shown.data;
  const current = mark?.state ?? null;
  return (
    <Card withBorder padding="lg" data-testid="booking-check-in" data-state={current ?? 'none'}>
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={4}>Check-in</Title>
        {day && (
          <Text size="xs" c="dimmed" data-testid="check-in-day">
            for {day} ({relativeDay(day, timeZone)})
          </Text>
        )}
      </Group>
      {day === null ? (
        <Text size="sm" c="dimmed" data-testid="check-in-no-day">
          No jump date: nothing to check in for. Give the booking its jump date first.
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Badge
                size="lg"
                radius="sm"
                tt="none"
                variant={mark ? 'filled' : 'outline'}
                color={mark ? STATE_COLOR[mark.state] : 'gray'}
                data-testid="check-in-state"
              >
                {mark ? CHECK_IN_LABELS[mark.state] : 'Not marked'}
              </Badge>
              {mark && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  disabled={checkIn.saving}
                  onClick={() => checkIn.mark(null)}
                  data-testid="check-in-unmark"
                >
                  Unmark
                </Button>
              )}
            </Group>
            {mark && (
              <Text size="xs" c="dimmed" data-testid="check-in-by">
                by {mark.recorded_by ?? 'someone'}, {formatInstant(mark.recorded_at, timeZone)}
              </Text>
            )}
          </Stack>
          <Group gap="xs" role="group" aria-label="Mark the check-in">
            {CHECK_IN_STATES.map((state) => (
              <Button
                key={state}
                size="xs"
                variant={current === state ? 'filled' : 'default'}
                color={STATE_COLOR[state]}
                aria-pressed={current === state}
                disabled={checkIn.saving}
                onClick={() => checkIn.mark(nextCheckIn(current, state))}
                data-testid={`check-in-${state}`}
                title={current === state ? 'Click again to unmark' : undefined}
              >
                {CHECK_IN_LABELS[state]}
              </Button>
            ))}
          </Group>
          <CheckInHistory history={shown.data.history} timeZone={timeZone} />
        </Stack>
      )}
      <OperatorPrompt
        opened={checkIn.pending !== null}
        initial={checkIn.operator}
        onName={checkIn.giveName}
        onClose={checkIn.cancelPending}
      />
    </Card>
  );
}
