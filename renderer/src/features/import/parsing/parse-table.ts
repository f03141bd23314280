import Papa from 'papaparse';
import { IMPORT_LIMITS } from '../../../../../shared/schemas/imports/limits';
import { IMPORT_DELIMITERS, type ImportDelimiter } from '../../../../../shared/schemas/imports/source-file';
import { stripBom } from './decode-bytes';

/** A file (or pasted cells) read as a table: unique, non-empty headers and rows as long as the headers. */
export interface SourceTable {
  headers: string[];
  rows: string[][];
  /** The delimiter found (",", ";", "\t" or "|"): the ones the import history keeps. */
  delimiter: ImportDelimiter;
  blankRowsSkipped: number;
  /** Lines (1-based, in the file) with a cell that starts with a quote but goes on after its closing one (`"Big" Ben`): read as written. */
  strayQuoteLines?: number[];
  /** The file's first line was Excel's `sep=;` delimiter hint (dropped). */
  delimiterHint?: boolean;
}

export type TableResult = { ok: true; table: SourceTable } | { ok: false; reason: string };

const isDelimiter = (text: string): text is ImportDelimiter => (IMPORT_DELIMITERS as readonly string[]).includes(text);
export const DELIMITER_NAMES: Record<ImportDelimiter, string> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'vertical bar',
};

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
 * Excel writes `sep=;` (or `sep=,`, `sep=<tab>`) as the first line of a CSV it should open with
 * that delimiter; it names the delimiter and is no header. Re-saved, it may be quoted or padded
 * with delimiters (`"sep=;";;`).
 */
const SEP_LINE = /^"?sep=(\\t|[^\r\n"])"?[,;\t| ]*(?:\r\n|\r|\n|$)/i;

function delimiterHint(text: string): { delimiter: ImportDelimiter; rest: string } | null {
  const match = SEP_LINE.exec(text);
  if (!match) return null;
  const named = match[1] === '\\t' ? '\t' : (match[1] as string);
  return isDelimiter(named) ? { delimiter: named, rest: text.slice(match[0].length) } : null;
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** The 1-based line of a position in the text, and that line (shortened) to show. */
function lineAt(text: string, index: number): { line: number; content: string } {
  const line = (text.slice(0, index).match(LINE_BREAK)?.length ?? 0) + 1;
  const start = Math.max(text.lastIndexOf('\n', index - 1), text.lastIndexOf('\r', index - 1)) + 1;
  const end = text.slice(start).search(/[\r\n]/);
  const content = end < 0 ? text.slice(start) : text.slice(start, start + end);
  return { line, content: content.length > 80 ? `${content.slice(0, 80)}…` : content };
}

/**
 * A cell that starts with a quote and goes on after its closing one (`"Big" Ben`) is no quoted
 * cell: Papa reads on to the next quote in the file, merging rows or never closing. Rewritten as
 * the properly quoted cell of its text as written (`"""Big"" Ben"`); null when the quote is never
 * closed at all (then nothing can be known about where the cell ends).
 * `afterQuote` is Papa's error index: just past the opening quote.
 */
function quoteAsWritten(text: string, afterQuote: number, delimiter: string): string | null {
  let i = afterQuote;
  for (;;) {
    i = text.indexOf('"', i);
    if (i < 0) return null;
    if (text[i + 1] === '"') i += 2;
    else break;
  }
  const next = text[i + 1];
  if (next === undefined || next === delimiter || next === '\r' || next === '\n') return null;
  let end = i + 1;
  while (end < text.length && text[end] !== delimiter && text[end] !== '\r' && text[end] !== '\n') end++;
  const raw = text.slice(afterQuote - 1, end);
  return `${text.slice(0, afterQuote - 1)}"${raw.replaceAll('"', '""')}"${text.slice(end)}`;
}

/** At most this many stray quotes are mended (each costs a re-read of the file); more, and the file is refused. */
const MAX_STRAY_QUOTES = 20;

/**
 * Papa's guess on the first rows, blank ones left out of the vote: counted in, a file's final
 * line end (an empty last row) is enough to sink the guess for a two-row file.
 */
function guessDelimiter(text: string): ImportDelimiter {
  const preview = Papa.parse<string[]>(text.slice(0, 64 * 1024), {
    delimiter: '',
    delimitersToGuess: [...IMPORT_DELIMITERS],
    skipEmptyLines: 'greedy',
    preview: 20,
  });
  const guessed = preview.meta.delimiter;
  return isDelimiter(guessed) && !preview.errors.some((e) => e.code === 'UndetectableDelimiter') ? guessed : ',';
}

/**
 * Reads delimited text: the delimiter guessed (comma, semicolon, tab or bar), quoted fields
 * with delimiters and line breaks kept whole, any line-end style, blank lines skipped. The first
 * non-blank row names the columns; cells past the header get columns of their own, so no data
 * is dropped (the person can ignore them).
 */
export function parseTable(input: string): TableResult {
  const bomless = stripBom(input);
  const hint = delimiterHint(bomless);
  let text = hint ? hint.rest : bomless;
  if (text.trim() === '') return { ok: false, reason: 'The file is empty.' };
  // Line numbers people see count the `sep=` line their editor shows.
  const linesBefore = hint ? 1 : 0;
  const delimiter = hint?.delimiter ?? guessDelimiter(text);

  const strayQuoteLines: number[] = [];
  let parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  for (;;) {
    const bad = parsed.errors.find((e) => e.code === 'InvalidQuotes' || e.code === 'MissingQuotes');
    if (!bad) break;
    const at = lineAt(text, bad.index ?? 0);
    const line = at.line + linesBefore;
    const mended = strayQuoteLines.length < MAX_STRAY_QUOTES ? quoteAsWritten(text, bad.index ?? 0, delimiter) : null;
    if (mended === null) {
      const what =
        strayQuoteLines.length >= MAX_STRAY_QUOTES
          ? `More than ${MAX_STRAY_QUOTES} cells start with a quote that ends before the cell does (like "Big" Ben); the next is`
          : 'A quoted cell is never closed (a " without its partner), so the rest of the file would read as one cell. It starts';
      return {
        ok: false,
        reason: `${what} on line ${line}, which reads: ${at.content}  Fix the quote in the file (or put the whole cell in quotes, doubling the quotes inside) and choose it again.`,
      };
    }
    strayQuoteLines.push(line);
    text = mended;
    parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
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
    return {
      ok: false,
      reason: `The file has ${dataRows.length.toLocaleString('en')} rows; one import takes at most ${IMPORT_LIMITS.maxRows.toLocaleString('en')}. Split it.`,
    };
  }

  const width = dataRows.reduce((w, row) => Math.max(w, row.length), headerRow.length);
  if (width > IMPORT_LIMITS.maxColumns) {
    return {
      ok: false,
      reason: `The file has ${width} columns; at most ${IMPORT_LIMITS.maxColumns} can be imported. Remove the columns you do not need.`,
    };
  }
  const headers = uniqueHeaders(headerRow, width);
  const rows = dataRows.map((row) =>
    row.length === width ? row : [...row, ...Array<string>(width - row.length).fill('')],
  );
  return {
    ok: true,
    table: {
      headers,
      rows,
      delimiter,
      blankRowsSkipped: Math.max(0, blankRowsSkipped),
      strayQuoteLines,
      delimiterHint: hint !== null,
    },
  };
}
