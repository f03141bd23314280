import { Alert, Group, List, Select, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { partsOf } from '../parsing/column-plan';
import { DATE_FORMAT_EXAMPLES, DATE_FORMATS, type DateFormat } from '../parsing/date-formats';
import { doubleMapped } from '../parsing/header-match';
import { fieldOf, IMPORT_FIELDS } from '../parsing/fields';
import classes from '../common/ImportPage.module.css';
import type { ImportWizard } from './useImportWizard';

const IGNORE = '__ignore__';
const SAMPLES = 3;

/** Step 2: each column of the file → a field, matched automatically and changeable; columns can be ignored. */
export function ColumnsStep({ wizard }: { wizard: ImportWizard }) {
  const source = wizard.source;
  const options = useMemo(
    () => [
      { value: IGNORE, label: 'Ignore this column' },
      ...IMPORT_FIELDS[wizard.kind].map((f) => ({ value: f.name, label: `${f.label} (${f.name})` })),
    ],
    [wizard.kind],
  );
  if (!source) return null;
  const { headers, rows } = source.table;
  // The first few non-blank cells, reading no further: this renders again at every slice of a
  // check, and mapping all 50,000 rows per column each time held the page ~100 ms.
  const samples = (column: number) => {
    const found: string[] = [];
    for (let i = 0; i < rows.length && found.length < SAMPLES; i++) {
      const value = rows[i]?.[column] ?? '';
      if (value.trim() !== '') found.push(value);
    }
    return found;
  };
  const doubled = doubleMapped(wizard.mapping);
  const matched = headers.filter((h) => wizard.mapping[h]).length;
  const dateMapped = Object.values(wizard.mapping).includes('jump_on');
  const nameParts = partsOf(wizard.plan, 'name');
  const fullName = wizard.plan.columnOf.has('name');
  const nameExample = rows[0]
    ? nameParts
        .map((p) => (rows[0]?.[p.index] ?? '').trim())
        .filter(Boolean)
        .join(' ')
    : '';

  return (
    <Stack gap="sm" data-testid="import-columns">
      <Text size="sm" c="dimmed" data-testid="import-source-summary">
        <b>{source.fileName}</b>: {rows.length.toLocaleString('en')} rows, {headers.length} columns.{' '}
        {source.notes.join(' ')}
      </Text>
      {matched === 0 && (
        <Alert color="yellow" title="No column was recognised">
          Does the file start with a header row (column names such as “Name”, “E-mail”, “Jump date”)? If not, add one,
          or choose the field of each column below.
        </Alert>
      )}
      {wizard.missing.length > 0 && (
        <Alert color="red" title="A required column is not chosen" data-testid="import-missing-fields">
          Choose the column that holds{' '}
          {wizard.missing.map((f, i) => (
            <span key={f}>
              {i > 0 && ' and '}
              <b>{fieldOf(wizard.kind, f)?.label ?? f}</b>
            </span>
          ))}
          {wizard.kind === 'bookings'
            ? ': the Sync API finds bookings by their external id.'
            : ': every new filmer needs both.'}
        </Alert>
      )}
      {doubled.length > 0 && (
        <Alert color="yellow" title="A field is chosen for more than one column">
          <List size="sm">
            {doubled.map((f) => (
              <List.Item key={f}>
                {fieldOf(wizard.kind, f)?.label ?? f}: only the first of its columns is imported.
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Table withTableBorder verticalSpacing={6} striped data-testid="import-mapping-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={240}>Column in the file</Table.Th>
            <Table.Th>First values</Table.Th>
            <Table.Th w={340}>Imported as</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {headers.map((header, column) => (
            <Table.Tr key={header} data-testid="import-mapping-row" data-header={header}>
              <Table.Td fw={600}>{header}</Table.Td>
              <Table.Td>
                <div className={classes.sample}>{samples(column).join(' · ') || '—'}</div>
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Field for column ${header}`}
                  data={options}
                  value={wizard.mapping[header] ?? IGNORE}
                  onChange={(value) => wizard.setField(header, !value || value === IGNORE ? null : value)}
                  allowDeselect={false}
                  searchable
                  size="sm"
                  c={wizard.mapping[header] ? undefined : 'dimmed'}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {nameParts.length > 0 && (
        <Text size="sm" data-testid="import-name-parts">
          {fullName ? (
            <>
              The name comes from <b>{headers[wizard.plan.columnOf.get('name') ?? 0]}</b>;{' '}
              {nameParts.map((p) => headers[p.index]).join(' and ')} {nameParts.length === 1 ? 'is' : 'are'} used only
              where it is empty.
            </>
          ) : (
            <>
              The name is sent as{' '}
              {nameParts.map((p, i) => (
                <span key={p.index}>
                  {i > 0 && ' + '}
                  <b>{headers[p.index]}</b>
                </span>
              ))}
              , joined with a space
              {nameExample && <> (first row: “{nameExample}”)</>}.
            </>
          )}
        </Text>
      )}
      {dateMapped && (
        <Group gap="sm" align="flex-end">
          <Select
            label="Jump dates are written as"
            description="Guessed from the file; 03/04/2026 reads both ways, so check it."
            data={DATE_FORMATS.map((f) => ({ value: f, label: f }))}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" ff="monospace">
                  {option.value}
                </Text>
                <Text size="xs" c="dimmed">
                  {DATE_FORMAT_EXAMPLES[option.value as DateFormat]}
                </Text>
              </Group>
            )}
            value={wizard.dateFormat}
            onChange={(value) => value && wizard.setDateFormat(value as DateFormat)}
            allowDeselect={false}
            w={340}
            data-testid="import-date-format"
          />
        </Group>
      )}
    </Stack>
  );
}
