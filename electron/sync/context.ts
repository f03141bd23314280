import type { ResponseStatus } from '../../shared/outcomes';
import type { DropzoneRecord } from '../store/records';
import type { Store } from '../store/store';
import { dateInZone } from '../../shared/dates';

/** What every Sync API operation works within: the store, the caller's dropzone and the clock. */
export interface SyncContext {
  store: Store;
  dropzone: DropzoneRecord;
  /** The clock, injected so rules about "today" and "60 days ago" are testable. */
  now(): Date;
}

/** The outcome of one operation: the `status` decides the HTTP code, `body` is sent as is. */
export interface SyncResult {
  status: ResponseStatus;
  body: Record<string, unknown> | unknown[] | null;
}

/** Today's date in the dropzone's own time zone. */
export function todayAt(ctx: SyncContext): string {
  return dateInZone(ctx.now(), ctx.dropzone.timezone);
}

export function timestamp(ctx: SyncContext): string {
  return ctx.now().toISOString();
}
