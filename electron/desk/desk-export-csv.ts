import Papa from 'papaparse';
import type { DeskBookingRow } from '../../shared/schemas/reception';
import type { SyncContext } from '../sync/context';
import { deskExportRows, type DeskListQuery } from './desk-list';

/**
 * The desk list as CSV that spreadsheets open as they are: UTF-8 with a byte-order
 * mark (Excel reads a file without one in the machine's legacy code page), CRLF line ends, a
 * header row, the delimiter the person's spreadsheet expects (`,`; `;` where the decimal
 * separator is a comma; or tab), every matching row. docs/spec-decisions.md, "CSV export".
 */

export type CsvDelimiter = ',' | ';' | 'tab';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * first, OWASP's list) gets a leading apostrophe: `+49 170 5863991` is a phone number here,
 * and `=HYPERLINK(…)` in a name must stay text. Papa's own escapeFormulae pattern (`^…\.\*$`)
 * misses a cell with a line break in it, so this one looks only at the first character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const COLUMNS: readonly { header: string; cell: (row: DeskBookingRow, decimal: string) => string }[] = [
  { header: 'Id', cell: (r) => String(r.id) },
  { header: 'External id', cell: (r) => r.external_id ?? '' },
  { header: 'Name', cell: (r) => r.name ?? '' },
  { header: 'E-mail', cell: (r) => r.email ?? '' },
  { header: 'Phone', cell: (r) => r.mobile ?? '' },
  { header: 'Jump day', cell: (r) => r.jump_on ?? '' },
  { header: 'Language', cell: (r) => r.language ?? '' },
  { header: 'Reference', cell: (r) => r.reference ?? '' },
  { header: 'Camera package', cell: (r) => r.camera_package ?? '' },
  { header: 'Product', cell: (r) => r.product?.name ?? '' },
  { header: 'Price', cell: (r, decimal) => (r.product ? price(r.product.price_cents, decimal) : '') },
  { header: 'Camera requirement', cell: (r) => r.camera_requirement ?? '' },
  { header: 'Filmer', cell: (r) => r.filmer ?? '' },
  { header: 'Album', cell: (r) => r.album_status_raw ?? '' },
  { header: 'Check-in', cell: (r) => r.check_in?.state ?? '' },
  { header: 'Link', cell: (r) => r.link },
];

/** Cents as the spreadsheet reads a number: `1234.50`, or `1234,50` with a `;` delimiter. */
function price(cents: number, decimal: string): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}${decimal}${String(abs % 100).padStart(2, '0')}`;
}

function lines(rows: readonly (readonly string[])[], delimiter: string): string {
  return `${Papa.unparse(rows as string[][], { delimiter, newline: '\r\n', quotes: false, escapeFormulae: FORMULA_START })}\r\n`;
}

/** The file's text, chunk by chunk: the BOM and header first, then each chunk of rows as it is read. */
export function* deskCsv(
  ctx: SyncContext,
  query: DeskListQuery,
  delimiterChoice: CsvDelimiter = ',',
): Generator<string> {
  const delimiter = delimiterChoice === 'tab' ? '\t' : delimiterChoice;
  const decimal = delimiter === ';' ? ',' : '.';
  yield `\uFEFF${lines([COLUMNS.map((c) => c.header)], delimiter)}`;
  for (const rows of deskExportRows(ctx, query)) {
    yield lines(
      rows.map((row) => COLUMNS.map((c) => c.cell(row, decimal))),
      delimiter,
    );
  }
}
