import { Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiTokenCreated, ApiTokenInfo } from '../../../../shared/schemas/api-tokens';
import { apiTokensQuery } from '../../api/api-tokens-api';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { NewTokenForm } from './api-tokens/NewTokenForm';
import { NewTokenPanel } from './api-tokens/NewTokenPanel';
import { RevokeTokenDialog } from './api-tokens/RevokeTokenDialog';
import { tokenName } from './api-tokens/token-name';

function TokensTable({ tokens, onRevoke }: { tokens: ApiTokenInfo[]; onRevoke: (token: ApiTokenInfo) => void }) {
  if (tokens.length === 0) {
    return (
      <EmptyState title="No booking system tokens yet">
        Make one for each booking system that syncs into this desk, so each can be revoked on its own.
      </EmptyState>
    );
  }
  return (
    <Table verticalSpacing="xs" highlightOnHover data-testid="api-tokens-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Label</Table.Th>
          <Table.Th w={200}>Created</Table.Th>
          <Table.Th w={100}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tokens.map((token) => (
          <Table.Tr key={token.id} data-testid="api-token-row" data-token-id={token.id}>
            <Table.Td c={token.label ? undefined : 'dimmed'}>{tokenName(token)}</Table.Td>
            <Table.Td>{formatDateTime(token.created_at)}</Table.Td>
            <Table.Td ta="right">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => onRevoke(token)}
                aria-label={`Revoke ${tokenName(token)}`}
              >
                Revoke
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The bearer tokens booking systems sync with: made and revoked here, since the desktop app has
 * no `npm run token`. A new token is shown once, right after it is made.
 */
export function ApiTokensCard() {
  const tokens = useQuery(apiTokensQuery());
  const [formOpen, setFormOpen] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenInfo | null>(null);

  const onCreated = (token: ApiTokenCreated) => {
    setFormOpen(false);
    setCreated(token);
  };

  return (
    <Card withBorder padding="lg" data-testid="settings-api-tokens">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Booking system tokens</Title>
        {!formOpen && (
          <Button size="xs" variant="light" onClick={() => setFormOpen(true)}>
            New token…
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A booking system sends one of these tokens with each call to the Sync API. Revoke a token and the booking
          system using it is refused from its next call on.
        </Text>
        {created && <NewTokenPanel created={created} onDismiss={() => setCreated(null)} />}
        {formOpen && <NewTokenForm onCreated={onCreated} onCancel={() => setFormOpen(false)} />}
        {tokens.isPending ? (
          <LoadingState label="Loading the tokens…" />
        ) : tokens.isError ? (
          <ErrorState error={tokens.error} onRetry={() => tokens.refetch()} />
        ) : (
          <TokensTable tokens={tokens.data} onRevoke={setRevoking} />
        )}
      </Stack>
      <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}
