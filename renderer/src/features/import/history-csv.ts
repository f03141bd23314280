import { IMPORT_LIMITS, type ImportSummary } from '../../../../shared/schemas/imports';
import { importsApi, type ImportRowQuery } from '../../api/imports-api';
import { resultsCsv } from './results-csv';

/** Every row of a stored import matching the query, page after page, as a results CSV with the file's own delimiter. */
export async function historyCsv(summary: ImportSummary, query: Omit<ImportRowQuery, 'page' | 'perPage'>): Promise<string> {
  const lines = [];
  for (let page = 1; ; page++) {
    const answer = await importsApi.rows(summary.id, { ...query, page, perPage: IMPORT_LIMITS.rowsPerPageMax });
    lines.push(...answer.rows.map((row) => ({ cells: row.cells, status: row.status, message: row.message })));
    if (page >= answer.pagination.pages) break;
  }
  return resultsCsv(summary.headers, lines, summary.delimiter ?? ',');
}
