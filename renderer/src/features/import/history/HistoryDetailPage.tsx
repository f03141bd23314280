import { Alert, Badge, Button, Group, Modal, Pagination, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { type ImportSummary } from '../../../../../shared/schemas/imports/history';
import { IMPORT_LIMITS } from '../../../../../shared/schemas/imports/limits';
import { IMPORT_DONE_STATUSES, type ImportRowStatus } from '../../../../../shared/schemas/imports/row-outcomes';
import { importQuery, importRowsQuery } from '../../../api/import-queries';
import { ROUTES } from '../../../lib/routes';
import { DIALOG_STYLES } from '../../../components/dialog-styles';
import { IconArrowLeft, IconDownload, IconRefresh } from '../../../components/icons';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { downloadText } from '../common/download';
import { historyCsv } from './history-csv';
import { ImportGrid, type ImportGridSource } from '../common/ImportGrid';
import classes from '../common/ImportPage.module.css';
import { importsApi } from '../../../api/imports-api';
import { importActivity, useImportActivity } from '../common/import-activity';
import { STATE_LOOK } from './import-states';
import { useHistoryRefresh } from './useHistoryRefresh';
import { OutcomeCounts } from '../common/OutcomeCounts';
import { resultsFileName } from '../common/results-csv';
import { StatusBadge } from '../common/StatusBadge';

const PER_PAGE = IMPORT_LIMITS.rowsPerPageDefault;

function failedTotal(summary: ImportSummary): number {
  return Object.entries(summary.counts).reduce(
    (n, [status, count]) => n + (IMPORT_DONE_STATUSES.includes(status as ImportRowStatus) ? 0 : (count ?? 0)),
    0,
  );
}

function Downloads({ summary }: { summary: ImportSummary }) {
  const [busy, setBusy] = useState<'failed' | 'all' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (which: 'failed' | 'all') => {
    setBusy(which);
    setError(null);
    try {
      const csv = await historyCsv(summary, which === 'failed' ? { failed: true } : {});
      downloadText(resultsFileName(summary.file_name, which === 'failed' ? 'failed-rows' : 'results'), csv);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      {error && (
        <Text size="sm" c="red">
          Download failed: {error}
        </Text>
      )}
      <Button
        variant="default"
        leftSection={<IconDownload />}
        loading={busy === 'all'}
        onClick={() => void run('all')}
        data-testid="history-download-all"
      >
        Results CSV
      </Button>
      <Button
        variant="light"
        leftSection={<IconDownload />}
        loading={busy === 'failed'}
        disabled={failedTotal(summary) === 0}
        onClick={() => void run('failed')}
        data-testid="history-download-failed"
      >
        Failed rows CSV ({failedTotal(summary).toLocaleString('en')})
      </Button>
    </Group>
  );
}

/** "Retry failed rows": the import back in its wizard, at Check, with only the rows that did not go in to send. */
function RetryFailed({ summary }: { summary: ImportSummary }) {
  const [, navigate] = useLocation();
  const { sending, unsent } = useImportActivity();
  const [asking, setAsking] = useState(false);
  const failed = failedTotal(summary);
  // The wizard of this kind in this window is watching a send of its own: it cannot take this one meanwhile.
  const busy = sending?.kind === summary.kind;
  const reason =
    summary.state === 'running'
      ? 'This import is still being sent'
      : busy
        ? `Another ${summary.kind} import is being sent from this window; wait for it to finish`
        : null;
  // The wizard of this kind, kept open off-screen, would start afresh with this import.
  const held = unsent[summary.kind];
  const reopen = () => {
    setAsking(false);
    importActivity.requestResume(summary.kind, summary.id);
    navigate(summary.kind === 'bookings' ? ROUTES.importBookings : ROUTES.importFilmers);
  };
  return (
    <>
      <Tooltip label={reason} disabled={reason === null}>
        <Button
          leftSection={<IconRefresh />}
          disabled={failed === 0 || reason !== null}
          onClick={() => (held > 0 ? setAsking(true) : reopen())}
          data-testid="history-retry"
        >
          Retry failed rows ({failed.toLocaleString('en')})
        </Button>
      </Tooltip>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title="Replace the open import?"
        styles={DIALOG_STYLES}
        size="md"
        data-testid="history-retry-confirm"
      >
        <Stack gap="md">
          <Text size="sm">
            An import of {summary.kind} is open with {held.toLocaleString('en')} {held === 1 ? 'row' : 'rows'} not sent
            yet. Replace it with import {summary.id} ({summary.file_name})?
          </Text>
          <Text size="sm" c="dimmed">
            Replacing drops that import&apos;s rows and any fixes made to them. Keep it to go back and send it first.
          </Text>
          <Group justify="flex-end" gap="sm" className="dialog-footer">
            <Button variant="default" onClick={() => setAsking(false)} data-autofocus data-testid="history-retry-keep">
              Keep it
            </Button>
            <Button color="red" onClick={reopen} data-testid="history-retry-replace">
              Replace
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** A running import's progress as the desk reports it, and its Cancel (from any window). */
function BeingSent({ summary }: { summary: ImportSummary }) {
  const [asked, setAsked] = useState(false);
  const progress = summary.progress;
  const cancelling = asked || progress?.cancelling === true;
  return (
    <Alert color="sky" title="Being sent by the desk" data-testid="history-running">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          {progress ? `${progress.sent.toLocaleString('en')} of ${progress.to_send.toLocaleString('en')} sent. ` : ''}
          Closing windows does not stop it; rows marked “Not sent yet” get their outcome as their batch is answered.
          {cancelling && ' Stopping after the batch on its way.'}
        </Text>
        <Button
          color="red"
          variant="light"
          size="xs"
          disabled={cancelling}
          onClick={() => {
            setAsked(true);
            void importsApi.cancel(summary.id).catch(() => setAsked(false));
          }}
          data-testid="history-cancel"
        >
          Cancel
        </Button>
      </Group>
    </Alert>
  );
}

/** #/imports/:id: one stored import, its rows paged from the server, filterable, downloadable. */
export function HistoryDetailPage({ id }: { id: number }) {
  const [, navigate] = useLocation();
  const [status, setStatus] = useState<ImportRowStatus | null>(null);
  const [failedOnly, setFailedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const refetchInterval = useHistoryRefresh();
  const summary = useQuery({ ...importQuery(id), refetchInterval });
  const rowsQuery = useQuery({
    ...importRowsQuery(id, {
      status: status ?? undefined,
      failed: failedOnly && status === null ? true : undefined,
      page,
      perPage: PER_PAGE,
    }),
    refetchInterval,
  });
  const rows = useMemo(() => rowsQuery.data?.rows ?? [], [rowsQuery.data]);
  const items = useMemo(() => rows.map((_, i) => i), [rows]);

  if (summary.isPending) return <LoadingState label="Loading the import…" />;
  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => summary.refetch()} />;
  const s = summary.data;

  const source: ImportGridSource = {
    headers: s.headers,
    fieldOf: (column) => s.mapping[s.headers[column] ?? ''] ?? null,
    rowNumber: (i) => rows[i]?.row_number ?? 0,
    cell: (i, c) => rows[i]?.cells[c] ?? '',
    rowState: (i) => {
      const st = rows[i]?.status;
      if (!st || IMPORT_DONE_STATUSES.includes(st)) return 'ok';
      return st === 'left_out' ? 'skipped' : 'problem';
    },
    status: (i) => (rows[i] ? <StatusBadge status={rows[i].status} /> : null),
    message: (i) => rows[i]?.message ?? null,
  };
  const pages = rowsQuery.data?.pagination.pages ?? 1;

  return (
    <Stack
      className={`${classes.page} ${classes.gridPage}`}
      gap="sm"
      data-testid="import-history-detail"
      data-state={s.state}
    >
      <Group justify="space-between" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft />}
            onClick={() => navigate(ROUTES.imports)}
            data-testid="history-back"
          >
            History
          </Button>
          <Title order={2} data-testid="history-file-name">
            {s.file_name}
          </Title>
          <Badge variant="light" color={STATE_LOOK[s.state].color}>
            {STATE_LOOK[s.state].label}
          </Badge>
        </Group>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <Downloads summary={s} />
          <RetryFailed summary={s} />
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {s.kind === 'bookings' ? 'Bookings' : 'Filmers'} · {formatDateTime(s.created_at)} ·{' '}
        {s.operator ? `${s.operator} · ` : ''}dropzone {s.dropzone} · {s.total_rows.toLocaleString('en')} rows
        {s.date_format ? ` · dates ${s.date_format}` : ''}
      </Text>
      {s.state === 'running' && <BeingSent summary={s} />}
      {s.state === 'interrupted' && (
        <Alert
          color="red"
          title="Interrupted: the desk stopped while this import was being sent"
          data-testid="history-interrupted"
        >
          {s.stop_reason ? '' : 'The desk was closed or crashed. '}What was sent stays sent.{' '}
          {(s.counts.pending ?? 0).toLocaleString('en')} rows marked “Not sent yet” were not sent (or their answer was
          lost): “Retry failed rows” sends them without making doubles, or download them with “Failed rows CSV”.
        </Alert>
      )}
      {s.state === 'finished' && s.stop_reason && (
        <Alert color="orange" title="The import stopped early" data-testid="history-stopped">
          A batch got no answer, twice: {s.stop_reason}. The rows from there on were not sent: “Retry failed rows” sends
          them without making doubles.
        </Alert>
      )}
      <Group justify="space-between">
        <OutcomeCounts
          counts={s.counts}
          active={status}
          onPick={(picked) => {
            setStatus((current) => (current === picked ? null : picked));
            setPage(1);
          }}
        />
        <Switch
          label="Only rows that failed"
          checked={failedOnly}
          onChange={(event) => {
            setFailedOnly(event.currentTarget.checked);
            setStatus(null);
            setPage(1);
          }}
          data-testid="history-failed-only"
        />
      </Group>
      {rowsQuery.isError ? (
        <ErrorState error={rowsQuery.error} onRetry={() => rowsQuery.refetch()} />
      ) : (
        <ImportGrid
          label="Imported rows"
          items={items}
          source={source}
          messageHeader="What happened"
          testId="history-rows-grid"
          placeholder={
            rowsQuery.isPending ? <LoadingState label="Loading rows…" /> : <EmptyState title="No rows here" />
          }
        />
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
