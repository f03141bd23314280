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
  /** Set by `atOneInstant`: the request's instant, read once and formatted once. */
  readonly instant?: { readonly iso: string; readonly today: string };
}

/** What a rule answers: a record or a list as JSON, or null for no content (a delete's 204). */
export type SyncBody = Record<string, unknown> | unknown[] | null;

/** The statuses of an operation that went through (spec section 7's outcome values). */
export type SyncSuccess = 'created' | 'ok' | 'partial_update';

/** A refusal: spec section 7's body (`status` with `error` or `errors`, the record's `id`/`external_id` where known). */
export interface SyncRefused {
  status: Exclude<ResponseStatus, SyncSuccess>;
  body: Record<string, unknown>;
}

/**
 * The outcome of one operation: the `status` decides the HTTP code, `body` is sent as is. `Done`
 * is what the rule answers when it went through, so a caller that checks `status` reads the
 * record without a cast (an import remembering the filmer it created).
 */
export type SyncResult<Done extends SyncBody = SyncBody> = { status: SyncSuccess; body: Done } | SyncRefused;

/**
 * One request happens at one instant: every element of a batch sees the same "today" and gets
 * the same timestamps, as the one transaction they are written in does (docs/spec-decisions.md).
 * It also spares a 10,000-element batch 10,000 clock reads and date formattings.
 */
export function atOneInstant(ctx: SyncContext): SyncContext {
  const instant = ctx.now();
  const timeZone = ctx.dropzone.timezone;
  let today: string | undefined;
  return {
    ...ctx,
    now: () => new Date(instant),
    instant: {
      iso: instant.toISOString(),
      // Formatted when a rule first asks: most reads (a list of products, of filmers) never do,
      // and a process's first time-zone formatting loads ICU's zone data (~20 ms), which a desk
      // just started would otherwise pay before its first answer.
      get today() {
        return (today ??= dateInZone(instant, timeZone));
      },
    },
  };
}

/** Today's date in the dropzone's own time zone. */
export function todayAt(ctx: SyncContext): string {
  return ctx.instant?.today ?? dateInZone(ctx.now(), ctx.dropzone.timezone);
}

export function timestamp(ctx: SyncContext): string {
  return ctx.instant?.iso ?? ctx.now().toISOString();
}
