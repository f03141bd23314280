import type { ImportSummary } from '../../../../../shared/schemas/imports/history';
import { importsApi, type ImportRowQuery } from '../../../api/imports-api';
import { resultsCsv } from '../common/results-csv';

/** Every row of a stored import matching the query, page after page, as a results CSV with the file's own delimiter. */
export async function historyCsv(
  summary: ImportSummary,
  query: Omit<ImportRowQuery, 'page' | 'perPage'>,
): Promise<string> {
  const rows = await importsApi.allRows(summary.id, query);
  const lines = rows.map((row) => ({ cells: row.cells, status: row.status, message: row.message }));
  return resultsCsv(summary.headers, lines, summary.delimiter ?? ',');
}
