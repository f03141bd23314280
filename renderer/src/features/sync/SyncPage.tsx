import { Alert, Badge, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { OutboxState, OutboxSummary } from '../../../../shared/schemas/outbox';
import { outboxSummaryQuery } from '../../api/outbox-api';
import { sessionQuery } from '../../api/queries';
import { IconDownload, IconRefresh } from '../../components/icons';
import { LoadingState } from '../../components/states';
import { HeldAtOtherDesks } from './HeldAtOtherDesks';
import { OutboxTable } from './OutboxTable';
import { ResolveAllDialog } from './ResolveAllDialog';
import { useDownloadAttention, useSendNow } from './use-outbox-actions';
import { WriteDetail } from './WriteDetail';
import { useDeskTime } from './use-desk-time';

const TABS: { state: OutboxState; path: string; label: string }[] = [
  { state: 'waiting', path: '/', label: 'Waiting' },
  { state: 'attention', path: '/attention', label: 'Needs attention' },
  { state: 'settled', path: '/settled', label: 'Settled' },
];

function tabOf(location: string): OutboxState {
  if (location.startsWith('/attention')) return 'attention';
  if (location.startsWith('/settled')) return 'settled';
  return 'waiting';
}

function TabCount({ count, label }: { count: number | undefined; label: string }) {
  if (count === undefined || count === 0) return null;
  return (
    <Badge size="sm" variant="light" color="gray" aria-label={`${count} ${label}`}>
      {count.toLocaleString('en')}
    </Badge>
  );
}

/** One line on where the outbox stands, in the same words as the status bar. */
function SummaryLine({ summary, remoteAnswers }: { summary: OutboxSummary; remoteAnswers: boolean }) {
  const deskTime = useDeskTime();
  const parts: string[] = [];
  if (summary.paused === 'credentials')
    parts.push("Paused: the remote refuses the desk's credentials (fix them in Settings)");
  else if (!remoteAnswers) parts.push('The remote does not answer: writes wait at the desk');
  else if (summary.sending)
    parts.push(
      `Sending ${summary.sending.done} / ${Math.max(summary.sending.total, summary.sending.done + summary.waiting)}`,
    );
  parts.push(
    `${summary.waiting.toLocaleString('en')} waiting`,
    `${summary.attention.toLocaleString('en')} need attention`,
  );
  if (summary.expiring > 0) parts.push(`${summary.expiring.toLocaleString('en')} can no longer land within two days`);
  if (summary.synced_at) parts.push(`last synced ${deskTime(summary.synced_at)}`);
  return (
    <Text size="sm" data-testid="sync-summary">
      {parts.join(' · ')}
    </Text>
  );
}

/**
 * In local mode the desk is the service: its own writes wait for no remote. (Desks paired with it
 * keep outboxes of their own while apart; what waits there for a person is listed above it.)
 */
function LocalModeNote() {
  return (
    <Alert color="gray" title="No outbox at this desk in local mode" data-testid="sync-local-mode">
      The desk is the service here: every write made at it lands in its own store at once. An outbox belongs to proxy
      mode, where the desk forwards the Sync API to a remote server and keeps the writes made while the remote does not
      answer (switch to proxy mode in Settings). The desks paired with this one keep outboxes of their own while they
      cannot reach it.
    </Alert>
  );
}

/**
 * #/sync: proxy mode's outbox. Waiting (to be sent), Needs attention (held for a person), Settled;
 * #/sync/writes/:id one write side by side with the choices. Live: the desk's change stream says
 * when the outbox changed (queued, tried, held, decided, landed), and its lists are asked again.
 */
export function SyncPage() {
  const [location, navigate] = useLocation();
  const session = useQuery(sessionQuery());
  // A paired desk keeps an outbox of its own (its writes for its main desk), whatever the venue's mode.
  const proxy = session.data?.mode === 'proxy' || Boolean(session.data?.main_desk);
  const summary = useQuery(outboxSummaryQuery(proxy));
  const sendNow = useSendNow();
  const download = useDownloadAttention();
  const [resolving, setResolving] = useState(false);
  const write = /^\/writes\/(\d{1,15})$/.exec(location);

  if (session.isPending) return <LoadingState label="Opening Sync…" />;
  if (write && proxy) return <WriteDetail key={write[1]} id={Number(write[1])} />;
  const tab = tabOf(location);
  const counts = summary.data;
  return (
    <Stack gap="md" data-testid="sync-page">
      <div>
        <Title order={2}>Sync</Title>
        <Text size="sm" c="dimmed">
          Writes the desk accepted while the remote did not answer, until they land on it; the ones a person has to
          decide; and the ones settled.
        </Text>
      </div>
      {/* The main desk (no main desk of its own): what its paired desks hold for a person. */}
      {session.data && !session.data.main_desk && <HeldAtOtherDesks />}
      {!proxy ? (
        <LocalModeNote />
      ) : (
        <>
          <Group justify="space-between" gap="sm" wrap="wrap">
            {counts ? (
              <SummaryLine summary={counts} remoteAnswers={session.data?.health.state === 'online'} />
            ) : (
              <span />
            )}
            <Group gap="xs" wrap="wrap">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh />}
                onClick={() => sendNow.mutate()}
                loading={sendNow.isPending}
                disabled={counts?.waiting === 0}
              >
                Send now
              </Button>
              <Button size="xs" variant="light" onClick={() => setResolving(true)} disabled={counts?.attention === 0}>
                Resolve all
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload />}
                onClick={() => download.mutate()}
                loading={download.isPending}
              >
                Download failed writes (CSV)
              </Button>
            </Group>
          </Group>
          <Tabs
            value={tab}
            onChange={(value) => {
              const next = TABS.find((t) => t.state === value);
              if (next && next.state !== tab) navigate(next.path);
            }}
            keepMounted={false}
          >
            <Tabs.List mb="md">
              {TABS.map((t) => (
                <Tabs.Tab
                  key={t.state}
                  value={t.state}
                  data-testid={`sync-tab-${t.state}`}
                  rightSection={
                    t.state === 'settled' ? null : (
                      <TabCount count={t.state === 'waiting' ? counts?.waiting : counts?.attention} label={t.label} />
                    )
                  }
                >
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map((t) => (
              <Tabs.Panel key={t.state} value={t.state}>
                <OutboxTable state={t.state} />
              </Tabs.Panel>
            ))}
          </Tabs>
          <ResolveAllDialog opened={resolving} onClose={() => setResolving(false)} />
        </>
      )}
    </Stack>
  );
}
