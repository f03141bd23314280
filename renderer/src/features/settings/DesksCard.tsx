import { Alert, Button, Card, Code, Group, Stack, Switch, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DesksView, PairedDeskView, PairingCodeView } from '../../../../shared/schemas/desks';
import { desksQuery } from '../../api/desks-api';
import { sessionQuery } from '../../api/queries';
import { ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { PairingCodePanel } from './desks/PairingCodePanel';
import { RevokeDeskDialog } from './desks/RevokeDeskDialog';
import { useNewPairingCode, useSetLan } from './desks/use-desks-mutations';

function LanAddresses({ lan }: { lan: DesksView['lan'] }) {
  if (!lan.listening) {
    return (
      <Text size="sm" c="dimmed" data-testid="desks-lan-off">
        Other desks cannot reach this one: it listens on this computer only.
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="desks-lan-addresses">
      <Text size="sm">Other desks, and booking systems, reach this desk at:</Text>
      {lan.addresses.length === 0 ? (
        <Text size="sm" c="orange.8">
          This computer has no address on a network yet.
        </Text>
      ) : (
        lan.addresses.map((a) => (
          <Code key={a.url} data-testid="desks-lan-url">
            {a.url}
          </Code>
        ))
      )}
      {lan.fingerprint && (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          Certificate SHA-256: <span data-testid="desks-fingerprint">{lan.fingerprint}</span>
        </Text>
      )}
    </Stack>
  );
}

function PairedDesks({ desks, onRevoke }: { desks: PairedDeskView[]; onRevoke: (desk: PairedDeskView) => void }) {
  if (desks.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="desks-none">
        No desk is paired with this one yet.
      </Text>
    );
  return (
    <Table verticalSpacing="xs" highlightOnHover data-testid="desks-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Desk</Table.Th>
          <Table.Th>Address</Table.Th>
          <Table.Th>Last seen</Table.Th>
          <Table.Th w={100}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {desks.map((desk) => (
          <Table.Tr key={desk.id} data-testid="desks-row">
            <Table.Td>{desk.name}</Table.Td>
            <Table.Td>{desk.last_address ?? '—'}</Table.Td>
            <Table.Td>{desk.last_seen_at ? formatDateTime(desk.last_seen_at) : 'never'}</Table.Td>
            <Table.Td ta="right">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => onRevoke(desk)}
                aria-label={`Remove ${desk.name}`}
              >
                Remove
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Several desks at one venue: this desk as the main desk other desks pair with (docs/desks.md).
 * Its LAN listener, a one-time pairing code, and the paired desks with what they did last.
 */
export function DesksCard() {
  const session = useQuery(sessionQuery());
  const pairedWith = session.data?.main_desk ?? null;
  const desks = useQuery({ ...desksQuery(), enabled: session.isSuccess && pairedWith === null });
  const setLan = useSetLan();
  const newCode = useNewPairingCode();
  const [code, setCode] = useState<PairingCodeView | null>(null);
  const [revoking, setRevoking] = useState<PairedDeskView | null>(null);

  return (
    <Card withBorder padding="lg" data-testid="settings-desks">
      <Title order={4} mb="sm">
        Desks
      </Title>
      {pairedWith ? (
        <Text size="sm" data-testid="desks-paired-with">
          This desk is paired with <b>{pairedWith.name}</b> ({pairedWith.url}), the venue&apos;s main desk. Other desks
          pair with the main desk, in its Settings → Desks.
        </Text>
      ) : desks.isPending ? (
        <LoadingState label="Loading the desks…" />
      ) : desks.isError ? (
        <ErrorState error={desks.error} onRetry={() => desks.refetch()} />
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Reception, manifest and the video desk can share one day: pair them with this desk, the venue&apos;s main
            desk. It holds the data; the others show it live and send their changes here.
          </Text>
          <Switch
            label="Let other desks join"
            description={`Also serve this desk on the venue's network, over HTTPS with its own certificate (port ${desks.data.lan.port ?? desks.data.lan.default_port}). Saved for every start.`}
            checked={desks.data.lan.enabled}
            disabled={setLan.isPending}
            onChange={(event) => setLan.mutate({ enabled: event.currentTarget.checked })}
            data-testid="desks-lan-switch"
          />
          {(setLan.error || desks.data.lan.problem) && (
            <Alert color="red" title="The LAN listener did not start" role="alert">
              {setLan.error?.message ?? desks.data.lan.problem}
            </Alert>
          )}
          <LanAddresses lan={desks.data.lan} />
          <Group justify="space-between">
            <Title order={5}>Paired desks</Title>
            <Button
              size="xs"
              variant="light"
              onClick={() => newCode.mutate(undefined, { onSuccess: setCode })}
              loading={newCode.isPending}
              disabled={!desks.data.lan.listening}
              data-testid="desks-pair-button"
            >
              Pair a desk…
            </Button>
          </Group>
          {newCode.error && (
            <Alert color="red" title="No code" role="alert">
              {newCode.error.message}
            </Alert>
          )}
          {code && <PairingCodePanel shown={code} onDismiss={() => setCode(null)} />}
          <PairedDesks desks={desks.data.desks} onRevoke={setRevoking} />
        </Stack>
      )}
      <RevokeDeskDialog desk={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}
