import { Alert, Text } from '@mantine/core';

/**
 * Where the catalogue is set up. Local mode: here (the desk is the service, DESIGN.md 3b). Proxy
 * mode: in the remote service's admin interface, so the lists here are read-only.
 */
export function ReadOnlyNote({ local }: { local: boolean }) {
  if (local) {
    return (
      <Alert variant="light" color="blue" py="xs" data-testid="catalogue-admin-note">
        <Text size="sm">
          Products and upgrades are set up here; the Sync API shows them read-only. Bookings get their product by
          matching their camera package to a product’s booking system name: the Matching tab tests a name and lists the
          packages no product matches.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert variant="light" color="gray" py="xs" data-testid="catalogue-read-only-note">
      <Text size="sm">
        The desk is in proxy mode: products and upgrades are the remote service’s, configured in its admin interface,
        and read-only here. Bookings get their product by matching their camera package to a product’s booking system
        name.
      </Text>
    </Alert>
  );
}

export function ReadOnlyFootnote({ local }: { local: boolean }) {
  if (local) return null;
  return (
    <Text size="xs" c="dimmed">
      Read-only: the catalogue is configured in the remote service’s admin interface.
    </Text>
  );
}
