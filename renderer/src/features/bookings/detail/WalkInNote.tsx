import { Card, Text, Title } from '@mantine/core';

/**
 * In place of "Album and credits" on a walk-in's page: the service's album actions, the jump and
 * the ledger's routes are keyed by the external id (docs/desk-api.md), which a walk-in has not
 * until reception gives it the booking system's (the walk-in's edit form).
 */
export function WalkInNote() {
  return (
    <Card withBorder padding="lg" data-testid="walk-in-note">
      <Title order={3} size="h4" mb={6}>
        Album and credits
      </Title>
      <Text size="sm" c="dimmed">
        A walk-in has no booking-system id, and the album, the jump and manual credits are recorded against one. When
        the booking system knows this customer, give the walk-in its id with Edit (External ID): these open to it.
      </Text>
    </Card>
  );
}
