import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { OutboxOpView } from '../../../../shared/schemas/outbox';
import { IconAlertTriangle } from '../../components/icons';
import {
  actionWords,
  decisionWords,
  expiryWords,
  recordWords,
  relativeWords,
  sourceWords,
} from '../../lib/outbox-write-words';
import { ROUTES } from '../../lib/routes';
import { useAppNavigate } from './use-app-navigate';
import { useDeskTime } from './use-desk-time';

const ACTION_COLOURS = { Create: 'teal', Update: 'sky', Delete: 'red' } as const;

/**
 * The record's page: a booking by its external id (the page by the desk's own id is local mode's
 * only: in proxy mode the desk answers it 409), a filmer by the remote's id (the Filmers screen's).
 */
export function recordRoute(record: OutboxOpView['record']): string | null {
  if (record.kind === 'booking') return ROUTES.booking(record.key);
  const id = record.copy_id ?? (/^\d{1,15}$/.test(record.key) ? Number(record.key) : null);
  return id === null ? null : ROUTES.filmer(id);
}

/** An in-app link: a real href (opens from the keyboard, shows where it goes), navigated without a reload. */
export function RouteLink({ route, children, label }: { route: string; children: string; label?: string }) {
  const navigate = useAppNavigate();
  return (
    <Anchor
      href={`#${route}`}
      size="sm"
      // Underlined: a link inside a line of text is told apart by more than its colour.
      underline="always"
      aria-label={label}
      onClick={(event) => {
        event.preventDefault();
        navigate(route);
      }}
    >
      {children}
    </Anchor>
  );
}

/** What the write does, to which record (a link to its page), from whom; the 14-day window's end when near. */
export function WriteCell({ op }: { op: OutboxOpView }) {
  const action = actionWords(op);
  const route = recordRoute(op.record);
  return (
    <Stack gap={2} miw={0}>
      <Group gap={6} wrap="wrap">
        <Badge size="sm" variant="light" color={ACTION_COLOURS[action]}>
          {action}
        </Badge>
        {route ? (
          <RouteLink route={route}>{recordWords(op.record)}</RouteLink>
        ) : (
          <Text size="sm">{recordWords(op.record)}</Text>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        from {sourceWords(op.source)} ·{' '}
        <RouteLink
          route={ROUTES.syncWrite(op.id)}
          label={`Details of write ${op.id}: ${action} ${recordWords(op.record)}`}
        >
          Details
        </RouteLink>
      </Text>
      {op.decision && op.state === 'waiting' && (
        <Text size="xs" data-testid="write-decided">
          Decided ({decisionWords(op.decision)}) by {op.decision.by}
        </Text>
      )}
      {op.expires_on && op.state !== 'settled' && (
        <Badge
          size="sm"
          variant="light"
          color="orange"
          tt="none"
          leftSection={<IconAlertTriangle size={12} />}
          data-testid="write-expiry"
          style={{ maxWidth: '100%', height: 'auto', whiteSpace: 'normal' }}
        >
          {expiryWords(op.expires_on)}
        </Badge>
      )}
    </Stack>
  );
}

/** "12 min ago" over the time on the dropzone's clock it stands for. */
export function WhenCell({ iso, now }: { iso: string | null; now: Date }) {
  const deskTime = useDeskTime();
  if (!iso) return <Text size="sm">—</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{relativeWords(iso, now)}</Text>
      <Text size="xs" c="dimmed">
        {deskTime(iso)}
      </Text>
    </Stack>
  );
}
