import type { ImportSummary } from '../../../../../shared/schemas/imports/history';
import type { ImportRow } from '../../../../../shared/schemas/imports/row-outcomes';
import { importsApi } from '../../../api/imports-api';
import type { RowOutcome } from '../common/outcomes';
import type { ReadSource } from '../parsing/read-source';
import type { WizardRow } from '../parsing/wizard-rows';

export interface ReopenedImport {
  summary: ImportSummary;
  source: ReadSource;
  rows: WizardRow[];
}

/** A row still pending when its import ended: it was never sent, or its answer was lost. */
export const INTERRUPTED =
  'not sent: the import was interrupted before this row went (or before its answer came back); sending it again is safe';

/** A stored row as the wizard holds it: done rows stay done, left-out rows stay left out, the rest go again. */
function wizardRow(row: ImportRow, width: number): WizardRow {
  const cells =
    row.cells.length >= width ? row.cells : [...row.cells, ...new Array<string>(width - row.cells.length).fill('')];
  const outcome: RowOutcome =
    row.status === 'pending'
      ? { status: 'not_sent', message: INTERRUPTED, record_id: null }
      : { status: row.status, message: row.message, record_id: row.record_id };
  return { number: row.row_number, cells, leftOut: row.status === 'left_out', outcome };
}

/**
 * A stored import, back in the wizard for "Retry failed rows" from the history (also after a
 * restart, and for an import the desk was stopped in the middle of): its columns, mapping and every
 * recorded row with its last outcome, read page by page.
 */
export async function reopenImport(id: number): Promise<ReopenedImport> {
  const summary = await importsApi.get(id);
  const stored = await importsApi.allRows(id);
  const width = summary.headers.length;
  const rows = stored.map((row) => wizardRow(row, width));
  const delimiter = summary.delimiter ?? ',';
  const source: ReadSource = {
    fileName: summary.file_name,
    table: { headers: summary.headers, rows: rows.map((row) => row.cells), delimiter, blankRowsSkipped: 0 },
    notes: [`Reopened from the import history: ${rows.length.toLocaleString('en')} recorded rows.`],
  };
  return { summary, source, rows };
}
