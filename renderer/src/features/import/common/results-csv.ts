import Papa from 'papaparse';
import type { ImportRowStatus } from '../../../../../shared/schemas/imports/row-outcomes';

export interface ResultLine {
  cells: readonly string[];
  status: ImportRowStatus | 'ready' | 'problem';
  message: string | null;
}

/** Named so they do not collide with a file's own "Status" or "Message" column. */
export const RESULT_COLUMNS = ['Import status', 'Import message'] as const;

/**
 * The results as CSV: the file's own columns as read (with any fixes), then each row's status
 * and message. Written with the file's delimiter so it opens like the original did, and with a
 * byte-order mark so spreadsheets read it as UTF-8.
 */
export function resultsCsv(headers: readonly string[], lines: readonly ResultLine[], delimiter = ','): string {
  const csv = Papa.unparse(
    {
      fields: [...headers, ...RESULT_COLUMNS],
      data: lines.map((line) => [...line.cells, line.status, line.message ?? '']),
    },
    { delimiter, newline: '\r\n', quotes: false },
  );
  return `\uFEFF${csv}\r\n`;
}

/** "bookings.csv" → "bookings-results.csv"; pasted cells get a dated name. */
export function resultsFileName(source: string, suffix = 'results'): string {
  const base = source.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N}._-]+/gu, '-') || 'import';
  return `${base}-${suffix}.csv`;
}
