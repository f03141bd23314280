import { z } from 'zod';

/**
 * What an import brings in: bookings or filmers. Every other import schema is keyed by it, so it
 * has a file of its own that imports nothing (fields.ts needs it too).
 */

export const IMPORT_KINDS = ['bookings', 'filmers'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const importKind = z.enum(IMPORT_KINDS, { error: 'must be "bookings" or "filmers"' });
