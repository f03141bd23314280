import { IMPORT_FIELD_NAMES, IMPORT_NAME_PARTS } from '../../../../../shared/schemas/imports/fields';
import type { ImportKind } from '../../../../../shared/schemas/imports/kinds';
import { BOOKING_FIELD_LABELS } from '../../../lib/booking-field-labels';

/** How a cell's text becomes a field's value. */
export type FieldType = 'text' | 'date' | 'boolean';

export interface ImportField {
  name: string;
  label: string;
  type: FieldType;
  /** Header names (compared folded: case, accents, spaces and punctuation ignored) that mean this field. */
  synonyms: readonly string[];
  /**
   * Words that, in a header only partly matching a synonym, say the column is about something
   * else ("Booking date" is when the booking was made, not the jump; "Instructor e-mail" is not
   * the customer's).
   */
  falseFriends: readonly string[];
  /** A part of another field: the columns' texts are joined with a space into it ("First name" + "Last name" → name). */
  partOf?: { field: string; order: number };
}

// Booking fields are named as everywhere else in the desk; filmers add their own few.
const LABELS: Record<string, string> = {
  ...BOOKING_FIELD_LABELS,
  tandem_instructor: 'Tandem instructor',
  videographer: 'Videographer',
  active: 'Active',
  name_first: 'Name: first part',
  name_last: 'Name: last part',
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
  external_id: ['external id', 'ext id', 'id'],
  external_service: ['external service', 'service', 'source', 'system', 'booking system', 'channel'],
  name: [
    'name',
    'full name',
    'customer',
    'customer name',
    'guest',
    'guest name',
    'passenger',
    'jumper',
    'naam',
    'volledige naam',
    'vollstandiger name',
    'nom complet',
  ],
  // "Nom" beside "Prénom" is the family name; alone, a lone part is the whole name anyway.
  name_first: ['first name', 'firstname', 'given name', 'forename', 'christian name', 'vorname', 'voornaam', 'prenom'],
  name_last: [
    'last name',
    'lastname',
    'surname',
    'family name',
    'familyname',
    'nachname',
    'familienname',
    'achternaam',
    'nom de famille',
    'nom',
  ],
  email: ['email', 'e-mail', 'email address', 'e-mail address', 'mail', 'customer email', 'emailadres'],
  mobile: [
    'mobile',
    'phone',
    'phone number',
    'mobile number',
    'cell',
    'cellphone',
    'telephone',
    'tel',
    'telefoon',
    'telefon',
    'gsm',
    'handy',
  ],
  jump_on: [
    'jump on',
    'jump date',
    'date',
    'jump day',
    'jumpdate',
    'date of jump',
    'datum',
    'sprungdatum',
    'springdatum',
  ],
  language: ['language', 'lang', 'locale', 'taal', 'sprache', 'langue'],
  reference: ['reference', 'ref', 'note', 'notes', 'comment', 'comments', 'remarks', 'opmerking'],
  camera_package: [
    'camera package',
    'package',
    'product',
    'camera',
    'video package',
    'media package',
    'pakket',
    'paket',
    'option',
    'extras',
  ],
  show_publicly: ['show publicly', 'public', 'publish', 'show public', 'visible'],
  tandem_instructor: ['tandem instructor', 'tandem', 'ti', 'instructor'],
  videographer: ['videographer', 'video', 'camera flyer', 'cameraman', 'outside video'],
  active: ['active', 'enabled', 'status active', 'is active', 'actief'],
};

/** Names that mean a field only in one kind of file (a "Filmer" column of a bookings file is no name). */
const KIND_SYNONYMS: Record<ImportKind, Record<string, readonly string[]>> = {
  bookings: {
    external_id: [
      'booking id',
      'booking number',
      'booking no',
      'booking nr',
      'booking reference',
      'booking ref',
      'order id',
      'order number',
      'reservation id',
      'reservation number',
      'boekingsnummer',
      'buchungsnummer',
    ],
  },
  filmers: {
    external_id: ['filmer id', 'staff id', 'employee id', 'staff number', 'personnel number'],
    name: ['filmer', 'filmer name', 'staff', 'staff name'],
    email: ['filmer email'],
  },
};

/** A date column named after another moment: when it was booked, paid, created, a birthday… */
const OTHER_MOMENTS = [
  'booking',
  'booked',
  'order',
  'ordered',
  'created',
  'creation',
  'birth',
  'born',
  'payment',
  'paid',
  'purchase',
  'purchased',
  'invoice',
  'updated',
  'modified',
  'changed',
  'sale',
  'sold',
  'export',
  'exported',
  'reservation',
  'registration',
  'signup',
  'cancelled',
  'canceled',
];
/** In a bookings file, a name, e-mail or phone of someone other than the customer. */
const OTHER_PEOPLE = [
  'instructor',
  'filmer',
  'videographer',
  'cameraman',
  'staff',
  'employee',
  'pilot',
  'agent',
  'seller',
  'company',
  'product',
  'package',
  'file',
  'user',
];
function falseFriendsOf(kind: ImportKind, name: string): readonly string[] {
  if (name === 'jump_on') return OTHER_MOMENTS;
  if (kind === 'bookings' && ['name', 'name_first', 'name_last', 'email', 'mobile'].includes(name)) return OTHER_PEOPLE;
  return [];
}

function fieldFor(kind: ImportKind) {
  return (name: string): ImportField => {
    const field: ImportField = {
      name,
      label: LABELS[name] ?? name,
      type: TYPES[name] ?? 'text',
      synonyms: [
        ...(IMPORT_NAME_PARTS[name] ? [] : [name]),
        ...(SYNONYMS[name] ?? []),
        ...(KIND_SYNONYMS[kind][name] ?? []),
      ],
      falseFriends: falseFriendsOf(kind, name),
    };
    const part = IMPORT_NAME_PARTS[name];
    if (part) field.partOf = part;
    return field;
  };
}

// The field names (and which are name parts) live in shared/: the server refuses a mapping to any other.
export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  bookings: IMPORT_FIELD_NAMES.bookings.map(fieldFor('bookings')),
  filmers: IMPORT_FIELD_NAMES.filmers.map(fieldFor('filmers')),
};

export function fieldOf(kind: ImportKind, name: string): ImportField | undefined {
  return IMPORT_FIELDS[kind].find((f) => f.name === name);
}

export const KIND_LABELS: Record<ImportKind, { one: string; many: string }> = {
  bookings: { one: 'booking', many: 'bookings' },
  filmers: { one: 'filmer', many: 'filmers' },
};
