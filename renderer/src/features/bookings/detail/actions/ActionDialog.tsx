import { Alert, Badge, Button, Group, Loader, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ACTION_LIMITS, type AvailableAction, type DeskAction } from '../../../../../../shared/schemas/booking-actions';
import { actionPreviewQuery, bookingActionsApi } from '../../../../api/booking-actions-api';
import { queryKeys } from '../../../../api/queries';
import { RecordedByField } from '../../../../components/RecordedByField';
import { DIALOG_STYLES } from '../../../../components/dialog-styles';
import { useOperatorName } from '../../../../lib/operator';
import { eventTypeText } from '../../../../lib/booking-labels';
import { ACTION_TEXT } from './action-labels';
import { PlanSummary } from './PlanSummary';

interface Inputs {
  choiceId: string | null;
  credits: number | string;
  comment: string;
}

/** The action the dialog's inputs describe, or null while something it needs is missing. */
function describedAction(available: AvailableAction, { choiceId, credits, comment }: Inputs): DeskAction | null {
  const id = choiceId === null ? null : Number(choiceId);
  switch (available.kind) {
    case 'send_preview':
    case 'deliver':
      return { kind: available.kind };
    case 'convert':
    case 'change_product':
      return id === null ? null : { kind: available.kind, product_id: id };
    case 'reception_upgrade':
      return id === null ? null : { kind: 'reception_upgrade', upgrade_id: id };
    case 'manual_credit': {
      const centi = Math.round(Number(credits) * 100);
      return credits === '' || !Number.isFinite(centi) || centi === 0 || comment.trim() === ''
        ? null
        : { kind: 'manual_credit', centi_credit_change: centi, comment };
    }
    case 'correct':
      return available.event_id === null || comment.trim() === ''
        ? null
        : { kind: 'correct', event_id: available.event_id, comment };
  }
}

function record(externalId: string, action: DeskAction, recordedBy: string) {
  if (action.kind === 'manual_credit')
    return bookingActionsApi.manualCredit(externalId, action.centi_credit_change, action.comment, recordedBy);
  if (action.kind === 'correct')
    return bookingActionsApi.correct(externalId, action.event_id, action.comment, recordedBy);
  return bookingActionsApi.apply(externalId, action, recordedBy);
}

/**
 * Asks before an action is recorded, and says exactly what will be: the server's own plan for it
 * (a dry run, refreshed as the inputs change), so the page never guesses at the rules. The ledger
 * is append-only, so this is the moment to look twice.
 */
export function ActionDialog({
  externalId,
  available,
  onClose,
}: {
  externalId: string;
  available: AvailableAction;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [operator, setOperator] = useOperatorName();
  const possibleChoices = available.choices?.filter((c) => c.plan !== null) ?? [];
  const [inputs, setInputs] = useState<Inputs>({
    choiceId: possibleChoices[0] ? String(possibleChoices[0].id) : null,
    credits: '',
    comment: '',
  });
  // Typing a comment or an amount asks the server again only once the typing pauses.
  const [settled] = useDebouncedValue(inputs, 250);
  const action = describedAction(available, settled);
  const preview = useQuery(actionPreviewQuery(externalId, action));
  const text = ACTION_TEXT[available.kind];
  const name = operator.trim();

  const apply = useMutation({
    mutationFn: (input: { action: DeskAction; recordedBy: string }) =>
      record(externalId, input.action, input.recordedBy),
    onSuccess: async (applied) => {
      notifications.show({
        color: 'teal',
        title: 'Recorded',
        message: `${eventTypeText(applied.event.event_type).label} (event #${applied.event.id}), recorded by ${applied.event.recorded_by}.`,
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
      onClose();
    },
  });
  const close = () => {
    if (!apply.isPending) onClose();
  };
  const choiceLabel = available.kind === 'reception_upgrade' ? 'Upgrade' : 'Product';
  const upToDate =
    action !== null &&
    describedAction(available, inputs) !== null &&
    JSON.stringify(describedAction(available, inputs)) === JSON.stringify(action);
  const canRecord = upToDate && preview.isSuccess && name.length > 0 && name.length <= ACTION_LIMITS.recordedByMax;

  return (
    <Modal
      opened
      onClose={close}
      size="lg"
      styles={DIALOG_STYLES}
      closeButtonProps={{ 'aria-label': 'Close without recording' }}
      title={
        <Group gap="xs" component="span">
          <span>{text.title}</span>
          {available.admin && (
            <Badge color="grape" variant="light" size="sm" tt="none" data-testid="admin-badge">
              Administrator action
            </Badge>
          )}
        </Group>
      }
      data-testid="action-dialog"
      data-kind={available.kind}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {text.does}
        </Text>
        {available.choices && (
          <Select
            label={choiceLabel}
            data={possibleChoices.map((c) => ({ value: String(c.id), label: c.name }))}
            value={inputs.choiceId}
            onChange={(choiceId) => setInputs((i) => ({ ...i, choiceId }))}
            allowDeselect={false}
            data-testid="action-choice"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {available.kind === 'manual_credit' && (
          <NumberInput
            label="Credits (negative to take credits away)"
            description="1 credit = 100 centi-credits; up to two decimals"
            value={inputs.credits}
            onChange={(credits) => setInputs((i) => ({ ...i, credits }))}
            decimalScale={2}
            allowNegative
            hideControls
            required
            data-testid="action-credits"
          />
        )}
        {(available.kind === 'manual_credit' || available.kind === 'correct') && (
          <Textarea
            label={
              available.kind === 'correct'
                ? `What was wrong with event #${available.event_id}?`
                : 'Why (kept in the ledger)'
            }
            value={inputs.comment}
            onChange={(event) => {
              const comment = event.currentTarget.value;
              setInputs((i) => ({ ...i, comment }));
            }}
            maxLength={ACTION_LIMITS.commentMax}
            autosize
            minRows={2}
            required
            data-testid="action-comment"
          />
        )}
        <RecordedByField
          description="Recorded with the event: who did it"
          value={operator}
          onChange={setOperator}
          error={name === '' ? 'Say who records this' : undefined}
          required
          data-testid="action-operator"
        />
        <Stack gap={6}>
          <Text size="sm" fw={650}>
            What will be recorded
          </Text>
          {action === null ? (
            <Text size="sm" c="dimmed" data-testid="plan-waiting">
              {available.kind === 'manual_credit'
                ? 'Enter the credits and why, to see the event.'
                : available.kind === 'correct'
                  ? 'Say what was wrong, to see the event.'
                  : 'Choose one, to see the event.'}
            </Text>
          ) : preview.isPending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Asking the desk…
              </Text>
            </Group>
          ) : preview.isError ? (
            <Alert color="orange" title="Not possible" data-testid="plan-refused">
              {preview.error.message}
            </Alert>
          ) : (
            <PlanSummary plan={preview.data.plan} />
          )}
        </Stack>
        {apply.isError && (
          <Alert color="red" title="Not recorded" data-testid="action-error">
            {apply.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" className="dialog-footer">
          <Button variant="default" onClick={close} disabled={apply.isPending} data-autofocus>
            Cancel
          </Button>
          <Button
            onClick={() => action && apply.mutate({ action, recordedBy: name })}
            disabled={!canRecord}
            loading={apply.isPending}
            data-testid="action-confirm"
          >
            {preview.isSuccess ? `Record ${eventTypeText(preview.data.plan.event_type).label.toLowerCase()}` : 'Record'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
