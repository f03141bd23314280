import { Card, CopyButton, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../../api/queries';
import { apiBase } from '../../api/session-token';
import { ErrorState, LoadingState } from '../../components/states';
import { ConnectionCard } from './ConnectionCard';

/** Where the desk's data comes from and how a booking system connects to it. */
export function SettingsPage() {
  const session = useQuery(sessionQuery());
  if (session.isPending) return <LoadingState label="Loading settings…" />;
  if (session.isError) return <ErrorState error={session.error} onRetry={() => session.refetch()} />;
  const { dropzone, version } = session.data;
  // In a browser the page's own address reaches the server (the one the user typed); the desktop
  // window's app://desk origin does not, so there the server says where it listens.
  const syncUrl = /^https?:$/.test(window.location.protocol) ? `${apiBase()}/api/f1/sync` : session.data.sync_api_url;
  return (
    <Stack maw={760} gap="lg">
      <Title order={2}>Settings</Title>
      <Card withBorder padding="lg">
        <Title order={4} mb="sm">
          Dropzone
        </Title>
        <Table variant="vertical" withTableBorder={false} data-testid="settings-dropzone">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Name</Table.Th>
              <Table.Td>{dropzone.name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Key</Table.Th>
              <Table.Td>{dropzone.key}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Time zone</Table.Th>
              <Table.Td>{dropzone.timezone} (“today” for the 14-day rule is counted here)</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Currency</Table.Th>
              <Table.Td>{dropzone.currency}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      <ConnectionCard />
      <Card withBorder padding="lg">
        <Title order={4} mb="sm">
          Booking systems
        </Title>
        <Stack gap="xs">
          <Text size="sm">Booking systems sync into this desk at:</Text>
          <Group gap="xs">
            <Text ff="monospace" size="sm" data-testid="settings-sync-url">
              {syncUrl}
            </Text>
            <CopyButton value={syncUrl}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            Each booking system needs a token of its own: run <code>npm run token -- create --label "booking system"</code> on this
            computer.
          </Text>
        </Stack>
      </Card>
      <Text size="xs" c="dimmed">
        Dropzone Desk v{version}
      </Text>
    </Stack>
  );
}
