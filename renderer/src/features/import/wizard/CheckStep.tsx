import { Badge, Button, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../../components/states';
import { ImportGrid, type ImportGridSource } from '../common/ImportGrid';
import classes from '../common/ImportGrid.module.css';
import pageClasses from '../common/ImportPage.module.css';
import { StatusBadge } from '../common/StatusBadge';
import type { ImportWizard } from './useImportWizard';
import { problemOf, readiness, type CheckedRows, type RowReadiness } from '../parsing/wizard-rows';

type CheckFilter = 'all' | 'todo' | RowReadiness;

function matches(filter: CheckFilter, state: RowReadiness): boolean {
  if (filter === 'all') return true;
  if (filter === 'todo') return state !== 'done';
  return filter === state;
}

function gridSource(wizard: ImportWizard, checked: CheckedRows): ImportGridSource {
  const { rows, checks } = checked;
  return {
    headers: wizard.source?.table.headers ?? [],
    fieldOf: (column) => wizard.mapping[wizard.source?.table.headers[column] ?? ''] ?? null,
    rowNumber: (i) => rows[i]?.number ?? 0,
    cell: (i, c) => rows[i]?.cells[c] ?? '',
    cellProblem: (i, c) => checks[i]?.cellProblems[c],
    rowState: (i) => readiness(checked, i),
    status: (i) => {
      const state = readiness(checked, i);
      const outcome = rows[i]?.outcome;
      return (
        <StatusBadge status={state === 'done' && outcome ? outcome.status : (state as Exclude<RowReadiness, 'done'>)} />
      );
    },
    message: (i) => {
      const problem = problemOf(checked, i);
      if (problem) return problem;
      const outcome = rows[i]?.outcome;
      // In a retry, what the server said last time, until the row is sent again.
      if (outcome && outcome.status !== 'left_out') return `last time: ${outcome.message ?? outcome.status}`;
      return checks[i]?.note ?? null;
    },
    action: (i) => {
      const row = rows[i];
      const state = readiness(checked, i);
      // Ticked means "this row will be sent". A row with a problem is not, until it is fixed: a dash,
      // not a tick; a click leaves it out for good (one of two duplicates, say).
      const why =
        state === 'problem'
          ? 'Not sent until the problem is fixed. Click to leave this row out.'
          : state === 'done'
            ? 'Imported already'
            : undefined;
      return (
        <span title={why} className={classes.sendToggle}>
          <Checkbox
            size="xs"
            aria-label={`Send row ${row?.number}`}
            checked={state === 'ready'}
            indeterminate={state === 'problem'}
            color={state === 'problem' ? 'red' : undefined}
            disabled={state === 'done'}
            onChange={() => wizard.setLeftOut([i], state !== 'left_out')}
            tabIndex={-1}
            data-testid="row-send-toggle"
            data-state={state}
          />
        </span>
      );
    },
    toggle: (i) => {
      const state = readiness(checked, i);
      if (state !== 'done') wizard.setLeftOut([i], state !== 'left_out');
    },
    canEdit: (i) => readiness(checked, i) !== 'done',
    onEdit: wizard.editCell,
  };
}

/** Step 3: every row checked before anything is sent; fix cells in place, leave rows out. */
export function CheckStep({ wizard }: { wizard: ImportWizard }) {
  const checked = wizard.checked;
  const retrying = wizard.rounds > 0;
  const [filter, setFilter] = useState<CheckFilter>(retrying ? 'todo' : 'all');
  const counts = wizard.rowCounts;
  const items = useMemo(() => {
    if (!checked) return [];
    const shown: number[] = [];
    for (let i = 0; i < checked.rows.length; i++) if (matches(filter, readiness(checked, i))) shown.push(i);
    return shown;
  }, [checked, filter]);
  const source = useMemo(() => (checked ? gridSource(wizard, checked) : null), [wizard, checked]);
  if (!checked || !counts || !source) return null;

  const problemRows = () => checked.rows.map((_, i) => i).filter((i) => readiness(checked, i) === 'problem');
  const leftOutRows = () => checked.rows.map((_, i) => i).filter((i) => readiness(checked, i) === 'left_out');
  const filters = [
    { value: retrying ? 'todo' : 'all', label: retrying ? 'Not yet imported' : 'All rows' },
    { value: 'problem', label: `With problems (${counts.problem})` },
    { value: 'ready', label: `Will be sent (${counts.ready})` },
    { value: 'left_out', label: `Left out (${counts.left_out})` },
    ...(retrying ? [{ value: 'all', label: 'All rows' }] : []),
  ];

  return (
    <Stack gap="sm" className={pageClasses.gridPage} style={{ flex: 1, minHeight: 0 }} data-testid="import-check">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" data-testid="import-check-counts">
          <Badge size="lg" variant="light" color="teal" data-testid="count-ready">
            {counts.ready.toLocaleString('en')} will be sent
          </Badge>
          <Badge
            size="lg"
            variant="light"
            color={counts.problem > 0 ? 'red' : 'gray'}
            data-testid="count-problem"
            title="Fix a row's cells to send it"
          >
            {counts.problem.toLocaleString('en')} with problems (not sent until fixed)
          </Badge>
          <Badge size="lg" variant="light" color="gray" data-testid="count-left-out">
            {counts.left_out.toLocaleString('en')} left out
          </Badge>
          {retrying && (
            <Badge size="lg" variant="outline" color="gray" data-testid="count-done">
              {counts.done.toLocaleString('en')} imported already
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={counts.problem === 0}
            onClick={() => wizard.setLeftOut(problemRows(), true)}
            data-testid="leave-out-problems"
          >
            Leave out rows with problems
          </Button>
          <Button
            size="xs"
            variant="subtle"
            disabled={counts.left_out === 0}
            onClick={() => wizard.setLeftOut(leftOutRows(), false)}
          >
            Put left-out rows back
          </Button>
        </Group>
      </Group>
      <Group justify="space-between">
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(v) => setFilter(v as CheckFilter)}
          data={filters}
          data-testid="check-filter"
        />
        <Text size="xs" c="dimmed">
          Click a cell, or move with the arrow keys and press Enter, to fix it (Enter keeps, Esc undoes). Space or the
          box ticks a row in or out.
        </Text>
      </Group>
      <ImportGrid
        label="Rows to import"
        items={items}
        source={source}
        messageHeader="Problem"
        testId="import-check-grid"
        placeholder={<EmptyState title="No rows here">Choose another filter above.</EmptyState>}
      />
    </Stack>
  );
}
