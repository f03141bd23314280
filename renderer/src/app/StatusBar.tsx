import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { healthQuery, sessionQuery } from '../api/queries';

/** Dropzone, mode, connection health and version, always in view. */
export function StatusBar() {
  const session = useQuery(sessionQuery());
  const health = useQuery(healthQuery());
  const online = health.isSuccess && !health.isError;
  return (
    <Group h="100%" px="md" justify="space-between" data-testid="status-bar">
      <Group gap="md">
        <Text size="sm" fw={600} data-testid="status-dropzone">
          {session.data?.dropzone.name ?? '…'}
        </Text>
        <Badge size="sm" variant="light" color={session.data?.mode === 'proxy' ? 'grape' : 'gray'} data-testid="status-mode">
          {session.data?.mode === 'proxy' ? 'Proxy' : 'Local store'}
        </Badge>
        <Tooltip label={online ? 'The desk server answers' : (health.error?.message ?? 'Checking…')}>
          <Badge size="sm" variant="dot" color={online ? 'teal' : health.isPending ? 'gray' : 'red'} data-testid="status-health">
            {online ? 'Online' : health.isPending ? 'Checking' : 'Offline'}
          </Badge>
        </Tooltip>
      </Group>
      <Text size="xs" c="dimmed" data-testid="status-version">
        {session.data ? `v${session.data.version}` : ''}
      </Text>
    </Group>
  );
}
