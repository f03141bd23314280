import { type ImportKeptBackRow, type ImportSendRow } from '../../../../../shared/schemas/imports/hand-over';
import { IMPORT_LIMITS } from '../../../../../shared/schemas/imports/limits';
import { SerialisedJson } from '../../../api/client';
import { problemOf, readiness, type CheckedRows } from '../parsing/wizard-rows';

/** The rows of a hand-over: those to send, with their records, and those kept back, with why. */
export interface HandOverRows {
  send: ImportSendRow[];
  kept_back: ImportKeptBackRow[];
}

/** Cells longer than the history keeps are cut there (a stray giant cell in an ignored column must not refuse the import). */
const cellsForHistory = (cells: readonly string[]) =>
  cells.map((c) => (c.length > IMPORT_LIMITS.maxCellLength ? c.slice(0, IMPORT_LIMITS.maxCellLength) : c));

/**
 * What the wizard hands the desk: every ready row with its record, every row not going (a
 * problem, or left out) with its reason. Rows done in an earlier round are not handed again:
 * the history has them.
 */
export function handOverRows(checked: CheckedRows): HandOverRows {
  const send: ImportSendRow[] = [];
  const keptBack: ImportKeptBackRow[] = [];
  checked.rows.forEach((row, index) => {
    const state = readiness(checked, index);
    if (state === 'done') return;
    const base = { row_number: row.number, cells: cellsForHistory(row.cells), key: checked.checks[index]?.key ?? null };
    if (state === 'ready') send.push({ ...base, record: checked.checks[index]?.record ?? {} });
    else
      keptBack.push({
        ...base,
        message: state === 'problem' ? `left out: ${problemOf(checked, index)}` : 'left out by the person importing',
      });
  });
  return { send, kept_back: keptBack };
}

/** Rows serialised per slice: a few ms of work, so 50,000 rows never freeze the page (one JSON.stringify of them all would). */
const SLICE = 2_000;

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

async function listInSlices(rows: readonly object[], parts: BlobPart[]): Promise<void> {
  parts.push('[');
  for (let start = 0; start < rows.length; start += SLICE) {
    if (start > 0) {
      parts.push(',');
      await nextTurn();
    }
    parts.push(
      rows
        .slice(start, start + SLICE)
        .map((row) => JSON.stringify(row))
        .join(','),
    );
  }
  parts.push(']');
}

/** `{ ...facts, send: [...], kept_back: [...] }` as JSON, built slice by slice between turns of the page. */
export async function serialiseHandOver(facts: Record<string, unknown>, rows: HandOverRows): Promise<SerialisedJson> {
  const head = JSON.stringify(facts);
  const parts: BlobPart[] = [head === '{}' ? '{' : `${head.slice(0, -1)},`, '"send":'];
  await listInSlices(rows.send, parts);
  parts.push(',"kept_back":');
  await listInSlices(rows.kept_back, parts);
  parts.push('}');
  return new SerialisedJson(new Blob(parts, { type: 'application/json' }));
}
