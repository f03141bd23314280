import { addDays } from '../../shared/dates';
import { HTTP_CODE_OF } from '../../shared/outcomes';
import { parseListQuery, listBookings } from '../sync/booking-list';
import { bookingShowView } from '../sync/booking-views';
import { atOneInstant, type SyncContext } from '../sync/context';
import { listFilmers } from '../sync/filmers';
import { parseRecordId, type QueryValue } from '../sync/validation';
import type { CopiedKind } from '../store/repos/remote-copy';
import type { RemoteCopy } from './remote-copy';

/** An answer read from the copy: what the remote answered then, and as of when. */
export interface CopyAnswer {
  statusCode: number;
  body: unknown;
  /** The age of what it says (the oldest slice it read); absent on a refusal. */
  asOf?: string;
  /** Set when the copy cannot answer: why (the body's `error` then says the remote's failure, then this). */
  notInCopy?: string;
  /** With `notInCopy`: when to ask again (every 503 says when to come back). */
  retryAfterSeconds?: number;
}

/** How long a caller the copy cannot answer waits before asking again: the outbox's own wait for a write it cannot take. */
export const NOT_IN_COPY_RETRY_AFTER_SECONDS = 60;

/** The header that marks an answer as the copy's, with its age (`copy; as-of=2026-11-27T14:01:00.000Z`). */
export const COPY_SOURCE_HEADER = 'x-desk-source';
export const copySourceValue = (asOf: string) => `copy; as-of=${asOf}`;

/** A read the copy cannot answer truly: why, in words (the caller puts the remote's failure first). */
function notInCopy(why: string): CopyAnswer {
  return {
    statusCode: HTTP_CODE_OF.not_in_copy,
    body: { status: 'not_in_copy', error: why },
    notInCopy: why,
    retryAfterSeconds: NOT_IN_COPY_RETRY_AFTER_SECONDS,
  };
}

const fromJson = (text: string | undefined): unknown => (text === undefined ? undefined : JSON.parse(text));

function oldest(instants: readonly (string | undefined)[]): string | undefined {
  let result: string | undefined;
  for (const at of instants) {
    if (at === undefined) return undefined;
    if (result === undefined || at < result) result = at;
  }
  return result;
}

/**
 * Reads of the Sync API answered from the copy while the remote cannot be reached, in the spec's
 * shapes and with the remote's own bodies where it gave them. A read the copy cannot answer
 * truthfully (dates outside its window, a day not fetched yet, a booking whose whole record it
 * does not hold) is a 503 that says so, never an empty answer that looks true.
 */
export class CopyReads {
  constructor(
    private readonly copy: RemoteCopy,
    private readonly now: () => Date,
  ) {}

  private ctx(): SyncContext {
    return atOneInstant({ store: this.copy.store, dropzone: this.copy.dropzone, now: this.now });
  }

  private windowWords(): string {
    const w = this.copy.window();
    return `bookings jumping from ${w.from} to ${w.to}`;
  }

  /** The answer to a GET below /api/f1/sync, or undefined: not a read the copy serves. */
  answer(path: string, query: Record<string, QueryValue>): CopyAnswer | undefined {
    const segments = path.split('/').filter(Boolean);
    const [collection, id, ...rest] = segments;
    if (rest.length > 0) return undefined;
    switch (collection) {
      case 'bookings':
        if (id === undefined) return this.listBookings(query);
        try {
          return this.showBooking(decodeURIComponent(id));
        } catch {
          return undefined; // not an external id the copy could hold: the remote's failure stands
        }
      case 'filmers':
        return id === undefined
          ? this.listFilmers(query)
          : this.showRecord('filmer', id, 'filmers', 'filmer not found');
      case 'products':
      case 'upgrades':
        return id === undefined
          ? this.catalogue(collection)
          : this.showRecord(
              collection === 'products' ? 'product' : 'upgrade',
              id,
              collection,
              `${collection === 'products' ? 'product' : 'upgrade'} not found`,
            );
      default:
        return undefined;
    }
  }

