import type { OutboxFieldValue } from '../../shared/schemas/outbox';
import { BOOKING_WRITABLE_FIELDS } from '../../shared/schemas/booking';
import { filmerWrite } from '../../shared/schemas/filmer';
import type { BookingRecord, FilmerRecord } from '../store/records';

/** A record's writable fields, as the merge compares them (the Sync API's writable fields, spec 2.1 and 2.2). */
export type Fields = Record<string, OutboxFieldValue>;

/** A booking's fields the merge compares: the Sync API's writable ones but its key (the external id). */
export const BOOKING_FIELDS: readonly string[] = BOOKING_WRITABLE_FIELDS.filter((name) => name !== 'external_id');

/** A filmer's: the writable ones but its key (the id, which the service assigns). */
export const FILMER_FIELDS: readonly string[] = Object.keys(filmerWrite.shape).filter((name) => name !== 'id');

export type RecordKind = 'booking' | 'filmer';

export function fieldNamesOf(kind: RecordKind): readonly string[] {
  return kind === 'booking' ? BOOKING_FIELDS : FILMER_FIELDS;
}

const asValue = (value: unknown): OutboxFieldValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;

/** The writable fields of a copy row, or of a remote's answer (a show body): absent ones read as null. */
export function fieldsOf(kind: RecordKind, source: BookingRecord | FilmerRecord | Record<string, unknown>): Fields {
  const record = source as unknown as Record<string, unknown>;
  const fields: Fields = {};
  for (const name of fieldNamesOf(kind)) fields[name] = asValue(record[name]);
  return fields;
}

/**
 * Two values of a field are the same when they say the same thing: the remote may answer an unset
 * text as null or as "" (the spec does not say which), and neither is a change.
 */
export function sameValue(a: OutboxFieldValue | undefined, b: OutboxFieldValue | undefined): boolean {
  const norm = (v: OutboxFieldValue | undefined) => (v === undefined || v === null || v === '' ? null : v);
  return norm(a) === norm(b);
}

/** The fields whose value differs between two states of a record (a new record: every field it has a value in). */
export function changedFields(kind: RecordKind, before: Fields | null, after: Fields): Fields {
  const changed: Fields = {};
  for (const name of fieldNamesOf(kind)) {
    const value = after[name] ?? null;
    if (before === null ? value !== null && value !== '' : !sameValue(before[name], value)) changed[name] = value;
  }
  return changed;
}

export function parseFields(text: string | null): Fields | null {
  return text === null ? null : (JSON.parse(text) as Fields);
}
