import { isObject } from '../../shared/objects';
import { bookingShow } from '../../shared/schemas/booking';
import { booleanFields, textFields } from '../../shared/schemas/common';
import type { BookingRecord, FilmerRecord } from '../store/records';

/**
 * The remote's answers read as rows of the copy's store. Only what the answer says is taken:
 * a field it leaves out keeps what the copy had (a list element carries fewer fields than a show),
 * and nothing is derived by the desk's own rules (no product matching, no locks).
 */

type Json = Record<string, unknown>;

const text = (value: unknown): string | null | undefined =>
  typeof value === 'string' ? value : value === null ? null : undefined;
const flag = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);
const wholeNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

/** The remote's id of a record in an answer, or undefined when it has none the copy can key by. */
export function remoteIdOf(body: unknown): number | undefined {
  return isObject(body) ? wholeNumber(body.id) : undefined;
}

// The show answer's fields, as its schema has them; its times are taken below, and only when given.
const BOOKING_TEXTS = textFields(bookingShow.shape).filter((key) => key !== 'created_at' && key !== 'updated_at');
const BOOKING_FLAGS = booleanFields(bookingShow.shape);

/** The booking fields an answer states, as the copy's columns (absent: not stated). */
export function bookingFieldsOf(body: Json): Partial<BookingRecord> {
  const fields: Partial<BookingRecord> = {};
  for (const key of BOOKING_TEXTS) {
    const value = text(body[key]);
    if (value === undefined) continue;
    if ((key === 'uuid' || key === 'link') && value === null) continue;
    (fields as Record<string, unknown>)[key] = value;
  }
  for (const key of BOOKING_FLAGS) {
    const value = flag(body[key]);
    if (value !== undefined) fields[key] = value;
  }
  if ('product_id' in body) fields.product_id = wholeNumber(body.product_id) ?? null;
  const created = text(body.created_at);
  if (created) fields.created_at = created;
  const updated = text(body.updated_at);
  if (updated) fields.updated_at = updated;
  return fields;
}

export function filmerFieldsOf(body: Json): Partial<FilmerRecord> {
  const fields: Partial<FilmerRecord> = {};
  for (const key of ['external_id', 'external_service'] as const) {
    const value = text(body[key]);
    if (value !== undefined) fields[key] = value;
  }
  for (const key of ['name', 'email'] as const) {
    const value = text(body[key]);
    if (value !== undefined) fields[key] = value ?? '';
  }
  for (const key of ['tandem_instructor', 'videographer', 'active'] as const) {
    const value = flag(body[key]);
    if (value !== undefined) fields[key] = value;
  }
  const created = text(body.created_at);
  if (created) fields.created_at = created;
  const updated = text(body.updated_at);
  if (updated) fields.updated_at = updated;
  return fields;
}
