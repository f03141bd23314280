import { Badge, Group, SegmentedControl, Select, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue, useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { LogEntrySummary } from '../../../../shared/schemas/log';
import { ApiError } from '../../api/client';
import { logQuery } from '../../api/queries';
import type { LogFilters } from '../../api/sync-api';
import type { GridColumnMeta } from '../../components/grid/columnLayout';
import { GridKeyHints } from '../../components/grid/GridKeyHints';
import { RecordGrid } from '../../components/grid/RecordGrid';
import screen from '../../components/screen.module.css';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { formatBytes } from '../../lib/format';
import { LogEntryDrawer } from './LogEntryDrawer';
import { httpColor } from './http-color';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const STATUS_PATTERN = /^(?:[1-5]\d\d|[1-5]xx|[a-z_]{1,64})$/;

/** Who made the call: the desk's own screens, a booking system's token by its label, a paired desk by its name, or no valid credentials. */
function CallerCell({ entry }: { entry: LogEntrySummary }) {
  switch (entry.caller) {
    case 'desk':
      return (
        <Tooltip label="The desk's own screens (a desk window's session)">
          <Badge size="sm" variant="light" color="gray" tt="none">
            Desk
          </Badge>
        </Tooltip>
      );
    case 'token':
      return (
        <Tooltip label="A booking system, by its API token's label (Settings → API tokens)">
          <Text span size="sm" fw={600} c="sky.8" truncate title={entry.caller_label ?? undefined}>
            {entry.caller_label}
          </Text>
        </Tooltip>
      );
    case 'paired':
      return (
        <Tooltip label="A desk paired with this main desk, by its name (Settings → Desks)">
          <Text span size="sm" fw={600} c="grape.8" truncate title={entry.caller_label ?? undefined}>
            {entry.caller_label}
          </Text>
        </Tooltip>
      );
    case 'none':
      return (
        <Text span size="sm" c="orange.8">
          No token
        </Text>
      );
    case 'invalid':
      return (
        <Text span size="sm" c="red.8">
          Unknown token
        </Text>
      );
  }
}

/** Where the Log remembers "Hide the desk's own calls" (on until switched off). */
const HIDE_DESK_KEY = 'dropzone-desk.log.hide-desk';

const column = createColumnHelper<LogEntrySummary>();
const meta = (m: GridColumnMeta) => m;

const columns = [
  column.accessor('time', {
    header: 'Time',
    cell: (c) => (
      <Tooltip label={c.getValue()}>
        <span>{new Date(c.getValue()).toLocaleTimeString(undefined, { hour12: false })}</span>
      </Tooltip>
    ),
    size: 80,
  }),
  column.accessor('caller', {
    header: 'Caller',
    cell: (c) => <CallerCell entry={c.row.original} />,
    size: 150,
  }),
  column.accessor('method', {
    header: 'Method',
    cell: (c) => (
      <Text span ff="monospace" size="sm" fw={600}>
        {c.getValue()}
      </Text>
    ),
    size: 72,
  }),
  column.accessor('path', {
    header: 'Path',
    cell: (c) => (
      <Text span ff="monospace" size="sm" title={c.getValue()}>
        {c.getValue()}
      </Text>
    ),
    size: 130,
    meta: meta({ grow: true }),
  }),
  column.accessor('mode', {
    header: 'Mode',
    cell: (c) => (
      <Badge size="sm" variant="light" color={c.getValue() === 'proxy' ? 'grape' : 'gray'} tt="none">
        {c.getValue() === 'proxy' ? 'proxy' : 'local'}
      </Badge>
    ),
    size: 64,
  }),
  column.accessor('http_status', {
    header: 'HTTP',
    cell: (c) => (
      <Badge size="sm" variant="light" color={httpColor(c.getValue())}>
        {c.getValue()}
      </Badge>
    ),
    size: 60,
    meta: meta({ align: 'center' }),
  }),
  // Long statuses (unprocessable_content) are cut with an ellipsis, whole in the tooltip: every column fits a 1024 window.
  column.accessor('status', {
    header: 'Status',
    cell: (c) =>
      c.getValue() ? (
        <span title={c.getValue() ?? undefined}>{c.getValue()}</span>
      ) : (
        <Text span c="dimmed">
          –
        </Text>
      ),
    size: 120,
  }),
  column.accessor('duration_ms', {
    header: 'Duration',
    cell: (c) => `${c.getValue() < 10 ? c.getValue().toFixed(1) : Math.round(c.getValue())} ms`,
    size: 84,
    meta: meta({ align: 'right' }),
  }),
  column.display({
    id: 'sizes',
    header: 'Sent / received',
    cell: (c) => `${formatBytes(c.row.original.request_bytes)} / ${formatBytes(c.row.original.response_bytes)}`,
    size: 132,
    meta: meta({ align: 'right' }),
  }),
  column.accessor('deviation_count', {
    header: 'Contract',
    cell: (c) =>
      c.getValue() > 0 ? (
        <Badge size="sm" color="orange" variant="filled" data-testid="deviation-marker">
          {c.getValue()} deviation{c.getValue() === 1 ? '' : 's'}
        </Badge>
      ) : c.row.original.contract_checked ? (
        <Text span size="xs" c="teal">
          ok
        </Text>
      ) : (
        <Text span c="dimmed">
          –
        </Text>
      ),
    size: 90,
    meta: meta({ align: 'center' }),
  }),
];

/** Every call through the desk's Sync API, local and proxied, newest first; one opens in a drawer. */
export function LogPage({ onlyDeviations = false }: { onlyDeviations?: boolean }) {
  const [method, setMethod] = useState<string | null>(null);
  const [path, setPath] = useState('');
  const [status, setStatus] = useState('');
  const [mode, setMode] = useState<'all' | 'local' | 'proxy'>('all');
  const [deviations, setDeviations] = useState(onlyDeviations);
  const [autoRefresh, setAutoRefresh] = useState(true);
  // Reception looks here for the booking system's calls: the desk's own are hidden unless asked
  // for, remembered. From the status bar's deviations link all calls show: the desk's own proxied
  // calls deviate as much as a booking system's.
  const [rememberedHideDesk, rememberHideDesk] = useLocalStorage({
    key: HIDE_DESK_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const [hideDesk, setHideDesk] = useState(onlyDeviations ? false : rememberedHideDesk);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [debouncedPath] = useDebouncedValue(path.trim(), 250);
  const [debouncedStatus] = useDebouncedValue(status.trim(), 250);
  const statusInvalid = debouncedStatus !== '' && !STATUS_PATTERN.test(debouncedStatus);

  const filters: LogFilters = {
    ...(method ? { method } : {}),
    ...(debouncedPath ? { path: debouncedPath } : {}),
    ...(debouncedStatus && !statusInvalid ? { status: debouncedStatus } : {}),
    ...(mode !== 'all' ? { mode } : {}),
    ...(deviations ? { deviations: true } : {}),
    ...(hideDesk ? { exclude_desk: 'true' as const } : {}),
    limit: '200',
  };
  const log = useQuery({ ...logQuery(filters), refetchInterval: autoRefresh && openId === null ? 3_000 : false });
  const entries = useMemo(() => log.data?.entries ?? [], [log.data]);
  // TanStack Table's instance is not memoizable; the grid re-renders with it, as in FilmersGrid.
  // Newest first, as the server keeps them: no sorting by header.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: entries,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (e) => String(e.id),
    enableSorting: false,
  });
  const filtered = Boolean(method || debouncedPath || debouncedStatus || mode !== 'all' || deviations);

  return (
    <Stack gap="md" className={screen.fullHeight}>
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Log</Title>
        <Text size="sm" c="dimmed" data-testid="log-summary">
          {log.data
            ? `${entries.length} shown of ${log.data.kept} kept · ${log.data.deviation_count} contract deviation${log.data.deviation_count === 1 ? '' : 's'} since start`
            : ''}
        </Text>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label="Method" placeholder="Any" data={METHODS} value={method} onChange={setMethod} clearable w={120} />
        <TextInput
          label="Path contains"
          placeholder="/bookings"
          value={path}
          onChange={(e) => setPath(e.currentTarget.value)}
          w={220}
          spellCheck={false}
        />
        <TextInput
          label="Status"
          placeholder="422, 4xx or not_found"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value)}
          error={statusInvalid ? 'An HTTP code (422), a class (4xx) or a status name (not_found)' : undefined}
          w={200}
          spellCheck={false}
        />
        <div>
          <Text size="sm" fw={500} mb={2} id="log-mode-label">
            Mode
          </Text>
          <SegmentedControl
            aria-labelledby="log-mode-label"
            value={mode}
            onChange={(v) => setMode(v as typeof mode)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'local', label: 'Local' },
              { value: 'proxy', label: 'Proxy' },
            ]}
          />
        </div>
        <Stack gap={6} pb={4}>
          <Switch
            label="Hide the desk's own calls"
            checked={hideDesk}
            onChange={(e) => {
              setHideDesk(e.currentTarget.checked);
              if (!onlyDeviations) rememberHideDesk(e.currentTarget.checked);
            }}
          />
          <Switch
            label="Only contract deviations"
            checked={deviations}
            onChange={(e) => setDeviations(e.currentTarget.checked)}
          />
          <Switch
            label="Auto-refresh"
            checked={autoRefresh}
            onChange={(e) => setAutoRefresh(e.currentTarget.checked)}
          />
        </Stack>
      </Group>
      {log.isPending ? (
        <LoadingState label="Loading the log…" />
      ) : log.isError && !log.data ? (
        <ErrorState
          error={
            log.error instanceof ApiError && log.error.httpStatus === 422
              ? new Error(`A filter is not valid: ${log.error.message}`)
              : log.error
          }
          onRetry={() => log.refetch()}
        />
      ) : entries.length === 0 ? (
        <EmptyState title={filtered ? 'No calls match these filters' : 'No calls yet'}>
          {filtered
            ? 'Clear a filter to see more.'
            : hideDesk
              ? "Calls of booking systems to the Sync API appear here as they happen (the desk's own calls are hidden: switch that off to see them)."
              : 'Calls to the Sync API (from the screens or a booking system) appear here as they happen.'}
        </EmptyState>
      ) : (
        <>
          <RecordGrid
            table={table}
            label="Request log"
            testId="log-grid"
            focusOnArrival
            selectedId={selectedId}
            onSelect={setSelectedId}
            onOpen={(entry) => setOpenId(entry.id)}
          />
          <GridKeyHints
            hints={[
              ['↑ ↓', 'select'],
              ['Enter', 'open the call'],
              ['Esc', 'close'],
            ]}
          />
        </>
      )}
      <LogEntryDrawer id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
