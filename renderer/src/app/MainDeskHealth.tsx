import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { DeskSession, MainDeskStatus } from '../../../shared/schemas/session';
import { formatClockTime } from '../lib/format';
import { OutboxStatus } from './OutboxStatus';

const COLOURS: Record<MainDeskStatus['state'], string> = {
  connecting: 'gray',
  answering: 'teal',
  not_answering: 'red',
  removed: 'red',
};

/** The badge's words and the long form: a paired desk's link to its main desk, never called "offline". */
function wordsOf(main: MainDeskStatus, timeZone: string): { label: string; detail: string | null; tooltip: string } {
  const since = main.since ? formatClockTime(main.since, timeZone) : null;
  switch (main.state) {
    case 'connecting':
      return { label: `Main desk: ${main.name}`, detail: null, tooltip: `Reaching the main desk at ${main.url}…` };
    case 'answering':
      return {
        label: `Main desk: ${main.name}`,
        detail: null,
        tooltip: `This desk shows and writes the main desk's data (${main.url}), live.`,
      };
    case 'not_answering':
      return {
        label: `Main desk not answering${since ? ` since ${since}` : ''}`,
        detail: 'working from this desk’s copy',
        tooltip: `${main.detail ?? 'No answer'}. Reception goes on from this desk's copy; check-ins and booking edits wait here and reach the main desk by themselves when it answers. The ledger, albums, the catalogue, imports and administrator actions need the main desk.`,
      };
    case 'removed':
      return {
        label: `Removed from ${main.name}`,
        detail: main.detail,
        tooltip: `${main.detail ?? `This desk was removed from ${main.name}`}. To use it again, pair it again: at the main desk, Settings → Desks → Pair a desk, then start this desk with --join and the new code.`,
      };
  }
}

/**
 * A paired desk's status: whether its main desk answers (the venue's LAN), apart from the main
 * desk's own link to the remote; the writes this desk keeps for the main desk sit right after.
 */
/** The main desk's own link to the remote, apart from this desk's link to it: only when it is not plain "online". */
function mainRemoteWords(main: MainDeskStatus): string | null {
  if (main.state !== 'answering' || main.main_mode !== 'proxy') return null;
  const waiting = main.main_outbox_waiting > 0 ? `, ${main.main_outbox_waiting} writes waiting there` : '';
  if (main.main_remote_state === 'online' && !waiting) return null;
  const state = main.main_remote_state === 'online' ? 'online' : 'offline from its remote';
  return `main desk ${state}${waiting}`;
}

export function MainDeskHealth({ session, main }: { session: DeskSession; main: MainDeskStatus }) {
  const words = wordsOf(main, session.dropzone.timezone);
  const remote = mainRemoteWords(main);
  return (
    <Group gap={6} wrap="nowrap" miw={0} role="status" data-testid="status-main-desk">
      <Tooltip label={words.tooltip} multiline maw={420}>
        <Badge
          size="sm"
          variant="dot"
          color={COLOURS[main.state]}
          data-testid="status-health"
          data-state={main.state}
          style={{ flexShrink: 0 }}
          tabIndex={0}
          tt="none"
        >
          {words.label}
        </Badge>
      </Tooltip>
      {session.outbox && (
        <OutboxStatus
          outbox={session.outbox}
          timeZone={session.dropzone.timezone}
          remoteAnswers={main.state === 'answering'}
        />
      )}
      {main.marks_waiting > 0 && (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="status-marks-waiting">
          {main.marks_waiting} check-in{main.marks_waiting === 1 ? '' : 's'} waiting
        </Text>
      )}
      {remote && (
        <Text size="sm" c="dimmed" truncate="end" miw={0} data-testid="status-main-desk-remote">
          ({remote})
        </Text>
      )}
      {words.detail && (
        <Text
          size="sm"
          c="light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))"
          fw={600}
          truncate="end"
          miw={0}
          data-testid="status-main-desk-detail"
        >
          — {words.detail}
        </Text>
      )}
    </Group>
  );
}
