import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '../../../components/icons';

/**
 * Proxy mode with the remote not answering, for a booking the desk's copy cannot show whole (it
 * holds the whole record of today's and tomorrow's bookings only, docs/offline.md): the desk's own
 * reason in words ("remote unreachable: …; the desk's copy holds …"), not a generic failure.
 */
export function BookingNotInCopy({
  reason,
  onBack,
  onRetry,
}: {
  reason: string;
  onBack: () => void;
  onRetry: () => void;
}) {
  return (
    <Stack gap="xs" maw={720}>
      <Alert color="yellow" title="Not available while the remote does not answer" data-testid="booking-not-in-copy">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{reason.charAt(0).toUpperCase() + reason.slice(1)}.</Text>
          <Text size="sm">
            Reception’s list, check-in and the day sheet still work from the desk’s copy. Retry once the remote answers
            again.
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={<IconArrowLeft size={14} />} onClick={onBack} data-autofocus>
              Back to bookings
            </Button>
            <Button size="xs" variant="subtle" onClick={onRetry}>
              Retry
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Stack>
  );
}
