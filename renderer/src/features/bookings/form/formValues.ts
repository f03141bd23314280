import type { BookingListItem, BookingWritableField, BookingWrite } from '../../../../../shared/schemas/booking';

/** What the form holds: text as typed ('' for empty), the date as YYYY-MM-DD or null. */
export interface BookingFormValues {
  external_id: string;
  external_service: string;
  name: string;
  email: string;
  mobile: string;
  jump_on: string | null;
  language: string;
  reference: string;
  camera_package: string;
  show_publicly: boolean;
}

type TextField = Exclude<BookingWritableField, 'jump_on' | 'show_publicly'>;
const TEXT_FIELDS: TextField[] = [
  'external_id',
  'external_service',
  'name',
  'email',
  'mobile',
  'language',
  'reference',
  'camera_package',
];
/** Fields an edit may send: everything but the id that addresses the booking. */
export const EDITABLE_FIELDS: BookingWritableField[] = [
  'name',
  'email',
  'mobile',
  'jump_on',
  'language',
  'reference',
  'camera_package',
  'show_publicly',
  'external_service',
];

export const EMPTY_FORM: BookingFormValues = {
  external_id: '',
  external_service: '',
  name: '',
  email: '',
  mobile: '',
  jump_on: null,
  language: '',
  reference: '',
  camera_package: '',
  show_publicly: false,
};

export function valuesOf(booking: BookingListItem): BookingFormValues {
  return {
    external_id: booking.external_id ?? '',
    external_service: booking.external_service ?? '',
    name: booking.name ?? '',
    email: booking.email ?? '',
    mobile: booking.mobile ?? '',
    jump_on: booking.jump_on,
    language: booking.language ?? '',
    reference: booking.reference ?? '',
    camera_package: booking.camera_package ?? '',
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
