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

/** The answer, its body already JSON: serialised in the thread, not on the server's one. */
export interface ReadAnswer {
  status: ResponseStatus;
  json: string | null;
}

export function runRead(store: Store, request: ReadRequest): ReadAnswer {
  const ctx = atOneInstant({ store, dropzone: request.dropzone, now: () => new Date(request.instant) });
  const result = listBookings(ctx, request.query);
  return { status: result.status, json: result.body === null ? null : JSON.stringify(result.body) };
}
