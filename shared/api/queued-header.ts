/**
 * Set on a Sync API answer in proxy mode that the desk's outbox gave (docs/offline.md): the write's
 * id, a batch's first and last (`12-15`), `pending` on a read answered from the copy because the
 * record has writes waiting, `adopted` on a filmer create answered with what a lost create made.
 * One name for the server that sets it, the page that reads it and the Log that links it.
 */
export const QUEUED_HEADER = 'x-desk-queued';

/** The first write id a header names, or undefined (`pending`, `adopted`, absent). */
export function firstQueuedWrite(value: string | null | undefined): number | undefined {
  const ids = /^(\d{1,15})(?:-\d{1,15})?$/.exec(value ?? '');
  return ids ? Number(ids[1]) : undefined;
}
