import type { StoredJumpDates } from '../../../../../shared/schemas/imports/stored-jump-dates';
import type { ColumnPlan } from './column-plan';
import { checkRow, type CheckSettings, type RowCheck } from './row-check';
import type { CheckedRows, WizardRow } from './wizard-rows';

/**
 * The server refuses a jump date more than 14 days back only when an update would change it
 * (electron/sync/bookings.ts): re-sending last month's export to fix e-mails is fine. The page
 * cannot know what is stored, so the bookings of rows whose date is too old are looked up, all
 * in one call to the desk (POST /api/desk/imports/stored-jump-dates: the local store, or the
 * remote in proxy mode, answers), and the rows that re-send the stored date are ready. Only those
 * rows: the rest of a 50,000-row file costs nothing.
 */

/** The stored jump_on of the bookings with these external ids (null: no such booking, or no date), and the ids nobody answered for. */
export type StoredJumpOnLookup = (externalIds: readonly string[]) => Promise<StoredJumpDates>;

/** What the wizard keeps of the lookups: answers, and ids whose lookup failed (asked again at the next check). */
export interface JumpDateLookups {
  /** External id → stored jump_on (null: no such booking); the CheckSettings' `storedJumpOn`. */
  known: Map<string, string | null>;
  failed: Set<string>;
}

export function newJumpDateLookups(): JumpDateLookups {
  return { known: new Map(), failed: new Set() };
}

/** The distinct ids these rows wait on that are neither answered nor on their way. */
export function idsToLookUp(
  checks: readonly RowCheck[],
  lookups: JumpDateLookups,
  inFlight: ReadonlySet<string> = new Set(),
): string[] {
  const ids = new Set<string>();
  for (const check of checks) {
    const id = check?.lookup;
    if (id !== undefined && !lookups.known.has(id) && !inFlight.has(id)) ids.add(id);
  }
  return [...ids];
}

/**
 * Looks the ids up in one call. An id nobody answered for (a dead remote), or a call that failed,
 * is answered "none" for now, so its row stays "too old" rather than waiting forever, and is
 * noted in `failed` so the next check asks again.
 */
export async function lookUpJumpDates(
  ids: readonly string[],
  lookups: JumpDateLookups,
  lookup: StoredJumpOnLookup,
): Promise<void> {
  if (ids.length === 0) return;
  let answer: StoredJumpDates;
  try {
    answer = await lookup(ids);
  } catch {
    answer = { jump_dates: {}, not_answered: [...ids] };
  }
  for (const id of ids) {
    const stored = answer.jump_dates[id];
    lookups.known.set(id, stored ?? null);
    if (stored === undefined) lookups.failed.add(id);
    else lookups.failed.delete(id);
  }
}

/** Lookup failures are forgotten, so checking again asks once more. */
export function forgetFailedLookups(lookups: JumpDateLookups): void {
  for (const id of lookups.failed) lookups.known.delete(id);
  lookups.failed.clear();
}

const RECHECK_SLICE = 2_000;

function rowsWaitingOn(state: CheckedRows, ids: ReadonlySet<string>): number[] {
  const waiting: number[] = [];
  state.checks.forEach((check, i) => {
    if (check.lookup !== undefined && ids.has(check.lookup)) waiting.push(i);
  });
  return waiting;
}

const recheck = (
  state: CheckedRows,
  checks: RowCheck[],
  indices: readonly number[],
  plan: ColumnPlan,
  settings: CheckSettings,
) => {
  for (const i of indices) checks[i] = checkRow((state.rows[i] as WizardRow).cells, plan, settings);
};

/** The rows that waited on one of `ids` checked again with the answers (their keys do not change, so the duplicates stand). */
export function withLookedUp(
  state: CheckedRows,
  ids: ReadonlySet<string>,
  plan: ColumnPlan,
  settings: CheckSettings,
): CheckedRows {
  const waiting = rowsWaitingOn(state, ids);
  if (waiting.length === 0) return state;
  const checks = state.checks.slice();
  recheck(state, checks, waiting, plan, settings);
  return { ...state, checks };
}

/** withLookedUp in slices, so a file full of old bookings does not freeze the page. */
async function withLookedUpInSlices(
  state: CheckedRows,
  ids: ReadonlySet<string>,
  plan: ColumnPlan,
  settings: CheckSettings,
): Promise<CheckedRows> {
  const waiting = rowsWaitingOn(state, ids);
  if (waiting.length === 0) return state;
  const checks = state.checks.slice();
  for (let start = 0; start < waiting.length; start += RECHECK_SLICE) {
    recheck(state, checks, waiting.slice(start, start + RECHECK_SLICE), plan, settings);
    if (start + RECHECK_SLICE < waiting.length) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { ...state, checks };
}

/** After a check: the too-old rows' bookings looked up, and those rows checked again. */
export async function settleOldJumpDates(
  state: CheckedRows,
  plan: ColumnPlan,
  settings: CheckSettings,
  lookups: JumpDateLookups,
  lookup: StoredJumpOnLookup,
  onProgress: (done: number, total: number) => void = () => undefined,
): Promise<CheckedRows> {
  const ids = idsToLookUp(state.checks, lookups);
  if (ids.length === 0) return state;
  onProgress(0, ids.length);
  await lookUpJumpDates(ids, lookups, lookup);
  onProgress(ids.length, ids.length);
  return withLookedUpInSlices(state, new Set(ids), plan, settings);
}
