import { Alert, Text } from '@mantine/core';

/** Why there is nothing to edit here, and where to go instead. */
export function ReadOnlyNote() {
  return (
    <Alert variant="light" color="gray" py="xs" data-testid="catalogue-read-only-note">
      <Text size="sm">
        Products and upgrades are configured in the admin interface and are read-only here. Bookings get their product by matching
        their camera package to a product’s booking system name.
      </Text>
    </Alert>
  );
}

export function ReadOnlyFootnote() {
  return (
    <Text size="xs" c="dimmed">
      Read-only: the catalogue is configured in the admin interface.
    </Text>
  );
}
