import type { z } from 'zod';
import { importEvents, type ImportProgress } from '../../../../../shared/schemas/imports/progress';

export type ImportEvent =
  { name: 'snapshot'; imports: ImportProgress[] } | { name: 'progress'; progress: ImportProgress };

/**
 * One event of the import progress stream, checked against its schema. A malformed one (a desk of
 * another version, a cut-off frame) is dropped with a warning rather than let into the live
 * store, where it would break the badge and the history that read it; the next event or snapshot
 * brings the store up to date. Events of other names are none of the store's business: null.
 */
export function readImportEvent(name: string, data: unknown): ImportEvent | null {
  if (name === 'snapshot') {
    const snapshot = checked(name, importEvents.snapshot, data);
    return snapshot && { name, imports: snapshot.imports };
  }
  if (name === 'progress') {
    const progress = checked(name, importEvents.progress, data);
    return progress && { name, progress };
  }
  return null;
}

function checked<T>(name: string, schema: z.ZodType<T>, data: unknown): T | null {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  console.warn(`Import progress: a malformed "${name}" event was dropped.`, result.error.issues);
  return null;
}
