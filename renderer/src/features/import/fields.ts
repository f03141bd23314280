import type { ImportKind } from '../../../../shared/schemas/imports';
import { BOOKING_WRITABLE_FIELDS } from '../../../../shared/schemas/booking';
import { filmerWrite } from '../../../../shared/schemas/filmer';
import { BOOKING_FIELD_LABELS } from '../bookings/fieldLabels';

/** How a cell's text becomes a field's value. */
export type FieldType = 'text' | 'date' | 'boolean';

export interface ImportField {
  name: string;
  label: string;
  type: FieldType;
  /** Header names (compared folded: case, accents, spaces and punctuation ignored) that mean this field. */
  synonyms: readonly string[];
}

// Booking fields are named as everywhere else in the desk; filmers add their own few.
const LABELS: Record<string, string> = {
  ...BOOKING_FIELD_LABELS,
  tandem_instructor: 'Tandem instructor',
  videographer: 'Videographer',
  active: 'Active',
};

const TYPES: Record<string, FieldType> = {
  jump_on: 'date',
  show_publicly: 'boolean',
  tandem_instructor: 'boolean',
  videographer: 'boolean',
  active: 'boolean',
};

/** What people call these columns in booking-system exports and hand-made sheets (English, Dutch, German, French). */
const SYNONYMS: Record<string, readonly string[]> = {
  external_id: ['external id', 'ext id', 'id', 'booking id', 'booking number', 'booking no', 'booking nr', 'order id', 'order number', 'reservation id', 'boekingsnummer', 'buchungsnummer', 'filmer id', 'staff id', 'employee id'],
  external_service: ['external service', 'service', 'source', 'system', 'booking system', 'channel'],
  name: ['name', 'full name', 'customer', 'customer name', 'guest', 'guest name', 'passenger', 'jumper', 'naam', 'nom'],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'mail', 'customer email', 'emailadres'],
  mobile: ['mobile', 'phone', 'phone number', 'mobile number', 'cell', 'cellphone', 'telephone', 'tel', 'telefoon', 'telefon', 'gsm', 'handy'],
  jump_on: ['jump on', 'jump date', 'date', 'jump day', 'jumpdate', 'date of jump', 'booking date', 'datum', 'sprungdatum', 'springdatum'],
  language: ['language', 'lang', 'locale', 'taal', 'sprache', 'langue'],
  reference: ['reference', 'ref', 'note', 'notes', 'comment', 'comments', 'remarks', 'opmerking'],
  camera_package: ['camera package', 'package', 'product', 'camera', 'video package', 'media package', 'pakket', 'paket', 'option', 'extras'],
  show_publicly: ['show publicly', 'public', 'publish', 'show public', 'visible'],
  tandem_instructor: ['tandem instructor', 'tandem', 'ti', 'instructor'],
  videographer: ['videographer', 'video', 'camera flyer', 'cameraman', 'outside video'],
  active: ['active', 'enabled', 'status active', 'is active', 'actief'],
};

/** Names that mean a field only in one kind of file (a "Filmer" column of a bookings file is no name). */
const KIND_SYNONYMS: Record<ImportKind, Record<string, readonly string[]>> = {
  bookings: {},
  filmers: { name: ['filmer', 'filmer name', 'staff', 'staff name'], email: ['filmer email'] },
};

function fieldFor(kind: ImportKind) {
  return (name: string): ImportField => ({
    name,
    label: LABELS[name] ?? name,
    type: TYPES[name] ?? 'text',
    synonyms: [name, ...(SYNONYMS[name] ?? []), ...(KIND_SYNONYMS[kind][name] ?? [])],
  });
}

// Filmers are addressed by `id` for updates; a file never carries the desk's ids, so it is no column.
const FILMER_FIELDS = Object.keys(filmerWrite.shape).filter((name) => name !== 'id');

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  bookings: BOOKING_WRITABLE_FIELDS.map(fieldFor('bookings')),
  filmers: FILMER_FIELDS.map(fieldFor('filmers')),
};

export function fieldOf(kind: ImportKind, name: string): ImportField | undefined {
  return IMPORT_FIELDS[kind].find((f) => f.name === name);
}

export const KIND_LABELS: Record<ImportKind, { one: string; many: string }> = {
  bookings: { one: 'booking', many: 'bookings' },
  filmers: { one: 'filmer', many: 'filmers' },
};
