import type { ImportKind } from '../../../../../shared/schemas/imports/kinds';
import type { ColumnPlan } from './column-plan';
import { findDuplicates } from './duplicates';
import { isDone, type RowOutcome } from '../../../../../shared/rules/import-outcomes';
import { checkRow, hasProblems, problemText, type CheckSettings, type RowCheck } from './row-check';

/** A row of the file as the wizard holds it: cells (fixes included), left out or not, and its last outcome. */
export interface WizardRow {
  /** 1-based data row number in the file: the row's identity in the history. */
  number: number;
  cells: string[];
  leftOut: boolean;
  outcome: RowOutcome | null;
}

/** Where a row stands before (another) send. */
export type RowReadiness = 'ready' | 'problem' | 'left_out' | 'done';

export interface CheckedRows {
  rows: WizardRow[];
  checks: RowCheck[];
  /** Row index → why its key clashes with another row's. */
  duplicates: Map<number, string>;
}

export function toWizardRows(cells: readonly string[][]): WizardRow[] {
  return cells.map((row, i) => ({ number: i + 1, cells: row, leftOut: false, outcome: null }));
}

export function checkAll(kind: ImportKind, rows: WizardRow[], plan: ColumnPlan, settings: CheckSettings): CheckedRows {
  const checks = rows.map((row) => checkRow(row.cells, plan, settings));
  return {
    rows,
    checks,
    duplicates: findDuplicates(
      kind,
      rows.map((row, i) => ({ number: row.number, leftOut: row.leftOut, check: checks[i] as RowCheck })),
    ),
  };
}

/** Rows checked per slice: about 10 ms of work, so the page keeps painting while 50,000 rows are checked. */
const CHECK_SLICE = 2_000;

/**
 * checkAll in slices, yielding to the page between them (a 50,000-row file takes about half a
 * second to check; in one piece that would freeze the window). `onProgress` gets the rows done.
 */
export async function checkAllInSlices(
  kind: ImportKind,
  rows: WizardRow[],
  plan: ColumnPlan,
  settings: CheckSettings,
  onProgress: (done: number) => void = () => undefined,
): Promise<CheckedRows> {
  const checks: RowCheck[] = new Array(rows.length);
  for (let start = 0; start < rows.length; start += CHECK_SLICE) {
    const end = Math.min(rows.length, start + CHECK_SLICE);
    for (let i = start; i < end; i++) checks[i] = checkRow((rows[i] as WizardRow).cells, plan, settings);
    onProgress(end);
    if (end < rows.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { rows, checks, duplicates: recount(kind, rows, checks) };
}

/** One cell changed: only that row is checked again; duplicates are recounted (cheap) since keys may have moved. */
export function withCell(
  kind: ImportKind,
  state: CheckedRows,
  index: number,
  column: number,
  value: string,
  plan: ColumnPlan,
  settings: CheckSettings,
): CheckedRows {
  const row = state.rows[index];
  if (!row) return state;
  const cells = row.cells.slice();
  cells[column] = value;
  const rows = state.rows.slice();
  rows[index] = { ...row, cells };
  const checks = state.checks.slice();
  checks[index] = checkRow(cells, plan, settings);
  return { rows, checks, duplicates: recount(kind, rows, checks) };
}

export function withLeftOut(
  kind: ImportKind,
  state: CheckedRows,
  indices: readonly number[],
  leftOut: boolean,
): CheckedRows {
  const rows = state.rows.slice();
  for (const index of indices) {
    const row = rows[index];
    if (row && !isDone(row.outcome)) rows[index] = { ...row, leftOut };
  }
  return { ...state, rows, duplicates: recount(kind, rows, state.checks) };
}

export function withOutcomes(
  state: CheckedRows,
  outcomes: readonly { index: number; outcome: RowOutcome }[],
): CheckedRows {
  const rows = state.rows.slice();
  for (const { index, outcome } of outcomes) {
    const row = rows[index];
    if (row) rows[index] = { ...row, outcome };
  }
  return { ...state, rows };
}

function recount(kind: ImportKind, rows: WizardRow[], checks: RowCheck[]): Map<number, string> {
  return findDuplicates(
    kind,
    rows.map((row, i) => ({ number: row.number, leftOut: row.leftOut, check: checks[i] as RowCheck })),
  );
}

export function readiness(state: CheckedRows, index: number): RowReadiness {
  const row = state.rows[index] as WizardRow;
  if (isDone(row.outcome)) return 'done';
  if (row.leftOut) return 'left_out';
  return hasProblems(state.checks[index] as RowCheck) || state.duplicates.has(index) ? 'problem' : 'ready';
}

/** The reason a row cannot go (its problems), or null. */
export function problemOf(state: CheckedRows, index: number): string | null {
  const check = state.checks[index] as RowCheck;
  const text = problemText(check, state.duplicates.get(index));
  return text === '' ? null : text;
}

export function readinessCounts(state: CheckedRows): Record<RowReadiness, number> {
  const counts: Record<RowReadiness, number> = { ready: 0, problem: 0, left_out: 0, done: 0 };
  for (let i = 0; i < state.rows.length; i++) counts[readiness(state, i)]++;
  return counts;
}
