import { daysBetween } from '../../../../shared/dates';
import { LIMITS } from '../../../../shared/limits';
import { bookingWrite } from '../../../../shared/schemas/booking';
import { filmerWrite } from '../../../../shared/schemas/filmer';
import { BOOLEAN_HINT, isValidEmail, toBoolean } from './cell-values';
import type { ColumnPlan } from './column-plan';
import { toIsoDate, type DateFormat } from './date-formats';
import { fieldOf } from './fields';

export interface CheckSettings {
  dateFormat: DateFormat;
  /** Today in the dropzone's time zone (YYYY-MM-DD): the server counts "too old" from it. */
  today: string;
}

/** One row read against the mapping: the record to send, its key, and what is wrong with it. */
export interface RowCheck {
  record: Record<string, string | boolean>;
  /** external_id for bookings; external_id, else the e-mail in lower case, for filmers. */
  key: string | null;
  /** Problems of one cell, by column index (the cell is highlighted with its message). */
  cellProblems: Record<number, string>;
  /** Problems of the row as a whole (a missing required value in an unmapped column, say). */
  rowProblems: string[];
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
    const column = plan.columnOf.get(field);
    if (column === undefined) rowProblems.push(message);
    else cellProblems[column] ??= message;
  };

  for (const { index, field } of plan.columns) {
    const raw = (cells[index] ?? '').trim();
    if (raw === '') continue;
    if (field.type === 'date') {
      const iso = toIsoDate(raw, settings.dateFormat);
      if (iso === null) cellProblems[index] = `${field.label} "${raw}" is not a date in the form ${settings.dateFormat}`;
      else record[field.name] = iso;
    } else if (field.type === 'boolean') {
      const flag = toBoolean(raw);
      if (flag === undefined) cellProblems[index] = `${field.label} "${raw}" ${BOOLEAN_HINT}`;
      else record[field.name] = flag;
    } else {
      record[field.name] = raw;
    }
  }

  const parsed = SCHEMAS[plan.kind].safeParse(record);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      problem(field, `${fieldOf(plan.kind, field)?.label ?? field} ${issue.message}`);
    }
  }

  const email = typeof record.email === 'string' ? record.email : undefined;
  if (email !== undefined && !isValidEmail(email)) problem('email', 'Email is invalid');

  let key: string | null;
  if (plan.kind === 'bookings') {
    key = typeof record.external_id === 'string' ? record.external_id : null;
    if (key === null) problem('external_id', 'requires external id');
    const jumpOn = record.jump_on;
    if (typeof jumpOn === 'string' && daysBetween(jumpOn, settings.today) > LIMITS.maxBookingAgeDays) {
      problem('jump_on', `booking is too old: jump date ${jumpOn} is more than ${LIMITS.maxBookingAgeDays} days before today (${settings.today})`);
    }
  } else {
    key = typeof record.external_id === 'string' ? record.external_id : (email?.toLowerCase() ?? null);
    if (record.name === undefined) problem('name', "Name can't be blank");
    if (email === undefined) problem('email', "Email can't be blank");
  }
  return { record, key, cellProblems, rowProblems };
}

export function hasProblems(check: RowCheck): boolean {
  return check.rowProblems.length > 0 || Object.keys(check.cellProblems).length > 0;
}

/** Every problem of a row in one sentence, for the table's reason column and the results CSV. */
export function problemText(check: RowCheck, duplicate?: string): string {
  return [...Object.values(check.cellProblems), ...check.rowProblems, ...(duplicate ? [duplicate] : [])].join('; ');
}
