import { Alert, Anchor, Badge, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OutboxOpDetail } from '../../../../shared/schemas/outbox';
import { ApiError } from '../../api/client';
import type { DecisionAnswer } from '../../api/outbox-api';
import { outboxOpQuery } from '../../api/outbox-api';
import { IconArrowLeft } from '../../components/icons';
import { ErrorState, LoadingState } from '../../components/states';
import { useOperatorName } from '../../lib/operator';
import {
  actionWords,
  choiceWords,
  outboxFieldLabel,
  outcomeWords,
  recordWords,
  relativeWords,
  sourceWords,
} from '../../lib/outbox-write-words';
import { ROUTES } from '../../lib/routes';
import { DecisionActions, type DecisionKind } from './DecisionActions';
import {
  choiceProblems,
  choicesOfDecision,
  editAll,
  fieldsDecision,
  initialChoices,
  type FieldChoices,
} from './field-choices';
import { FieldChoiceTable } from './FieldChoiceTable';
import { useNow } from './use-now';
import { useDecision, useUndoDecision } from './use-outbox-actions';
import { recordRoute, RouteLink } from './WriteCells';
import { WriteHistory } from './WriteHistory';
import { AnswersNotice, AttentionNotice, DecisionNote } from './WriteNotices';
import { WriteLanded } from './WriteLanded';
import { useAppNavigate } from './use-app-navigate';
import { useDeskTime } from './use-desk-time';

const fromDialog = (event: KeyboardEvent) =>
  event.target instanceof Element && event.target.closest('[role="dialog"]') !== null;

const STATE_LOOK = {
  waiting: { label: 'Waiting', color: 'sky' },
  attention: { label: 'Needs attention', color: 'orange' },
  settled: { label: 'Settled', color: 'teal' },
} as const;

/** What the desk answered to a decision or an undo it would not take (sent meanwhile: 409). */
function refusalOf(answer: DecisionAnswer, what: string): string | null {
  if (answer.done) return null;
  return answer.status === 409 ? `${what}: ${answer.message}` : `${what} (HTTP ${answer.status}): ${answer.message}`;
}

