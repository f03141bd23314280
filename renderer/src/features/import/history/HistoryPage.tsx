import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ImportSummary } from '../../../../../shared/schemas/imports/history';
import type { ImportCounts } from '../../../../../shared/schemas/imports/row-outcomes';
import { importsQuery } from '../../../api/import-queries';
import { ROUTES } from '../../../lib/routes';
import { NameCell } from '../../../components/grid/cells';
import type { GridColumnMeta } from '../../../components/grid/columnLayout';
import { FoldingToolbar } from '../../../components/FoldingToolbar';
import { GridKeyHints } from '../../../components/grid/GridKeyHints';
import { RecordGrid } from '../../../components/grid/RecordGrid';
import screen from '../../../components/screen.module.css';
import { IconFileImport } from '../../../components/icons';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { OutcomeCounts } from '../common/OutcomeCounts';
import { STATUS_ORDER } from '../common/outcome-counts';
import { STATUS_LABELS } from '../common/outcomes';
import { STATE_LOOK } from './import-states';
import { useHistoryRefresh } from './useHistoryRefresh';

const column = createColumnHelper<ImportSummary>();
const NO_IMPORTS: ImportSummary[] = [];
const meta = (m: GridColumnMeta) => m;
const outcomesText = (counts: ImportCounts) =>
  STATUS_ORDER.filter((status) => (counts[status] ?? 0) > 0)
    .map((status) => `${STATUS_LABELS[status]}: ${(counts[status] ?? 0).toLocaleString('en')}`)
    .join(', ');

const columns = [
  column.accessor('created_at', { header: 'When', cell: (c) => formatDateTime(c.getValue()), size: 156 }),
  column.accessor('file_name', {
    header: 'File',
    cell: (c) => <NameCell value={c.getValue()} />,
    size: 140,
    meta: meta({ grow: true }),
  }),
  column.accessor('kind', {
    header: 'Kind',
    cell: (c) => (c.getValue() === 'bookings' ? 'Bookings' : 'Filmers'),
    size: 76,
  }),
  column.display({
    id: 'who',
    header: 'Who',
    cell: (c) => (
      <Text span size="sm">
        {c.row.original.operator ?? (
          <Text span c="dimmed">
            —
          </Text>
        )}
        <Text span c="dimmed" size="xs">
          {' '}
          · {c.row.original.dropzone}
        </Text>
      </Text>
    ),
    size: 110,
  }),
  column.accessor('total_rows', {
    header: 'Rows',
    cell: (c) => c.getValue().toLocaleString('en'),
    size: 60,
    meta: meta({ align: 'right' }),
  }),
  // Room for two outcomes' badges at 1024; wide screens give it more, and the tooltip always says them all.
  column.display({
    id: 'counts',
    header: 'Outcomes',
    cell: (c) => (
      <div title={outcomesText(c.row.original.counts)}>
        <OutcomeCounts counts={c.row.original.counts} compact />
      </div>
    ),
    size: 200,
    meta: meta({ grow: true }),
  }),
  column.accessor('state', {
    header: 'State',
    cell: (c) => (
      <Badge size="sm" variant="light" color={STATE_LOOK[c.getValue()].color}>
        {STATE_LOOK[c.getValue()].label}
      </Badge>
    ),
    // Wide enough for the longest state's badge ("Interrupted", "Cancelled") in capitals.
    size: 112,
  }),
];

/** #/imports: every import this desk has run, newest first; open one for its rows. */
export function HistoryPage() {
  const [, navigate] = useLocation();
  const list = useQuery({ ...importsQuery(), refetchInterval: useHistoryRefresh() });
  const [selected, setSelected] = useState<string | null>(null);
  // Newest first, as the server keeps them: no sorting by header.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: list.data?.imports ?? NO_IMPORTS,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    enableSorting: false,
  });

  let body;
  if (list.isPending) body = <LoadingState label="Loading the import history…" />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  else if (list.data.imports.length === 0)
    body = (
      <EmptyState title="No imports yet">
        Imports of bookings and filmers from spreadsheets are listed here, with every row&apos;s outcome.
      </EmptyState>
    );
  else
    body = (
      <>
        <RecordGrid
          table={table}
          label="Imports"
          selectedId={selected}
          onSelect={setSelected}
          onOpen={(item) => navigate(ROUTES.importDetail(item.id))}
          testId="imports-grid"
          focusOnArrival
        />
        <GridKeyHints
          hints={[
            ['↑ ↓', 'select'],
            ['Enter', 'open'],
          ]}
        />
      </>
    );

  return (
    <Stack gap="md" className={screen.fullHeight} data-testid="import-history">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>Import history</Title>
        <FoldingToolbar
          label="Import actions"
          actions={[
            {
              id: 'filmers',
              label: 'Import filmers',
              variant: 'light',
              icon: <IconFileImport />,
              onClick: () => navigate(ROUTES.importFilmers),
            },
            {
              id: 'bookings',
              label: 'Import bookings',
              variant: 'light',
              icon: <IconFileImport />,
              primary: true,
              onClick: () => navigate(ROUTES.importBookings),
            },
          ]}
        />
      </Group>
      {body}
    </Stack>
  );
}
