import { Text, Tooltip } from '@mantine/core';
import type { OutboxSummary } from '../../../shared/schemas/outbox';
import { BadgeLink } from '../components/BadgeLink';
import { IconAlertTriangle } from '../components/icons';
import { outboxStatusWords, type OutboxProgressKind } from '../lib/outbox-status-words';
import { ROUTES } from '../lib/routes';

// Text colours readable on the bar in both schemes (4.5:1); waiting is said in the bar's own colour.
const PROGRESS_COLOURS: Record<OutboxProgressKind, string | undefined> = {
  credentials: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))',
  sending: 'light-dark(var(--mantine-color-sky-9), var(--mantine-color-sky-3))',
  waiting: undefined,
  synced: 'dimmed',
};

/**
 * Proxy mode's outbox in the status bar: "— 3 writes waiting" right after the remote's badge (so
 * it reads "Offline — 3 writes waiting"), "Sending 12 / 340", "Synced 14:05", and a link to the
 * Sync screen when writes need a person. Never shrunk: the remote's longer words beside it are.
 */
export function OutboxStatus({
  outbox,
  timeZone,
  remoteAnswers,
}: {
  outbox: OutboxSummary;
  timeZone: string | undefined;
  remoteAnswers: boolean;
}) {
  const words = outboxStatusWords(outbox, timeZone, new Date(), remoteAnswers);
  return (
    <>
      {words.progress && (
        <Tooltip label={words.tooltip} multiline maw={420}>
          <Text
            size="sm"
            fw={words.progress.kind === 'synced' ? 400 : 600}
            c={PROGRESS_COLOURS[words.progress.kind]}
            style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            tabIndex={0}
            data-testid="status-outbox"
            data-kind={words.progress.kind}
          >
            — {words.progress.text}
          </Text>
        </Tooltip>
      )}
      {words.attention && (
        <BadgeLink
          route={ROUTES.syncAttention}
          testId="status-outbox-attention"
          color="orange"
          variant="light"
          leftSection={<IconAlertTriangle size={12} />}
          style={{ flexShrink: 0 }}
        >
          {words.attention}
        </BadgeLink>
      )}
    </>
  );
}
