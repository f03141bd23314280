import { Button, Center, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '../../../components/icons';

/** An external id (or a walk-in's desk id) the server does not know: a typo in the address, or a booking deleted since. */
export function BookingNotFound({
  externalId,
  bookingId,
  onBack,
}: {
  externalId?: string;
  bookingId?: number;
  onBack: () => void;
}) {
  return (
    <Center py={64} data-testid="booking-not-found">
      <Stack align="center" gap="xs" maw={480}>
        <Text fw={600} size="lg" ta="center">
          {bookingId !== undefined
            ? `No booking with desk id ${bookingId}`
            : `No booking with external id “${externalId}”`}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          It may have been deleted, or the id in the address is not quite right. Find the booking in the list by name or
          e-mail.
        </Text>
        <Button mt="sm" variant="light" leftSection={<IconArrowLeft size={16} />} onClick={onBack} data-autofocus>
          Back to bookings
        </Button>
      </Stack>
    </Center>
  );
}
