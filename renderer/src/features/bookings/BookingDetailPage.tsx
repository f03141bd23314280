import { Title } from '@mantine/core';

export function BookingDetailPage({ externalId }: { externalId: string }) {
  return <Title order={2}>Booking {externalId}</Title>;
}
