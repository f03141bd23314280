import {
  BOOKING_WRITABLE_FIELDS,
  type BookingListItem,
  type BookingWritableField,
  type BookingWrite,
} from '../../../../../shared/schemas/booking';

type TextField = Exclude<BookingWritableField, 'jump_on' | 'show_publicly'>;

/** What the form holds: text as typed ('' for empty), the date as YYYY-MM-DD or null. */
export type BookingFormValues = Record<TextField, string> & { jump_on: string | null; show_publicly: boolean };

const TEXT_FIELDS = BOOKING_WRITABLE_FIELDS.filter(
  (field): field is TextField => field !== 'jump_on' && field !== 'show_publicly',
);
/** Fields an edit may send: everything but the id that addresses the booking. */
export const EDITABLE_FIELDS = BOOKING_WRITABLE_FIELDS.filter((field) => field !== 'external_id');

export const EMPTY_FORM: BookingFormValues = {
  ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<TextField, string>),
  jump_on: null,
  show_publicly: false,
};

export function valuesOf(booking: BookingListItem): BookingFormValues {
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, booking[field] ?? ''])) as Record<TextField, string>),
    jump_on: booking.jump_on,
    show_publicly: booking.show_publicly,
  };
}

/** The wire value of a field: an emptied text field is `null`, which clears it on the server. */
function wireValue(values: BookingFormValues, field: BookingWritableField): BookingWrite[BookingWritableField] {
  const value = values[field];
  if (typeof value === 'string') return value === '' ? null : value;
  return value;
}

/** The fields whose value differs from `base`. */
export function changedFields(base: BookingFormValues, values: BookingFormValues): BookingWritableField[] {
  return EDITABLE_FIELDS.filter((field) => values[field] !== base[field]);
}

/** A new booking: every field that holds something (nothing to clear yet). */
export function createRequest(values: BookingFormValues): BookingWrite {
  const request: Record<string, unknown> = { external_id: values.external_id };
  for (const field of [...TEXT_FIELDS, 'jump_on'] as const) {
    const value = wireValue(values, field);
    if (field !== 'external_id' && value !== null) request[field] = value;
  }
  request.show_publicly = values.show_publicly;
  return request as BookingWrite;
}

/** An edit: the external id that addresses the booking, plus only what changed. */
export function updateRequest(base: BookingFormValues, values: BookingFormValues): BookingWrite {
  const request: Record<string, unknown> = { external_id: base.external_id };
  for (const field of changedFields(base, values)) request[field] = wireValue(values, field);
  return request as BookingWrite;
}

/** `values` with the given fields put back as they are in `base`. */
export function withFieldsFrom(
  values: BookingFormValues,
  base: BookingFormValues,
  fields: readonly string[],
): BookingFormValues {
  const next = { ...values } as Record<string, unknown>;
  for (const field of fields) if (field in base) next[field] = base[field as keyof BookingFormValues];
  return next as unknown as BookingFormValues;
}
