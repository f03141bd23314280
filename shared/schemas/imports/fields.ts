import { BOOKING_WRITABLE_FIELDS } from '../booking';
import { filmerWrite } from '../filmer';
import type { ImportKind } from './kinds';

/**
 * The fields a column of an import file can be mapped to, by kind: the wizard lists them, the
 * server refuses a mapping to any other. The wire's writable fields, plus parts of one of them.
 */

/** Fields a file may fill that are not on the wire: parts joined with a space into one that is. */
export const IMPORT_NAME_PARTS: Readonly<Record<string, { field: string; order: number }>> = {
  name_first: { field: 'name', order: 0 },
  name_last: { field: 'name', order: 1 },
};

/** The wire's fields, each name part right after the field it is part of. */
function withParts(names: readonly string[]): string[] {
  return names.flatMap((name) => [
    name,
    ...Object.keys(IMPORT_NAME_PARTS).filter((part) => IMPORT_NAME_PARTS[part]?.field === name),
  ]);
}

// Filmers are addressed by `id` for updates; a file never carries the desk's ids, so it is no column.
const FILMER_FIELDS = Object.keys(filmerWrite.shape).filter((name) => name !== 'id');

export const IMPORT_FIELD_NAMES: Readonly<Record<ImportKind, readonly string[]>> = {
  bookings: withParts(BOOKING_WRITABLE_FIELDS),
  filmers: withParts(FILMER_FIELDS),
};