/** #/sync/writes/:id: one write, its fields side by side, and (when held for a person) the choices. */
export function WriteDetail({ id }: { id: number }) {
  const deskTime = useDeskTime();
  const navigate = useAppNavigate();
  const write = useQuery(outboxOpQuery(id));
  const backRoute = write.data?.state === 'attention' ? ROUTES.syncAttention : ROUTES.sync;
  // Esc goes back to the list, as it does from a booking's page (not from a text box or a dialog).
  useHotkeys([['Escape', (event) => !fromDialog(event) && navigate(backRoute)]]);
  const now = useNow();
  const [operator, rememberOperator] = useOperatorName();
  const [name, setName] = useState(operator);
  const [choices, setChoices] = useState<FieldChoices | null>(null);
  const [editingAll, setEditingAll] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const decision = useDecision(id);
  const undo = useUndoDecision(id);
  const back = (
    <Anchor
      href={`#${backRoute}`}
      size="sm"
      onClick={(event) => {
        event.preventDefault();
        navigate(backRoute);
      }}
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} /> Back to Sync <Kbd size="xs">Esc</Kbd>
      </Group>
    </Anchor>
  );

  if (write.isPending) return <LoadingState label={`Loading write ${id}…`} />;
  if (write.isError) {
    const gone = write.error instanceof ApiError && write.error.httpStatus === 404;
    return (
      <Stack gap="xs" maw={720}>
        {back}
        {gone ? (
          <Alert color="gray" title="Not in the outbox" data-testid="write-not-found">
            The desk has no write {id}: it may have been settled long ago, or the desk is in local mode.
          </Alert>
        ) : (
          <ErrorState error={write.error} onRetry={() => void write.refetch()} />
        )}
      </Stack>
    );
  }

  const op: OutboxOpDetail = write.data;
  const deciding = op.state === 'attention' && op.decision === null;
  const shown = op.decision ? choicesOfDecision(op.fields, op.decision) : (choices ?? initialChoices(op.fields));
  const problems = deciding ? choiceProblems(op.fields, shown) : {};
  const blocked = Object.entries(problems).map(
    ([field, problem]) => `${outboxFieldLabel(op.record.kind, field)}: ${problem}`,
  );
  const action = actionWords(op);
  const route = recordRoute(op.record);
  const look = STATE_LOOK[op.state];

  const onDecide = async (kind: DecisionKind) => {
    setRefusal(null);
    rememberOperator(name.trim());
    const input = kind === 'fields' ? fieldsDecision(op.fields, shown, name) : { action: kind, by: name.trim() };
    const answer = await decision.mutateAsync(input).catch((error: Error) => ({
      done: false as const,
      status: 0,
      message: error.message,
    }));
    const refused = refusalOf(answer, 'Not decided');
    setRefusal(refused);
    if (!refused)
      notifications.show({
        color: 'teal',
        title: 'Decided',
        message: `${action} ${recordWords(op.record)}: ${choiceWords(kind, op.attention)}`,
      });
  };
  const onUndo = async () => {
    setRefusal(null);
    const answer = await undo.mutateAsync(name.trim()).catch((error: Error) => ({
      done: false as const,
      status: 0,
      message: error.message,
    }));
    const refused = refusalOf(answer, 'Not undone');
    setRefusal(refused);
    if (!refused) {
      setChoices(null);
      setEditingAll(false);
    }
  };

  return (
    <Stack gap="md" maw={1200} data-testid="write-detail" data-state={op.state}>
      {back}
      <Stack gap={4}>
        <Group gap="sm" wrap="wrap">
          <Title order={2}>
            {action} {recordWords(op.record)}
          </Title>
          <Badge color={look.color} variant="light" data-testid="write-state">
            {look.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          From {sourceWords(op.source)} · queued {relativeWords(op.queued_at, now)} ({deskTime(op.queued_at)}) ·{' '}
          {op.attempts} {op.attempts === 1 ? 'try' : 'tries'}
          {op.last_error ? ` · last error: ${op.last_error}` : ''}
          {op.state === 'settled'
            ? ` · ${outcomeWords(op.outcome)} ${op.settled_at ? deskTime(op.settled_at) : ''}`
            : ''}
        </Text>
        {route && (
          <Text size="sm">
            <RouteLink route={route}>{`Open the ${op.record.kind}'s page`}</RouteLink>
          </Text>
        )}
      </Stack>
      <AttentionNotice op={op} />
      <AnswersNotice op={op} />
      {refusal && (
        <Alert color="red" title="The desk did not take it" data-testid="decision-refused">
          {refusal}
        </Alert>
      )}
      <DecisionNote op={op} name={name} onName={setName} onUndo={() => void onUndo()} pending={undo.isPending} />
      {op.fields.length > 0 ? (
        <FieldChoiceTable
          op={op}
          choices={shown}
          problems={problems}
          editable={deciding}
          onChoose={(field, choice) => setChoices({ ...shown, [field]: choice })}
        />
      ) : (
        <Text size="sm">
          {op.action === 'delete' ? 'This write deletes the record: it has no fields to choose.' : 'No fields.'}
        </Text>
      )}
      <WriteLanded op={op} />
      {deciding && (
        <DecisionActions
          op={op}
          name={name}
          onName={setName}
          onDecide={(kind) => void onDecide(kind)}
          onEditAll={() => {
            setChoices(editAll(op.fields));
            setEditingAll(true);
          }}
          editingAll={editingAll}
          pending={decision.isPending}
          choicesBlocked={blocked.length > 0 ? blocked.join('; ') : null}
        />
      )}
      <WriteHistory history={op.history} />
    </Stack>
  );
}
