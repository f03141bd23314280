import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { ImportRowStatus } from '../../../../../shared/schemas/imports/row-outcomes';
import { ROUTES } from '../../../lib/routes';
import { IconDownload, IconRefresh } from '../../../components/icons';
import { EmptyState } from '../../../components/states';
import { downloadText } from '../common/download';
import { ImportGrid, type ImportGridSource } from '../common/ImportGrid';
import pageClasses from '../common/ImportPage.module.css';
import { OutcomeCounts } from '../common/OutcomeCounts';
import { outcomeCounts } from '../common/outcome-counts';
import { isDone } from '../common/outcomes';
import { resultsCsv, resultsFileName } from '../common/results-csv';
import { StatusBadge } from '../common/StatusBadge';
import type { ImportWizard } from './useImportWizard';

/** Step 5: every row with its outcome; fix and retry what failed; the results as CSV. */
export function ResultsStep({ wizard, onRestart }: { wizard: ImportWizard; onRestart: () => void }) {
  const [, navigate] = useLocation();
  const [filter, setFilter] = useState<ImportRowStatus | null>(null);
  const checked = wizard.checked;
  const counts = useMemo(() => outcomeCounts(checked?.rows ?? []), [checked]);
  const items = useMemo(() => {
    const shown: number[] = [];
    checked?.rows.forEach((row, i) => {
      if (filter === null || row.outcome?.status === filter) shown.push(i);
    });
    return shown;
  }, [checked, filter]);
  if (!checked || !wizard.source) return null;
  const { headers, delimiter } = wizard.source.table;
  const rows = checked.rows;

  const source: ImportGridSource = {
    headers,
    fieldOf: (column) => wizard.mapping[headers[column] ?? ''] ?? null,
    rowNumber: (i) => rows[i]?.number ?? 0,
    cell: (i, c) => rows[i]?.cells[c] ?? '',
    rowState: (i) => {
      const outcome = rows[i]?.outcome ?? null;
      if (isDone(outcome)) return 'ok';
      return outcome?.status === 'left_out' ? 'skipped' : 'problem';
    },
    status: (i) => {
      const outcome = rows[i]?.outcome;
      return outcome ? <StatusBadge status={outcome.status} /> : null;
    },
    message: (i) => rows[i]?.outcome?.message ?? null,
  };

  const download = () => {
    const lines = rows.map((row) => ({
      cells: row.cells,
      status: row.outcome?.status ?? 'not_sent',
      message: row.outcome?.message ?? null,
    }));
    downloadText(resultsFileName(wizard.source?.fileName ?? 'import'), resultsCsv(headers, lines, delimiter));
  };

  return (
    <Stack gap="sm" className={pageClasses.gridPage} style={{ flex: 1, minHeight: 0 }} data-testid="import-results">
      {wizard.cancelled && (
        <Alert
          color="orange"
          title={`Cancelled after ${wizard.cancelled.sent.toLocaleString('en')} of ${wizard.cancelled.total.toLocaleString('en')} rows`}
          data-testid="import-cancelled"
        >
          What was sent stays sent. {(wizard.cancelled.total - wizard.cancelled.sent).toLocaleString('en')} rows were
          not sent (<b>Not sent</b> below, and in the import history): send them with “Fix and retry failed rows”, now
          or later from the history.
        </Alert>
      )}
      {wizard.interrupted ? (
        <Alert color="red" title="The desk stopped while sending this import" data-testid="import-stopped">
          {wizard.stoppedBy ?? 'The desk was closed or crashed.'} What was sent stays sent; rows marked <b>Not sent</b>{' '}
          were not (or their answer was lost): “Retry failed rows” sends them again without making doubles.
        </Alert>
      ) : (
        wizard.stoppedBy && (
          <Alert color="orange" title="The import stopped early" data-testid="import-stopped">
            A batch got no answer, twice: {wizard.stoppedBy}. Its rows and those after it were not sent (or, for that
            batch, may have been stored without an answer). “Retry failed rows” sends them again without making doubles.
          </Alert>
        )
      )}
      {wizard.outcomesUnread && (
        <Alert color="yellow" title="The results could not be read back" data-testid="import-outcomes-unread">
          The import ended, but its row-by-row results could not be read from the desk: {wizard.outcomesUnread}. The
          import history has them.
        </Alert>
      )}
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={6}>
          <OutcomeCounts
            counts={counts}
            active={filter}
            onPick={(status) => setFilter((current) => (current === status ? null : status))}
          />
          <Text size="xs" c="dimmed">
            {filter
              ? 'Showing one outcome; click it again to show every row.'
              : 'Click an outcome to show only its rows.'}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconDownload />}
            onClick={download}
            data-testid="import-download-results"
          >
            Download results CSV
          </Button>
          <Button
            leftSection={<IconRefresh />}
            disabled={wizard.failedCount === 0}
            onClick={() => wizard.setStep('check')}
            data-testid="import-retry"
          >
            Fix and retry failed rows ({wizard.failedCount.toLocaleString('en')})
          </Button>
        </Group>
      </Group>
      <ImportGrid
        label="Import results"
        items={items}
        source={source}
        messageHeader="What happened"
        testId="import-results-grid"
        placeholder={<EmptyState title="No rows with this outcome" />}
      />
      <Group justify="space-between">
        <Button variant="subtle" onClick={onRestart} data-testid="import-new">
          Start a new import
        </Button>
        {wizard.importId !== null && (
          <Button
            variant="subtle"
            onClick={() => navigate(ROUTES.importDetail(wizard.importId as number))}
            data-testid="import-open-history"
          >
            Open in the import history
          </Button>
        )}
      </Group>
    </Stack>
  );
}
