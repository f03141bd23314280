import type { ResponseStatus } from '../../shared/outcomes';
import { listBookings } from '../sync/booking-list';
import { atOneInstant } from '../sync/context';
import type { QueryValue } from '../sync/validation';
import type { DropzoneRecord } from '../store/records';
import type { Store } from '../store/store';

/**
 * The reads a reader thread answers: the Sync API's own operations, run on a read-only Store.
 * Only what can take long is sent here (a list page, its count); a show is one indexed lookup
 * that costs less than the hop to a thread and back (docs/storage.md, "Readers").
 */
export interface ReadRequest {
  op: 'listBookings';
  dropzone: DropzoneRecord;
  /** The request's instant (ISO): the thread sees the same "now" as the request. */
  instant: string;
  query: Record<string, QueryValue>;
}

/**
 * The answer, its body already JSON in UTF-8: serialised and encoded in the thread, not on the
 * server's one. Bytes in an ArrayBuffer of their own, so that the thread hands them over
 * (transferred, not copied) and they stay outside the server's JavaScript heap: a page as a
 * string was copied into that heap, kept there by the request log for its last 100 calls, and
 * copied again by each young-generation collection it lived through (docs/performance.md, (h)).
 */
export interface ReadAnswer {
  status: ResponseStatus;
  json: Uint8Array | null;
}

const utf8 = new TextEncoder();

export function runRead(store: Store, request: ReadRequest): ReadAnswer {
  const ctx = atOneInstant({ store, dropzone: request.dropzone, now: () => new Date(request.instant) });
  const result = listBookings(ctx, request.query);
  // TextEncoder gives each answer a buffer of its own (Buffer.from may share a pooled one, which
  // could not be transferred alone).
  return { status: result.status, json: result.body === null ? null : utf8.encode(JSON.stringify(result.body)) };
}

/** The buffers a thread hands over with its answer (transferred, no longer usable in the thread). */
export function transferredWith(answer: ReadAnswer): ArrayBuffer[] {
  return answer.json ? [answer.json.buffer as ArrayBuffer] : [];
}
