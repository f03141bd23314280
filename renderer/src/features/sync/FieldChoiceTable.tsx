import { Group, Radio, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import type { OutboxField, OutboxOpView } from '../../../../shared/schemas/outbox';
import { IconAlertTriangle } from '../../components/icons';
import { outboxFieldLabel, valueWords } from '../../lib/outbox-write-words';
import { editTextOf, fieldKindOf, type FieldChoice, type FieldChoices } from './field-choices';
import classes from './sync.module.css';

interface FieldChoiceTableProps {
  op: OutboxOpView;
  choices: FieldChoices;
  problems: Record<string, string>;
  /** False once decided (or for a write with nothing to choose): the choices are shown, not asked. */
  editable: boolean;
  onChoose: (field: string, choice: FieldChoice) => void;
}

function Value({ value, testId }: { value: OutboxField['desk'] | undefined; testId: string }) {
  const empty = value === undefined || value === null || value === '';
  return (
    <Text size="sm" className={classes.wrap} c={empty ? 'dimmed' : undefined} data-testid={testId}>
      {valueWords(value)}
    </Text>
  );
}

/** The edit box: yes/no for a yes-or-no field, else text (a number's field says so when it is not one). */
function EditBox({
  field,
  label,
  text,
  problem,
  disabled,
  onText,
}: {
  field: OutboxField;
  label: string;
  text: string;
  problem: string | undefined;
  disabled: boolean;
  onText: (text: string) => void;
}) {
  if (fieldKindOf(field) === 'boolean')
    return (
      <SegmentedControl
        size="xs"
        aria-label={`${label}: my value`}
        value={text === 'no' ? 'no' : 'yes'}
        onChange={onText}
        disabled={disabled}
        data={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
      />
    );
  return (
    <TextInput
      size="xs"
      aria-label={`${label}: my value`}
      value={text}
      onChange={(event) => onText(event.currentTarget.value)}
      error={problem}
      disabled={disabled}
      data-testid={`edit-${field.name}`}
    />
  );
}

function ChoiceCell({
  field,
  label,
  choice,
  problem,
  editable,
  onChoose,
}: {
  field: OutboxField;
  label: string;
  choice: FieldChoice | undefined;
  problem: string | undefined;
  editable: boolean;
  onChoose: (choice: FieldChoice) => void;
}) {
  const take = choice?.take ?? null;
  const text = choice?.take === 'edit' ? choice.text : editTextOf(field.desk);
  return (
    <Stack gap={4}>
      <Radio.Group
        value={take}
        onChange={(value) => onChoose(value === 'edit' ? { take: 'edit', text } : { take: value as 'mine' | 'theirs' })}
        // The group's name for screen readers; the row's first cell already says it to the eye.
        label={`${label}: which value to keep`}
        classNames={{ label: classes.visuallyHidden }}
      >
        <Stack gap={4}>
          <Radio size="xs" value="mine" label="Mine" disabled={!editable} />
          <Radio size="xs" value="theirs" label="Theirs" disabled={!editable || field.remote === undefined} />
          <Radio size="xs" value="edit" label="Edit" disabled={!editable} />
        </Stack>
      </Radio.Group>
      {take === 'edit' && (
        <EditBox
          field={field}
          label={label}
          text={text}
          problem={problem}
          disabled={!editable}
          onText={(next) => onChoose({ take: 'edit', text: next })}
        />
      )}
    </Stack>
  );
}

/**
 * A held write's fields side by side: as the copy had them when the write was queued, as the desk
 * wants them, as the remote has them now; a choice per field. A conflict says so in words and with
 * an icon; a refusal's reason sits beside the field it names.
 */
export function FieldChoiceTable({ op, choices, problems, editable, onChoose }: FieldChoiceTableProps) {
  const gone = op.attention === 'deleted';
  return (
    <Table className={classes.table} verticalSpacing="xs" withTableBorder data-testid="write-fields">
      <Table.Caption className={classes.visuallyHidden}>
        The write's fields: as queued, at the desk, at the remote
      </Table.Caption>
      <colgroup>
        <col style={{ width: gone ? '25%' : '19%' }} />
        <col style={{ width: gone ? '25%' : '19%' }} />
        <col style={{ width: gone ? '25%' : '22%' }} />
        <col style={{ width: gone ? '25%' : '19%' }} />
        {!gone && <col style={{ width: '21%' }} />}
      </colgroup>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>As queued</Table.Th>
          <Table.Th>At the desk</Table.Th>
          <Table.Th>At the remote</Table.Th>
          {!gone && <Table.Th>Your choice</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {op.fields.map((field) => {
          const label = outboxFieldLabel(op.record.kind, field.name);
          const rowClass = field.conflict ? classes.conflictRow : field.refused ? classes.refusedRow : undefined;
          return (
            <Table.Tr
              key={field.name}
              className={rowClass}
              data-testid="write-field"
              data-field={field.name}
              data-conflict={field.conflict || undefined}
            >
              <Table.Td>
                <Text size="sm" fw={600} className={classes.wrap}>
                  {label}
                </Text>
                {field.conflict && (
                  <Group gap={4} wrap="nowrap" c="orange.9" data-testid="field-conflict">
                    <IconAlertTriangle size={14} />
                    <Text size="xs" fw={700} c="light-dark(var(--mantine-color-dark-7), var(--mantine-color-orange-3))">
                      Conflict: both changed it
                    </Text>
                  </Group>
                )}
              </Table.Td>
              <Table.Td>
                <Value value={field.queued} testId="value-queued" />
              </Table.Td>
              <Table.Td>
                <Value value={field.desk} testId="value-desk" />
                {field.refused !== undefined && (
                  <Group gap={4} wrap="nowrap" align="flex-start" mt={4} data-testid="field-refused">
                    <IconAlertTriangle size={14} style={{ flexShrink: 0, marginTop: 2 }} />
                    <Text
                      size="xs"
                      fw={700}
                      className={classes.wrap}
                      c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))"
                    >
                      Refused: {field.refused}
                    </Text>
                  </Group>
                )}
              </Table.Td>
              <Table.Td>
                {gone ? (
                  <Text size="sm" c="dimmed">
                    (deleted)
                  </Text>
                ) : (
                  <Value value={field.remote} testId="value-remote" />
                )}
              </Table.Td>
              {!gone && (
                <Table.Td>
                  <ChoiceCell
                    field={field}
                    label={label}
                    choice={choices[field.name]}
                    problem={problems[field.name]}
                    editable={editable}
                    onChoose={(choice) => onChoose(field.name, choice)}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
