import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OutboxOpView, OutboxState } from '../../../../shared/schemas/outbox';
import { outboxListQuery } from '../../api/outbox-api';
import { IconAlertTriangle } from '../../components/icons';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import {
  attentionTitle,
  attentionWords,
  decisionWords,
  outcomeWords,
  relativeWords,
} from '../../lib/outbox-write-words';
import { ROUTES } from '../../lib/routes';
import classes from './sync.module.css';
import { useNow } from './use-now';
import { WhenCell, WriteCell } from './WriteCells';
import { useAppNavigate } from './use-app-navigate';
import { useDeskTime } from './use-desk-time';

interface Column {
  header: string;
  /** A share of the table's width: columns wrap their text, never push the page sideways. */
  width: string;
  cell: (op: OutboxOpView, now: Date) => React.ReactNode;
}

function TriesCell({ op, now }: { op: OutboxOpView; now: Date }) {
  return (
    <Stack gap={0}>
      <Text size="sm">
        {op.attempts === 0 ? 'Not tried yet' : `${op.attempts} ${op.attempts === 1 ? 'try' : 'tries'}`}
      </Text>
      <Text size="xs" c="dimmed">
        {op.next_attempt_at ? `next ${relativeWords(op.next_attempt_at, now)}` : 'next when the remote answers'}
      </Text>
    </Stack>
  );
}

function AttentionCell({ op }: { op: OutboxOpView }) {
  if (!op.attention) return null;
  return (
    <Stack gap={2}>
      <Badge
        size="sm"
        color={op.attention === 'conflict' ? 'orange' : 'red'}
        variant="light"
        tt="none"
        leftSection={<IconAlertTriangle size={12} />}
      >
        {attentionTitle(op.attention)}
      </Badge>
      <Text size="sm" className={classes.wrap}>
        {attentionWords(op)}
      </Text>
    </Stack>
  );
}

function DecisionCell({ op }: { op: OutboxOpView }) {
  const deskTime = useDeskTime();
  const navigate = useAppNavigate();
  if (op.decision)
    return (
      <Text size="sm">
        {decisionWords(op.decision)}
        <Text span size="xs" c="dimmed" display="block">
          by {op.decision.by}, {deskTime(op.decision.at)}; to be sent
        </Text>
      </Text>
    );
  return (
    <Button
      component="a"
      href={`#${ROUTES.syncWrite(op.id)}`}
      size="xs"
      variant="light"
      aria-label={`Review write ${op.id}`}
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        navigate(ROUTES.syncWrite(op.id));
      }}
    >
      Review
    </Button>
  );
}

const COLUMNS: Record<OutboxState, Column[]> = {
  waiting: [
    { header: 'Write', width: '34%', cell: (op) => <WriteCell op={op} /> },
    { header: 'Since', width: '18%', cell: (op, now) => <WhenCell iso={op.queued_at} now={now} /> },
    { header: 'Tries', width: '18%', cell: (op, now) => <TriesCell op={op} now={now} /> },
    {
      header: 'Last error',
      width: '30%',
      cell: (op) => (
        <Text size="sm" className={classes.wrap} c={op.last_error ? undefined : 'dimmed'}>
          {op.last_error ?? '—'}
        </Text>
      ),
    },
  ],
  attention: [
    { header: 'Write', width: '32%', cell: (op) => <WriteCell op={op} /> },
    { header: 'Why', width: '32%', cell: (op) => <AttentionCell op={op} /> },
    { header: 'Since', width: '16%', cell: (op, now) => <WhenCell iso={op.queued_at} now={now} /> },
    { header: 'Decision', width: '20%', cell: (op) => <DecisionCell op={op} /> },
  ],
  settled: [
    { header: 'Write', width: '40%', cell: (op) => <WriteCell op={op} /> },
    {
      header: 'Outcome',
      width: '35%',
      cell: (op) => (
        <Text size="sm">
          {outcomeWords(op.outcome)}
          {op.decision && (
            <Text span size="xs" c="dimmed" display="block">
              decided by {op.decision.by}
            </Text>
          )}
        </Text>
      ),
    },
    { header: 'When', width: '25%', cell: (op, now) => <WhenCell iso={op.settled_at} now={now} /> },
  ],
};

const EMPTY: Record<OutboxState, { title: string; text: string }> = {
  waiting: { title: 'Nothing waiting', text: 'Every write the desk accepted has reached the remote.' },
  attention: { title: 'Nothing needs attention', text: 'No write is held for a person.' },
  settled: { title: 'Nothing settled yet', text: 'Writes that landed, or that a person decided, are listed here.' },
};

const CAPTIONS: Record<OutboxState, string> = {
  waiting: 'Writes waiting to be sent to the remote',
  attention: 'Writes that need a person',
  settled: 'Writes settled',
};

/** One of the Sync screen's lists: the outbox's writes in one state, in the order the desk lists them. */
export function OutboxTable({ state }: { state: OutboxState }) {
  const list = useQuery(outboxListQuery(state));
  const now = useNow();
  if (list.isPending) return <LoadingState label="Loading the outbox…" />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const { ops, total } = list.data;
  if (ops.length === 0) return <EmptyState title={EMPTY[state].title}>{EMPTY[state].text}</EmptyState>;
  const columns = COLUMNS[state];
  return (
    <Stack gap="xs">
      <Table className={classes.table} verticalSpacing="xs" striped highlightOnHover data-testid={`outbox-${state}`}>
        <Table.Caption className={classes.visuallyHidden}>{CAPTIONS[state]}</Table.Caption>
        <colgroup>
          {columns.map((c) => (
            <col key={c.header} style={{ width: c.width }} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ops.map((op) => (
            <Table.Tr key={op.id} data-testid="outbox-row" data-op-id={op.id}>
              {columns.map((c) => (
                <Table.Td key={c.header}>{c.cell(op, now)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total > ops.length && (
        <Group justify="center">
          <Text size="sm" c="dimmed">
            The first {ops.length.toLocaleString('en')} of {total.toLocaleString('en')}: the Download (CSV) has every
            write that needs a person.
          </Text>
        </Group>
      )}
    </Stack>
  );
}
