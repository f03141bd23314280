import { SYNC_API_PATH } from '../../shared/remote-url';
import type { StoredJumpDates } from '../../shared/schemas/imports/stored-jump-dates';
import type { DeskConnection } from '../proxy/connection';
import type { DropzoneRecord } from '../store/records';
import type { Store } from '../store/store';

/** Look-ups on their way to the remote at once (it has no call for many bookings by external id). */
export const REMOTE_LOOKUP_CONCURRENCY = 6;

/**
 * The jump dates bookings already have, for the wizard's Check: the Sync API refuses a jump date
 * more than 14 days back only when an update would change it, so a row re-sending the stored
 * date may go. One call for all of a file's too-old rows: the local store answers in one query;
 * in proxy mode the desk asks the remote booking by booking, a few at a time.
 */
export async function storedJumpDates(
  store: Store,
  connection: DeskConnection,
  dropzone: DropzoneRecord,
  externalIds: readonly string[],
): Promise<StoredJumpDates> {
  const ids = [...new Set(externalIds)];
  const jumpDates: Record<string, string | null> = {};
  if (connection.mode === 'local') {
    const found = store.bookings.jumpDatesOf(dropzone.id, ids);
    for (const id of ids) jumpDates[id] = found.get(id) ?? null;
    return { jump_dates: jumpDates, not_answered: [] };
  }
  const notAnswered: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++] as string;
      const answer = await remoteJumpDate(connection, id);
      if (answer === undefined) notAnswered.push(id);
      else jumpDates[id] = answer;
    }
  };
  await Promise.all(Array.from({ length: Math.min(REMOTE_LOOKUP_CONCURRENCY, ids.length) }, worker));
  return { jump_dates: jumpDates, not_answered: notAnswered };
}

/** GET /bookings/:external_id on the remote: its jump_on, null for none (404), undefined for no answer. */
async function remoteJumpDate(connection: DeskConnection, externalId: string): Promise<string | null | undefined> {
  const forwarded = await connection.forward({
    method: 'GET',
    rawUrl: `${SYNC_API_PATH}/bookings/${encodeURIComponent(externalId)}`,
    headers: { accept: 'application/json', 'user-agent': 'dropzone-desk import' },
    body: undefined,
  });
  if (forwarded.kind !== 'answer') return undefined;
  if (forwarded.statusCode === 404) return null;
  if (forwarded.statusCode !== 200) return undefined;
  try {
    const booking = JSON.parse(forwarded.decodedBody.toString('utf8')) as { jump_on?: unknown };
    return typeof booking.jump_on === 'string' ? booking.jump_on : null;
  } catch {
    return undefined;
  }
}
