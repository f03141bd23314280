import { decodeBytes } from './decode-bytes';
import { DELIMITER_NAMES, parseTable, type SourceTable } from './parse-table';

/** What the Source step hands over: a chosen file's bytes, or cells pasted from a spreadsheet. */
export type SourceInput = { kind: 'file'; name: string; bytes: ArrayBuffer } | { kind: 'paste'; text: string };

export interface ReadSource {
  /** The file's name, or "Pasted cells" (the history shows it). */
  fileName: string;
  table: SourceTable;
  /** Things the person should know about how the file was read (an encoding fallback, skipped lines). */
  notes: string[];
}

export type ReadResult = { ok: true; source: ReadSource } | { ok: false; reason: string };

export const PASTED_NAME = 'Pasted cells';

/** Bytes or text → a table, or the reason it cannot be one. Pure: the parse worker runs it, tests call it directly. */
export function readSource(input: SourceInput): ReadResult {
  const notes: string[] = [];
  let text: string;
  if (input.kind === 'file') {
    const decoded = decodeBytes(new Uint8Array(input.bytes));
    if (!decoded.ok) return { ok: false, reason: decoded.reason };
    text = decoded.text;
    if (decoded.encoding === 'windows-1252') {
      notes.push(
        'The file is not UTF-8; it was read as Windows-1252 (Western European). Check that accented names look right.',
      );
    } else if (decoded.encoding !== 'utf-8') {
      notes.push(`The file is ${decoded.encoding.toUpperCase()} text.`);
    }
  } else {
    text = input.text;
  }
  const parsed = parseTable(text);
  if (!parsed.ok)
    return {
      ok: false,
      reason: input.kind === 'paste' ? parsed.reason.replace('The file', 'The pasted text') : parsed.reason,
    };
  const { table } = parsed;
  if (table.blankRowsSkipped > 0)
    notes.push(`${table.blankRowsSkipped} blank ${table.blankRowsSkipped === 1 ? 'line was' : 'lines were'} skipped.`);
  const lines = table.strayQuoteLines ?? [];
  if (lines.length > 0) {
    notes.push(
      `A cell that starts with a quote ending before the cell does (like "Big" Ben) was read as written, on line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}.`,
    );
  }
  notes.unshift(
    `Columns separated by ${DELIMITER_NAMES[table.delimiter]}${table.delimiterHint ? " (as the file's first line, sep=, says)" : ''}.`,
  );
  return { ok: true, source: { fileName: input.kind === 'file' ? input.name : PASTED_NAME, table, notes } };
}
