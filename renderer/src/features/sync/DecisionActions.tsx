import { Button, Group, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { OutboxDecisionInput, OutboxOpView } from '../../../../shared/schemas/outbox';
import { RecordedByField } from '../../components/RecordedByField';

export type DecisionKind = OutboxDecisionInput['action'];

interface DecisionActionsProps {
  op: OutboxOpView;
  name: string;
  onName: (name: string) => void;
  /** A whole-write decision, or `fields` (the caller builds the body from the radios). */
  onDecide: (action: DecisionKind) => void;
  /** "Edit and send again": every field becomes an edit of the desk's value. */
  onEditAll: () => void;
  editingAll: boolean;
  pending: boolean;
  /** Why "Apply my choices" cannot go yet (a conflict left unchosen, an edit that is no value). */
  choicesBlocked: string | null;
}

/**
 * Who decides (each decision records it, as check-ins and jumps do) and the decisions themselves:
 * for a record the remote deleted, create it again or let it go; otherwise keep every field one
 * way, apply the choices per field, edit and send again, or discard the write.
 */
export function DecisionActions(props: DecisionActionsProps) {
  const { op, name, onName, onDecide, onEditAll, editingAll, pending, choicesBlocked } = props;
  const nameInput = useRef<HTMLInputElement>(null);
  const [nameMissing, setNameMissing] = useState(false);
  const decide = (action: DecisionKind) => {
    if (name.trim() === '') {
      setNameMissing(true);
      nameInput.current?.focus();
      return;
    }
    onDecide(action);
  };
  const gone = op.attention === 'deleted';
  const hasFields = op.fields.length > 0;
  return (
    <Stack gap="sm" data-testid="decision-actions">
      <RecordedByField
        ref={nameInput}
        description="Each decision records who took it; it can be undone until the write is sent."
        value={name}
        onChange={(typed) => {
          setNameMissing(false);
          onName(typed);
        }}
        error={nameMissing ? 'Your name, please: the decision records who took it' : undefined}
        required
        maw={360}
      />
      {gone ? (
        <Group gap="sm">
          <Button loading={pending} onClick={() => decide('keep_mine')} data-testid="decide-create-again">
            Create it again
          </Button>
          <Button variant="default" loading={pending} onClick={() => decide('keep_theirs')} data-testid="decide-let-go">
            Let it go
          </Button>
        </Group>
      ) : (
        <Stack gap={6}>
          <Group gap="sm">
            {hasFields && (
              <Button
                loading={pending}
                onClick={() => decide('fields')}
                disabled={choicesBlocked !== null}
                data-testid="decide-fields"
              >
                Apply my choices
              </Button>
            )}
            <Button variant="default" loading={pending} onClick={() => decide('keep_mine')} data-testid="decide-mine">
              Keep mine (all)
            </Button>
            <Button
              variant="default"
              loading={pending}
              onClick={() => decide('keep_theirs')}
              data-testid="decide-theirs"
            >
              Keep theirs (all)
            </Button>
            {hasFields && !editingAll && (
              <Button variant="default" onClick={onEditAll} disabled={pending} data-testid="decide-edit">
                Edit and send again
              </Button>
            )}
            <Button
              variant="subtle"
              color="red"
              loading={pending}
              onClick={() => decide('discard')}
              data-testid="decide-discard"
            >
              Discard
            </Button>
          </Group>
          {hasFields && choicesBlocked && (
            <Text size="xs" c="dimmed" data-testid="choices-blocked">
              To apply your choices — {choicesBlocked}
            </Text>
          )}
          {editingAll && (
            <Text size="xs" c="dimmed">
              Every field is an edit now: change what the remote refused, then Apply my choices to send it again.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
