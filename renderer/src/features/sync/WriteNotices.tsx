import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { OutboxOpView } from '../../../../shared/schemas/outbox';
import { RecordedByField } from '../../components/RecordedByField';
import { IconAlertTriangle } from '../../components/icons';
import { attentionWords, choiceWords } from '../../lib/outbox-write-words';
import { useDeskTime } from './use-desk-time';

/* A write's notices at the top of its page: why it is held, and the decision taken on it. */

/** Why the write is held, at the top: the remote's refusal, the record gone, or the fields both sides changed. */
export function AttentionNotice({ op }: { op: OutboxOpView }) {
  // Decided already: the decision's own note says what happens next.
  if (op.state !== 'attention' || !op.attention || op.decision) return null;
  if (op.attention === 'refused')
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="The remote refused this write" data-testid="write-refused">
        <Text size="sm">{attentionWords(op)}</Text>
        <Text size="sm" mt={4}>
          Nothing else of this record is sent until you decide: edit what it names and send it again, keep the
          remote&apos;s values, or discard it.
        </Text>
      </Alert>
    );
  if (op.attention === 'deleted')
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="Deleted at the remote" data-testid="write-deleted">
        <Text size="sm">
          The remote deleted this record after the desk changed it. The desk never creates it again unasked: create it
          again with the desk&apos;s values, or let it go.
        </Text>
      </Alert>
    );
  return (
    <Alert color="orange" icon={<IconAlertTriangle />} title="Conflict" data-testid="write-conflict">
      <Text size="sm">
        {attentionWords(op)}, to another value. Choose per field which to keep (or type the right one), or keep every
        field one way.
      </Text>
    </Alert>
  );
}

/**
 * The desk's answer offline beside the remote's, when the remote answered otherwise (`ok` offline,
 * then `partial_update` or a refusal at the remote): the caller was told one thing, the remote did another.
 */
export function AnswersNotice({ op }: { op: OutboxOpView }) {
  if (op.remote_status === null) return null;
  return (
    <Alert color="yellow" title="The remote answered otherwise" data-testid="write-answers">
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            The desk answered offline
          </Text>
          <Text size="sm" fw={600} data-testid="answer-desk">
            {op.predicted}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            The remote answered
          </Text>
          <Text size="sm" fw={600} data-testid="answer-remote">
            HTTP {op.remote_status}
            {op.remote_error ? `: ${op.remote_error}` : ''}
          </Text>
        </Stack>
      </Group>
    </Alert>
  );
}

export function DecisionNote({
  op,
  name,
  onName,
  onUndo,
  pending,
}: {
  op: OutboxOpView;
  name: string;
  onName: (name: string) => void;
  onUndo: () => void;
  pending: boolean;
}) {
  const deskTime = useDeskTime();
  if (!op.decision) return null;
  const undoable = op.state !== 'settled';
  return (
    <Alert color="sky" title={`Decided: ${choiceWords(op.decision.action, op.attention)}`} data-testid="write-decision">
      <Stack gap="xs">
        <Text size="sm">
          By {op.decision.by}, {deskTime(op.decision.at)}.{' '}
          {undoable ? 'It is sent when the remote answers; until then it can be undone.' : 'It has been carried out.'}
        </Text>
        {undoable && (
          <Group gap="sm" align="flex-end">
            <RecordedByField size="xs" value={name} onChange={onName} w={220} />
            <Button
              size="xs"
              variant="default"
              onClick={onUndo}
              loading={pending}
              disabled={name.trim() === ''}
              data-testid="undo-decision"
            >
              Undo decision
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
