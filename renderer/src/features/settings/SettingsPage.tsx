import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { sessionQuery } from '../../api/queries';
import { ColorSchemeControl } from '../../components/ColorSchemeSwitch';
import { ErrorState, LoadingState } from '../../components/states';
import { AdminCard } from './AdminCard';
import { ApiTokensCard } from './ApiTokensCard';
import { BookingSystemsCard } from './BookingSystemsCard';
import { ConnectionCard } from './connection/ConnectionCard';
import { DesksCard } from './DesksCard';

/** Where the desk's data comes from and how a booking system connects to it. */
export function SettingsPage() {
  const session = useQuery(sessionQuery());
  if (session.isPending) return <LoadingState label="Loading settings…" />;
  if (session.isError) return <ErrorState error={session.error} onRetry={() => session.refetch()} />;
  const { dropzone, version } = session.data;
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
      <Card withBorder padding="lg">
        <Title order={4} mb={4}>
          Appearance
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Light, dark, or as the computer is set (the default). Also in the header.
        </Text>
        <ColorSchemeControl />
      </Card>
      <ConnectionCard />
      <BookingSystemsCard />
      <DesksCard />
      <ApiTokensCard />
      <AdminCard />
      <Text size="xs" c="dimmed">
        Dropzone Desk v{version}
      </Text>
    </Stack>
  );
}
