import Papa from 'papaparse';
import { IMPORT_LIMITS } from '../../../../shared/schemas/imports';
import { stripBom } from './decode-bytes';

/** A file (or pasted cells) read as a table: unique, non-empty headers and rows as long as the headers. */
export interface SourceTable {
  headers: string[];
  rows: string[][];
  /** The delimiter found (",", ";", "\t" or "|"). */
  delimiter: string;
  blankRowsSkipped: number;
}

export type TableResult = { ok: true; table: SourceTable } | { ok: false; reason: string };

const DELIMITERS = [',', ';', '\t', '|'];
export const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'vertical bar' };

/** Empty cells only; or, in a one-column reading, a line of bare delimiters (";;;" is still a blank spreadsheet row). */
function isBlank(row: readonly string[]): boolean {
  if (row.length === 1) return /^[\s,;|]*$/.test(row[0] as string);
  return row.every((cell) => cell.trim() === '');
}

/** Blank headers get a name, repeated ones a number: a mapping is keyed by header. */
function uniqueHeaders(raw: readonly string[], width: number): string[] {
  const seen = new Map<string, number>();
  const headers: string[] = [];
  for (let i = 0; i < width; i++) {
    const base = (raw[i] ?? '').trim() || `Column ${i + 1}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    headers.push(count === 1 ? base : `${base} (${count})`);
  }
  return headers;
}

/**
 * Papa's guess on the first rows, blank ones left out of the vote: counted in, a file's final
 * line end (an empty last row) is enough to sink the guess for a two-row file.
 */
function guessDelimiter(text: string): string {
  const preview = Papa.parse<string[]>(text.slice(0, 64 * 1024), { delimiter: '', delimitersToGuess: DELIMITERS, skipEmptyLines: 'greedy', preview: 20 });
  return DELIMITERS.includes(preview.meta.delimiter) && !preview.errors.some((e) => e.code === 'UndetectableDelimiter') ? preview.meta.delimiter : ',';
}

/**
 * Reads delimited text: the delimiter guessed (comma, semicolon, tab or bar), quoted fields
 * with delimiters and line breaks kept whole, any line-end style, blank lines skipped. The first
 * non-blank row names the columns; cells past the header get columns of their own, so no data
 * is dropped (the person can ignore them).
 */
export function parseTable(input: string): TableResult {
  const text = stripBom(input);
  if (text.trim() === '') return { ok: false, reason: 'The file is empty.' };

  const parsed = Papa.parse<string[]>(text, { delimiter: guessDelimiter(text), skipEmptyLines: false });
  const unclosed = parsed.errors.find((e) => e.code === 'MissingQuotes');
  if (unclosed) {
    const where = unclosed.row === undefined ? '' : ` near data row ${unclosed.row}`;
    return {
      ok: false,
      reason: `A quoted cell${where} is never closed (a " without its partner), so the rest of the file would read as one cell. Fix the quote in the file and choose it again.`,
    };
  }

  let blankRowsSkipped = 0;
  const nonBlank: string[][] = [];
  for (const row of parsed.data) {
    if (isBlank(row)) blankRowsSkipped++;
    else nonBlank.push(row);
  }
  // The line end after the last row is no blank line anyone wrote.
  if (parsed.data.length > 0 && isBlank(parsed.data[parsed.data.length - 1] as string[])) blankRowsSkipped--;

  const [headerRow, ...dataRows] = nonBlank;
  if (!headerRow) return { ok: false, reason: 'The file is empty.' };
  if (dataRows.length === 0) return { ok: false, reason: 'The file has a header row but no rows of data under it.' };
  if (dataRows.length > IMPORT_LIMITS.maxRows) {
    return { ok: false, reason: `The file has ${dataRows.length.toLocaleString('en')} rows; one import takes at most ${IMPORT_LIMITS.maxRows.toLocaleString('en')}. Split it.` };
  }

  const width = dataRows.reduce((w, row) => Math.max(w, row.length), headerRow.length);
  if (width > IMPORT_LIMITS.maxColumns) {
    return { ok: false, reason: `The file has ${width} columns; at most ${IMPORT_LIMITS.maxColumns} can be imported. Remove the columns you do not need.` };
  }
  const headers = uniqueHeaders(headerRow, width);
  const rows = dataRows.map((row) => (row.length === width ? row : [...row, ...Array<string>(width - row.length).fill('')]));
  const delimiter = DELIMITERS.includes(parsed.meta.delimiter) ? parsed.meta.delimiter : ',';
  return { ok: true, table: { headers, rows, delimiter, blankRowsSkipped: Math.max(0, blankRowsSkipped) } };
}
