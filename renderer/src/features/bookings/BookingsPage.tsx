import { Title } from '@mantine/core';

export function BookingsPage() {
  return <Title order={2}>Bookings</Title>;
}