  private listBookings(query: Record<string, QueryValue>): CopyAnswer {
    const parsed = parseListQuery(query);
    // A malformed query gets the Sync API's own 422, as the remote would give it.
    if ('fields' in parsed) return this.fromResult(listBookings(this.ctx(), query), undefined);
    const q = parsed.query;
    const window = this.copy.window();
    const from = [q.jumpOnGteq, q.jumpOnGt && addDays(q.jumpOnGt, 1)].filter(Boolean).sort().pop();
    const to = [q.jumpOnLteq, q.jumpOnLt && addDays(q.jumpOnLt, -1)].filter(Boolean).sort()[0];
    if (!from || !to || from < window.from || to > window.to)
      return notInCopy(
        `the desk's copy answers a list only within its window (${this.windowWords()}): ` +
          `give q[jump_on_gteq] and q[jump_on_lteq] within it`,
      );
    const ages: (string | undefined)[] = [];
    for (let day = from; day <= to; day = addDays(day, 1))
      ages.push(this.copy.store.remoteCopy.sliceRefreshedAt(`day:${day}`));
    const asOf = from > to ? this.copy.store.remoteCopy.sliceRefreshedAt(`day:${window.today}`) : oldest(ages);
    if (!asOf) return notInCopy(`the desk has not copied every day from ${from} to ${to} yet`);
    const result = listBookings(this.ctx(), query);
    const body = result.body as { bookings: { id: number }[]; pagination: unknown };
    const stored = this.copy.store.remoteCopy.listBodies(
      'booking',
      body.bookings.map((b) => b.id),
    );
    return {
      statusCode: HTTP_CODE_OF[result.status],
      body: { ...body, bookings: body.bookings.map((b) => fromJson(stored.get(b.id)) ?? b) },
      asOf,
    };
  }

  private showBooking(externalId: string): CopyAnswer {
    const row = this.copy.store.bookings.byExternalId(this.copy.dropzone.id, externalId);
    if (!row) return notInCopy(`${externalId} is not in the desk's copy (${this.windowWords()})`);
    const held = this.copy.store.remoteCopy.body('booking', row.id);
    // A booking made at the desk while the remote could not be reached (a provisional id below zero):
    // its whole record is the desk's own until its create lands (no jump, no remote ledger yet).
    if (row.id < 0 && !held?.show_body)
      return {
        statusCode: 200,
        body: { ...bookingShowView(this.copy.store, row), id: null },
        asOf: this.now().toISOString(),
      };
    if (!held?.show_body || !held.show_at)
      return notInCopy(
        `the desk's copy holds the whole booking (jump, finance events) for today's and ` +
          `tomorrow's bookings only; ${externalId} jumps on ${row.jump_on ?? 'no day'}`,
      );
    return { statusCode: 200, body: JSON.parse(held.show_body), asOf: held.show_at };
  }

  private listFilmers(query: Record<string, QueryValue>): CopyAnswer {
    const asOf = this.copy.store.remoteCopy.sliceRefreshedAt('filmers');
    if (!asOf) return notInCopy("the desk has not copied the remote's filmers yet");
    const result = listFilmers(this.ctx(), query);
    if (result.status !== 'ok') return this.fromResult(result, undefined);
    const filmers = result.body as { id: number }[];
    const stored = this.copy.store.remoteCopy.listBodies(
      'filmer',
      filmers.map((f) => f.id),
    );
    return { statusCode: 200, body: filmers.map((f) => fromJson(stored.get(f.id)) ?? f), asOf };
  }

  private catalogue(kind: 'products' | 'upgrades'): CopyAnswer {
    const held = this.copy.store.remoteCopy.catalogue(kind);
    if (!held) return notInCopy(`the desk has not copied the remote's ${kind} yet`);
    return { statusCode: 200, body: JSON.parse(held.list_body), asOf: held.fetched_at };
  }

  /** A filmer, product or upgrade by id: the copy holds all of them, so one it lacks is not found, as of the copy. */
  private showRecord(kind: CopiedKind, rawId: string, slice: string, notFound: string): CopyAnswer {
    const asOf = this.copy.store.remoteCopy.sliceRefreshedAt(slice);
    if (!asOf) return notInCopy(`the desk has not copied the remote's ${slice} yet`);
    const id = parseRecordId(rawId);
    const body = id === undefined ? undefined : (this.stored(kind, id, 'show') ?? this.stored(kind, id, 'list'));
    if (body === undefined)
      return { statusCode: 404, body: { id: id ?? rawId, error: notFound, status: 'not_found' }, asOf };
    return { statusCode: 200, body, asOf };
  }

  private stored(kind: CopiedKind, id: number, which: 'list' | 'show'): unknown {
    const held = this.copy.store.remoteCopy.body(kind, id);
    const text = which === 'list' ? held?.list_body : held?.show_body;
    return text ? JSON.parse(text) : undefined;
  }

  private fromResult(result: { status: keyof typeof HTTP_CODE_OF; body: unknown }, asOf: string | undefined) {
    return { statusCode: HTTP_CODE_OF[result.status], body: result.body, ...(asOf ? { asOf } : {}) };
  }
}
