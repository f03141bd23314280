import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BadgeLink } from '../components/BadgeLink';
import type { DeskSession } from '../../../shared/schemas/desk';
import { listenQuery } from '../api/listen-api';
import { AdminStatusBadge } from '../features/admin/AdminStatusBadge';
import { ImportActivityBadge } from '../features/import/ImportActivityBadge';
import { healthQuery, sessionQuery } from '../api/queries';
import { ROUTES } from './routes';

function remoteHost(url: string | null): string {
  if (!url) return 'remote';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

const REMOTE_HEALTH = {
  online: { label: 'Online', color: 'teal' },
  offline: { label: 'Offline', color: 'red' },
  error: { label: 'Error', color: 'orange' },
  unknown: { label: 'Checking', color: 'gray' },
} as const;

/** The remote's health in proxy mode: online, offline or error, the cause in the tooltip. */
function RemoteHealth({ session }: { session: DeskSession }) {
  const { state, cause, checked_at: checkedAt } = session.health;
  const shown = REMOTE_HEALTH[state];
  const when = checkedAt ? ` (checked ${new Date(checkedAt).toLocaleTimeString()})` : '';
  const tooltip =
    state === 'online'
      ? `The remote server answers${when}`
      : state === 'unknown'
        ? 'The remote has not been checked yet'
        : `${cause ?? 'The remote does not answer'}${when}. ${state === 'error' ? 'Fix the connection in Settings.' : 'The desk keeps retrying.'}`;
  return (
    <Tooltip label={tooltip} multiline maw={420}>
      <Badge size="sm" variant="dot" color={shown.color} data-testid="status-health" data-state={state} tabIndex={0}>
        {shown.label}
      </Badge>
    </Tooltip>
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
    <Tooltip label={`Another program held port ${listen.data.fixed_port} when the desk started; it listens on ${listen.data.port} for now. See Settings.`} multiline maw={420}>
      <AlertLink route={ROUTES.settings} testId="status-port-taken">
        Port {listen.data.fixed_port} taken: booking systems cannot sync
      </AlertLink>
    </Tooltip>
  );
}

/** Dropzone, mode, connection health and version, always in view. */
export function StatusBar() {
  const session = useQuery(sessionQuery());
  const health = useQuery(healthQuery());
  const online = health.isSuccess && !health.isError;
  const proxy = session.data?.mode === 'proxy';
  const deviations = session.data?.contract_deviations ?? 0;
  return (
    <Group h="100%" px="md" justify="space-between" data-testid="status-bar">
      <Group gap="md">
        <Text size="sm" fw={600} data-testid="status-dropzone">
          {session.data?.dropzone.name ?? '…'}
        </Text>
        <Badge size="sm" variant="light" color={proxy ? 'grape' : 'gray'} data-testid="status-mode" tt="none">
          {proxy ? `Proxy → ${remoteHost(session.data?.remote_url ?? null)}` : 'Local store'}
        </Badge>
        {proxy && session.data && !health.isError ? (
          <RemoteHealth session={session.data} />
        ) : (
          <Tooltip label={online ? 'The desk server answers' : (health.error?.message ?? 'Checking…')}>
            <Badge size="sm" variant="dot" color={online ? 'teal' : health.isPending ? 'gray' : 'red'} data-testid="status-health">
              {online ? 'Online' : health.isPending ? 'Checking' : 'Offline'}
            </Badge>
          </Tooltip>
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
