import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { BadgeLink } from '../components/BadgeLink';
import type { DeskSession } from '../../../shared/schemas/session';
import { listenQuery } from '../api/listen-api';
import { AdminStatusBadge } from '../features/admin/AdminStatusBadge';
import { ImportActivityBadge } from '../features/import/common/ImportActivityBadge';
import { sessionQuery } from '../api/queries';
import { useReachability, type Reachability } from '../api/reachability';
import { remoteStatusWords, type RemoteStatusKind } from '../lib/remote-status-words';
import { ROUTES } from '../lib/routes';
import { MainDeskHealth } from './MainDeskHealth';
import { OutboxStatus } from './OutboxStatus';

function remoteHost(url: string | null): string {
  if (!url) return 'remote';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const REMOTE_COLOURS: Record<RemoteStatusKind, string> = {
  online: 'teal',
  checking: 'gray',
  offline: 'red',
  failing: 'red',
  credentials: 'red',
  error: 'orange',
};

/**
 * The remote's health in proxy mode, in words: "Online"; "Offline" with what went wrong as far as
 * the desk can tell, since when and how old the desk's copy is; the long form in the tooltip. The
 * outbox's counts sit right after the badge ("Offline — 3 writes waiting") and are never cut short:
 * the remote's longer words after them are.
 */
function RemoteHealth({ session }: { session: DeskSession }) {
  const words = remoteStatusWords(session.health, session.copy, session.dropzone.timezone);
  return (
    <Group gap={6} wrap="nowrap" miw={0} role="status" data-testid="status-remote">
      <Tooltip label={words.tooltip} multiline maw={420}>
        <Badge
          size="sm"
          variant="dot"
          color={REMOTE_COLOURS[words.kind]}
          data-testid="status-health"
          data-state={session.health.state}
          data-result={session.health.result ?? undefined}
          style={{ flexShrink: 0 }}
          tabIndex={0}
        >
          {words.label}
        </Badge>
      </Tooltip>
      {session.outbox && (
        <OutboxStatus
          outbox={session.outbox}
          timeZone={session.dropzone.timezone}
          remoteAnswers={session.health.state === 'online'}
        />
      )}
      {words.detail && (
        <Tooltip label={words.tooltip} multiline maw={420}>
          <Text
            size="sm"
            c="light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))"
            fw={600}
            truncate="end"
            miw={0}
            data-testid="status-remote-detail"
          >
            — {words.detail}
          </Text>
        </Tooltip>
      )}
    </Group>
  );
}

/** Something that needs a look, in orange, that opens the screen where it is explained. */
function AlertLink({ route, testId, children }: { route: string; testId: string; children: ReactNode }) {
  return (
    <BadgeLink route={route} testId={testId} color="orange" variant="filled">
      {children}
    </BadgeLink>
  );
}

/**
 * The port kept for booking systems was taken at start (the desktop app then listens elsewhere):
 * booking systems cannot sync until the desk restarts on it, so it stays in view, not only in Settings.
 */
function PortTakenBadge() {
  const listen = useQuery({ ...listenQuery(), staleTime: 60_000 });
  if (listen.data?.source !== 'saved_port_busy') return null;
  return (
    <Tooltip
      label={`Another program held port ${listen.data.fixed_port} when the desk started; it listens on ${listen.data.port} for now. See Settings.`}
      multiline
      maw={420}
    >
      <AlertLink route={ROUTES.settings} testId="status-port-taken">
        Port {listen.data.fixed_port} taken: booking systems cannot sync
      </AlertLink>
    </Tooltip>
  );
}

/** How long "Back online" stays after the desk server answers again. */
const BACK_ONLINE_SHOWN_MS = 5_000;

const clock = (ms: number) => new Date(ms).toLocaleTimeString(undefined, { hour12: false });

/** Whether "Back online" is still to be shown: for a few seconds after the server came back. */
function useJustBack(backOnlineAt: number | null): boolean {
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (backOnlineAt === null) return;
    const timer = setTimeout(() => setExpired(backOnlineAt), BACK_ONLINE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [backOnlineAt]);
  return backOnlineAt !== null && expired !== backOnlineAt;
}

/** The desk server itself: answering, not answering since when, back, or refusing this page's sign-in (never green then). */
function DeskServerHealth({ reach }: { reach: Reachability }) {
  const justBack = useJustBack(reach.backOnlineAt);
  if (reach.signedOut) {
    return (
      <Tooltip label="The desk server does not take this page's sign-in: sign in again (the panel says how)">
        <Badge size="sm" variant="dot" color="red" data-testid="status-health" data-state="signed_out" tabIndex={0}>
          Signed out
        </Badge>
      </Tooltip>
    );
  }
  if (reach.server === 'offline') {
    return (
      <Group gap={6} wrap="nowrap">
        <Tooltip
          label={`${reach.cause ?? 'The desk server does not answer'}. The page keeps checking and carries on by itself when it is back.`}
          multiline
          maw={420}
        >
          <Badge size="sm" variant="dot" color="red" data-testid="status-health" data-state="offline" tabIndex={0}>
            Offline
          </Badge>
        </Tooltip>
        <Text size="sm" c="red.8" fw={600} data-testid="status-offline" role="status">
          Desk server not answering{reach.offlineSince === null ? '' : ` since ${clock(reach.offlineSince)}`}
        </Text>
      </Group>
    );
  }
  const online = reach.server === 'online';
  return (
    <Tooltip label={online ? 'The desk server answers' : 'Checking…'}>
      <Badge
        size="sm"
        variant="dot"
        color={online ? 'teal' : 'gray'}
        data-testid="status-health"
        data-state={reach.server}
        tabIndex={0}
        role="status"
      >
        {online ? (justBack ? 'Back online' : 'Online') : 'Checking'}
      </Badge>
    </Tooltip>
  );
}

/** Dropzone, mode, connection health and version, always in view. */
export function StatusBar() {
  const session = useQuery(sessionQuery());
  const reach = useReachability();
  const proxy = session.data?.mode === 'proxy';
  const main = session.data?.main_desk ?? null;
  const deviations = session.data?.contract_deviations ?? 0;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" data-testid="status-bar">
      {/* One line at any width: what does not fit is cut short (the remote's words have a tooltip with the long form). */}
      <Group gap="md" wrap="nowrap" miw={0}>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="status-dropzone">
          {session.data?.dropzone.name ?? '…'}
        </Text>
        <Badge size="sm" variant="light" color={proxy ? 'grape' : 'gray'} data-testid="status-mode" tt="none">
          {main ? 'Paired desk' : proxy ? `Proxy → ${remoteHost(session.data?.remote_url ?? null)}` : 'Local store'}
        </Badge>
        {main && session.data && reach.server === 'online' && !reach.signedOut ? (
          <MainDeskHealth session={session.data} main={main} />
        ) : proxy && session.data && reach.server === 'online' && !reach.signedOut ? (
          <RemoteHealth session={session.data} />
        ) : (
          <DeskServerHealth reach={reach} />
        )}
        <PortTakenBadge />
        <ImportActivityBadge />
        <AdminStatusBadge />
        {proxy && deviations > 0 && (
          <Tooltip label="Proxied responses whose shape differs from the spec; open the Log to see them">
            <AlertLink route={ROUTES.logDeviations} testId="status-deviations">
              {deviations} contract deviation{deviations === 1 ? '' : 's'}
            </AlertLink>
          </Tooltip>
        )}
      </Group>
      <Text size="xs" c="dimmed" data-testid="status-version">
        {session.data ? `v${session.data.version}` : ''}
      </Text>
    </Group>
  );
}
