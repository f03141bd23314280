import { isTooOld, tooOldReason } from '../../../../../shared/rules/booking-age';
import { bookingEmailProblem } from '../../../../../shared/rules/email';
import { isBlankExternalId, REQUIRES_EXTERNAL_ID } from '../../../../../shared/rules/external-id';
import { filmerProblems } from '../../../../../shared/rules/filmer';
import { bookingWrite } from '../../../../../shared/schemas/booking';
import { filmerWrite } from '../../../../../shared/schemas/filmer';
import { BOOLEAN_HINT, toBoolean } from './cell-values';
import { partsOf, type ColumnPlan } from './column-plan';
import { readDate, type DateFormat } from './date-formats';
import { fieldOf } from './fields';

export interface CheckSettings {
  dateFormat: DateFormat;
  /** Today in the dropzone's time zone (YYYY-MM-DD): the server counts "too old" from it. */
  today: string;
  /**
   * Jump dates bookings already have, as looked up (external id → stored jump_on; null: no such
   * booking, or no date). The server refuses a too-old jump_on only when it would change it, so a
   * row re-sending the stored date may go. Ids not in the map have not been looked up (yet).
   */
  storedJumpOn?: ReadonlyMap<string, string | null>;
}

/** Shown on a ready row whose too-old jump date is the one the booking already has. */
export const KEPT_JUMP_DATE_NOTE = 'jump date unchanged (too old to change, kept)';

/** One row read against the mapping: the record to send, its key, and what is wrong with it. */
export interface RowCheck {
  record: Record<string, string | boolean>;
  /** external_id for bookings; external_id, else the e-mail in lower case, for filmers. */
  key: string | null;
  /** Problems of one cell, by column index (the cell is highlighted with its message). */
  cellProblems: Record<number, string>;
  /** Problems of the row as a whole (a missing required value in an unmapped column, say). */
  rowProblems: string[];
  /** Something to know about a ready row (a kept old jump date). */
  note?: string;
  /** The external id whose stored jump date would settle this row's "too old" (not looked up yet). */
  lookup?: string;
}

const SCHEMAS = { bookings: bookingWrite, filmers: filmerWrite };

/**
 * Checks one row with the rules the server applies, where the client can know them: the wire
 * schema from shared/ (types, lengths), then the rules around it (external id required, too old,
 * e-mails, blanks). An empty cell sends nothing, so an update keeps the stored value.
 */
export function checkRow(cells: readonly string[], plan: ColumnPlan, settings: CheckSettings): RowCheck {
  const record: Record<string, string | boolean> = {};
  const cellProblems: Record<number, string> = {};
  const rowProblems: string[] = [];
  const problem = (field: string, message: string) => {
    // A name made of parts: its problems go on the first part's cell.
    const column = plan.columnOf.get(field) ?? partsOf(plan, field)[0]?.index;
    if (column === undefined) rowProblems.push(message);
    else cellProblems[column] ??= message;
  };

  const parts: Record<string, string[]> = {};
  for (const { index, field } of plan.columns) {
    const raw = (cells[index] ?? '').trim();
    if (raw === '') continue;
    if (field.partOf) {
      (parts[field.partOf.field] ??= [])[field.partOf.order] = raw;
    } else if (field.type === 'date') {
      const date = readDate(raw, settings.dateFormat);
      if (!date.ok) cellProblems[index] = `${field.label} "${raw}" ${date.reason}`;
      else record[field.name] = date.iso;
    } else if (field.type === 'boolean') {
      const flag = toBoolean(raw);
      if (flag === undefined) cellProblems[index] = `${field.label} "${raw}" ${BOOLEAN_HINT}`;
      else record[field.name] = flag;
    } else {
      record[field.name] = raw;
    }
  }

  // "First" + "Last" → "First Last"; a full-name column, when there is one and it is filled, wins.
  for (const [field, texts] of Object.entries(parts)) {
    if (record[field] === undefined) record[field] = texts.filter(Boolean).join(' ');
  }

  const parsed = SCHEMAS[plan.kind].safeParse(record);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      problem(field, `${fieldOf(plan.kind, field)?.label ?? field} ${issue.message}`);
    }
  }

  const email = typeof record.email === 'string' ? record.email : undefined;

  let key: string | null;
  let note: string | undefined;
  let lookup: string | undefined;
  if (plan.kind === 'bookings') {
    // The Sync API checks no booking e-mail; the import does (as the booking form does), so a typo is caught before it is stored.
    const emailProblem = bookingEmailProblem(email);
    if (emailProblem !== null) problem('email', emailProblem);
    key = isBlankExternalId(record.external_id) ? null : (record.external_id as string);
    if (key === null) problem('external_id', REQUIRES_EXTERNAL_ID);
    const jumpOn = record.jump_on;
    if (typeof jumpOn === 'string' && isTooOld(jumpOn, settings.today)) {
      const stored = key === null ? null : settings.storedJumpOn?.get(key);
      if (stored === jumpOn) note = KEPT_JUMP_DATE_NOTE;
      else {
        problem('jump_on', tooOldReason(jumpOn, settings.today));
        if (key !== null && stored === undefined) lookup = key;
      }
    }
  } else {
    key = typeof record.external_id === 'string' ? record.external_id : (email?.toLowerCase() ?? null);
    // An import row creates, or updates a filmer whole: absent name or e-mail count as blank.
    for (const [field, message] of Object.entries(
      filmerProblems({ name: record.name as string | undefined, email }, true),
    ))
      problem(field, message);
  }
  const check: RowCheck = { record, key, cellProblems, rowProblems };
  if (note !== undefined) check.note = note;
  if (lookup !== undefined) check.lookup = lookup;
  return check;
}

export function hasProblems(check: RowCheck): boolean {
  return check.rowProblems.length > 0 || Object.keys(check.cellProblems).length > 0;
}

/** Every problem of a row in one sentence, for the table's reason column and the results CSV. */
export function problemText(check: RowCheck, duplicate?: string): string {
  return [...Object.values(check.cellProblems), ...check.rowProblems, ...(duplicate ? [duplicate] : [])].join('; ');
}
