import { Badge, Card, Group, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { connectionQuery } from '../../../api/queries';
import { ErrorState, LoadingState } from '../../../components/states';
import { ConnectionForm } from './ConnectionForm';

/** Local store or proxy: the remote's URL, credentials and timeout, with a connection test. */
export function ConnectionCard() {
  const connection = useQuery(connectionQuery());
  return (
    <Card withBorder padding="lg" data-testid="settings-connection">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Connection</Title>
        {connection.data && (
          <Badge variant="light" color={connection.data.mode === 'proxy' ? 'grape' : 'gray'} tt="none">
            {connection.data.mode === 'proxy' ? 'Proxy to a remote server' : 'Local store on this computer'}
          </Badge>
        )}
      </Group>
      {connection.isPending ? (
        <LoadingState label="Loading the connection…" />
      ) : connection.isError ? (
        <ErrorState error={connection.error} onRetry={() => connection.refetch()} />
      ) : (
        <ConnectionForm view={connection.data} />
      )}
    </Card>
  );
}
