import { HTTP_CODE_OF } from '../../shared/outcomes';
import { isObject } from '../../shared/objects';
import { ProductCache, parseBookingWrite, upsertBooking, deleteBooking } from '../sync/bookings';
import { atOneInstant, type SyncContext, type SyncResult } from '../sync/context';
import { deleteFilmer, FILMER_HAS_JUMPS, filmerCreateRefusal, malformedFilmer, upsertFilmer } from '../sync/filmers';
import { LIMITS } from '../../shared/limits';
import { bookingLane, filmerLane } from '../../shared/schemas/outbox';
import { runBatch } from '../sync/batch';
import { changedFields, fieldsOf, type Fields, type RecordKind } from './outbox-fields';
import type { RemoteCopy } from './remote-copy';
import { restateBookingBodies, restateFilmerBodies } from './copy-restate';

/** How many writes the outbox holds at most (docs/offline.md, "The window"): beyond, a write is refused, never dropped. */
export const OUTBOX_CAPACITY = 10_000;

/**
 * What the caller is answered: the status code and body the remote would give, and the write's
 * place in the outbox. A refusal for want of the remote (`not_in_copy`, `remote_unreachable`) says
 * what the desk cannot do; the proxy says the remote's actual failure before it (proxied-sync-api.ts).
 */
export interface QueuedAnswer {
  statusCode: number;
  body: unknown;
  /** The outbox writes it made (none: refused by the rules, or nothing to send). */
  opIds: number[];
  /** Set for an answer the outbox cannot give (full; a filmer create): seconds to wait. */
  retryAfterSeconds?: number;
}

function answer(result: SyncResult, opIds: number[]): QueuedAnswer {
  return {
    statusCode: HTTP_CODE_OF[result.status],
    body: result.body,
    opIds,
    ...(result.status === 'not_in_copy' ? { retryAfterSeconds: 60 } : {}),
  };
}

/**
 * The copy cannot tell what the write is (a booking it does not hold may be one outside its window,
 * or one of a day it has not fetched): answered 503, never guessed, so an update is not taken for a
 * create (or a delete for "not found").
 */
function unknownToCopy(
  externalId: string | null,
  why: string,
  key: Record<string, unknown> = { external_id: externalId },
): SyncResult {
  const body = {
    ...key,
    error: `${why}: send it again once the remote answers`,
    status: 'not_in_copy',
  };
  cannotJudgeWhy.set(body, why);
  return { status: 'not_in_copy', body };
}

/** Why the copy could not judge an answer's record, by the answer's body (a batch says it again in its own words). */
const cannotJudgeWhy = new WeakMap<object, string>();

/** A batch element the copy cannot judge: the whole batch is answered 503, and nothing of it is kept. */
class CannotJudge extends Error {
  constructor(
    readonly index: number,
    readonly result: Record<string, unknown>,
  ) {
    super('a batch element the copy cannot judge');
  }
}

/**
 * A batch with an element the copy cannot judge (and the Sync API's rules do not refuse): no
 * element status of the spec says "ask again later", so the whole batch is refused with 503 and
 * Retry-After, and none of it is queued (docs/spec-decisions.md).
 */
function batchCannotBeJudged(key: 'bookings' | 'filmers', cannot: CannotJudge): QueuedAnswer {
  const which = typeof cannot.result.external_id === 'string' ? ` (${cannot.result.external_id})` : '';
  const why = cannotJudgeWhy.get(cannot.result) ?? 'the desk cannot tell what the remote would answer';
  return {
    statusCode: 503,
    body: {
      status: 'not_in_copy',
      error: `the desk cannot judge element ${cannot.index + 1} of the ${key} batch${which}, so none of it is taken (${why}): send the batch again once the remote answers`,
    },
    opIds: [],
    retryAfterSeconds: 60,
  };
}

const FULL = (needed: number, held: number): QueuedAnswer => ({
  statusCode: 503,
  body: {
    status: 'remote_unreachable',
    error:
      `the desk's outbox is full (${held} of ${OUTBOX_CAPACITY} writes waiting` +
      `${needed > 1 ? `; this call needs ${needed}` : ''}): send again once the remote answers`,
  },
  opIds: [],
  retryAfterSeconds: 60,
});

/**
 * Writes accepted while the remote cannot take them (docs/offline.md, "Writes while offline"):
 * each runs the Sync API's own rules on the copy, so a write the remote would certainly refuse is
 * refused now with the remote's answer, and one that goes through changes the copy and takes its
 * place in the outbox in the same transaction. The caller is answered after that commit.
 */
export class OutboxIntake {
  constructor(
    private readonly copy: RemoteCopy,
    private readonly now: () => Date,
  ) {}

  private ctx(): SyncContext {
    return atOneInstant({ store: this.copy.store, dropzone: this.copy.dropzone, now: this.now });
  }

  private get store() {
    return this.copy.store;
  }

  private roomFor(needed: number): QueuedAnswer | undefined {
    const held = this.store.outbox.countOpen();
    return held + needed > OUTBOX_CAPACITY ? FULL(needed, held) : undefined;
  }

  /** `POST /bookings` */
  bookingUpsert(body: unknown, source: string): QueuedAnswer {
    return this.store.transaction(() => {
      const full = this.roomFor(1);
      if (full) return full;
      const ctx = this.ctx();
      const { result, opId } = this.oneBooking(ctx, body, new ProductCache(ctx), source);
      return answer(result, opId === undefined ? [] : [opId]);
    });
  }

  /** `POST /bookings/batch`: each element on its own, as the Sync API runs a batch (spec 4.5). */
  bookingBatch(body: unknown, source: string): QueuedAnswer {
    return this.batch(body, 'bookings', (ctx, products, element) =>
      this.oneBooking(ctx, element, products, source, 'summary'),
    );
  }

  /** `DELETE /bookings/:external_id` */
  bookingDelete(externalId: string, source: string): QueuedAnswer {
    return this.store.transaction(() => {
      const full = this.roomFor(1);
      if (full) return full;
      const ctx = this.ctx();
      const held = this.store.bookings.byExternalId(this.copy.dropzone.id, externalId);
      if (!held)
        return answer(
          unknownToCopy(externalId, `the desk's copy does not hold ${externalId} (${this.windowWords()})`),
          [],
        );
      const result = deleteBooking(ctx, externalId);
      if (result.status !== 'ok' || !held) return answer(result, []);
      const before = fieldsOf('booking', held);
      const opId = this.enqueue('booking', externalId, 'delete', before, {}, source, held.name, held.jump_on, '204');
      return { statusCode: 204, body: null, opIds: [opId] };
    });
  }

  /** `POST /filmers` with an `id` (an update); a create cannot be answered without the remote, which assigns the id. */
  filmerUpsert(body: unknown, source: string): QueuedAnswer {
    if (isObject(body) && body.id === undefined) {
      // An invalid create is refused as online; a valid one needs the remote.
      const refused = filmerCreateRefusal(body);
      return refused ? answer(refused, []) : FILMER_CREATE_OFFLINE;
    }
    return this.store.transaction(() => {
      const full = this.roomFor(1);
      if (full) return full;
      const ctx = this.ctx();
      const { result, opId } = this.oneFilmer(ctx, body, source);
      return answer(result, opId === undefined ? [] : [opId]);
    });
  }

  /** `POST /filmers/batch`: queued only when every element is an update (a create needs the remote). */
  filmerBatch(body: unknown, source: string): QueuedAnswer {
    const elements = isObject(body) && Array.isArray(body.filmers) ? (body.filmers as unknown[]) : [];
    // A create the rules refuse on its body alone gets its 422 in the batch, as online; a valid one needs the remote.
    if (
      elements.some(
        (element) =>
          isObject(element) && element.id === undefined && filmerCreateRefusal(element, 'batch') === undefined,
      )
    )
      return FILMER_CREATE_OFFLINE;
    return this.batch(body, 'filmers', (ctx, _products, element) => this.oneFilmer(ctx, element, source, 'batch'));
  }

  /**
   * A batch by the Sync API's own batch rule (its envelope, its size limit, one result per element),
   * every element predicted and queued on its own, in one transaction with room checked for all.
   */
  private batch(
    body: unknown,
    key: 'bookings' | 'filmers',
    runOne: (ctx: SyncContext, products: ProductCache, element: unknown) => { result: SyncResult; opId?: number },
  ): QueuedAnswer {
    const count = isObject(body) && Array.isArray(body[key]) ? (body[key] as unknown[]).length : 0;
    try {
      return this.store.transaction(() => {
        // A batch over the size limit gets the Sync API's own 413 below, not "the outbox is full".
        const full = count <= LIMITS.batchMaxElements ? this.roomFor(count) : undefined;
        if (full) return full;
        const ctx = this.ctx();
        const products = new ProductCache(ctx);
        const opIds: number[] = [];
        let index = 0;
        let cannot: CannotJudge | undefined;
        const result = runBatch(ctx, body, key, (element) => {
          const one = runOne(ctx, products, element);
          if (one.result.status === 'not_in_copy') cannot ??= new CannotJudge(index, one.result.body);
          index += 1;
          if (one.opId !== undefined) opIds.push(one.opId);
          return one.result as SyncResult<Record<string, unknown>>;
        });
        // Thrown through the batch's transaction: every element's change and write is undone.
        if (cannot) throw cannot;
        return answer(result, opIds);
      });
    } catch (error) {
      if (error instanceof CannotJudge) return batchCannotBeJudged(key, error);
      throw error;
    }
  }

  /** `DELETE /filmers/:id`: never queued, since the copy cannot tell the remote will take it (below). */
  filmerDelete(rawId: string, _source: string): QueuedAnswer {
    return this.store.transaction(() => {
      const full = this.roomFor(1);
      if (full) return full;
      if (!this.store.remoteCopy.sliceRefreshedAt('filmers'))
        return answer(unknownToCopy(null, "the desk has not copied the remote's filmers yet"), []);
      const id = Number(rawId);
      const held = Number.isSafeInteger(id) ? this.store.filmers.byId(this.copy.dropzone.id, id) : undefined;
      // The copy holds the jumps of the bookings it holds whole only (today's and tomorrow's): a
      // jump there is a refusal the remote would give too; none there says nothing of older ones.
      if (held && this.store.remoteCopy.jumpsOfFilmer(held.id) > 0)
        return answer(
          {
            status: 'unprocessable_content',
            body: { id: held.id, errors: [FILMER_HAS_JUMPS], status: 'unprocessable_content' },
          },
          [],
        );
      if (held)
        return answer(
          unknownToCopy(
            null,
            `the remote refuses to delete a filmer with jumps, and the desk's copy holds only the jumps of today's and tomorrow's bookings: whether filmer ${held.id} filmed others only the remote knows`,
            { id: held.id },
          ),
          [],
        );
      // Not a filmer the copy holds (it holds every one): the remote's own 404.
      return answer(deleteFilmer(this.ctx(), rawId), []);
    });
  }

  private windowWords(): string {
    const w = this.copy.window();
    return `it holds the bookings jumping from ${w.from} to ${w.to}`;
  }

  /**
   * A booking the copy does not hold is a create only if the copy would hold it: a jump day within
   * its window that it has fetched whole. Otherwise it may be an update of a booking the copy never
   * saw, and the desk cannot say which (undefined: it is a create).
   */
  private cannotTellCreate(externalId: string, jumpOn: unknown): SyncResult | undefined {
    const w = this.copy.window();
    // A malformed day, or one past the 14-day rule, is refused by the rules themselves (422, 406), create or update.
    if (typeof jumpOn === 'string' && (!/^\d{4}-\d{2}-\d{2}$/.test(jumpOn) || jumpOn < w.from)) return undefined;
    if (typeof jumpOn !== 'string' || jumpOn > w.to)
      return unknownToCopy(
        externalId,
        `the desk's copy does not hold ${externalId} and cannot tell a new booking from one it never saw (${this.windowWords()}; give a jump_on within it for a new booking)`,
      );
    if (!this.store.remoteCopy.sliceRefreshedAt(`day:${jumpOn}`))
      return unknownToCopy(externalId, `the desk has not copied the bookings of ${jumpOn} yet`);
    return undefined;
  }

  private oneBooking(
    ctx: SyncContext,
    body: unknown,
    products: ProductCache,
    source: string,
    view: 'record' | 'summary' = 'record',
  ): { result: SyncResult; opId?: number } {
    const dz = this.copy.dropzone.id;
    // An invalid write is invalid whatever the copy holds: the rules' own 422, as online.
    const parsed = parseBookingWrite(body);
    if (!parsed.ok) return { result: parsed.refused };
    const externalId = isObject(body) && typeof body.external_id === 'string' ? body.external_id : undefined;
    const held = externalId === undefined ? undefined : this.store.bookings.byExternalId(dz, externalId);
    const before = held ? fieldsOf('booking', held) : null;
    if (!held && externalId !== undefined && externalId.trim() !== '') {
      const unknown = this.cannotTellCreate(externalId, isObject(body) ? body.jump_on : undefined);
      if (unknown) return { result: unknown };
    }
    const result = this.store.transaction(() =>
      upsertBooking(ctx, body, products, view, () => this.store.remoteCopy.provisionalBookingId()),
    );
    if (result.status !== 'created' && result.status !== 'ok' && result.status !== 'partial_update') return { result };
    const saved = this.store.bookings.byExternalId(dz, result.body.external_id as string);
    if (!saved) return { result };
    const changed = changedFields('booking', before, fieldsOf('booking', saved));
    // The remote assigns a booking's id: a booking made here has none to tell until it lands.
    const shown = result.status === 'created' ? { ...result.body, id: null } : result.body;
    if (Object.keys(changed).length === 0) return { result: { ...result, body: shown } };
    restateBookingBodies(this.copy, saved);
    const opId = this.enqueue(
      'booking',
      saved.external_id as string,
      'upsert',
      before,
      changed,
      source,
      saved.name,
      // The spec's 14-day rule can refuse a write that sets the jump day: that is when it expires.
      'jump_on' in changed ? saved.jump_on : null,
      result.status,
    );
    return { result: { ...result, body: shown }, opId };
  }

  private oneFilmer(
    ctx: SyncContext,
    body: unknown,
    source: string,
    mode: 'single' | 'batch' = 'single',
  ): { result: SyncResult; opId?: number } {
    const dz = this.copy.dropzone.id;
    const id = isObject(body) && typeof body.id === 'number' ? body.id : undefined;
    // Malformed input gets the Sync API's own answer, whatever the copy holds yet.
    const malformed = malformedFilmer(ctx, body);
    if (malformed) return { result: malformed };
    if (!this.store.remoteCopy.sliceRefreshedAt('filmers'))
      return { result: unknownToCopy(null, "the desk has not copied the remote's filmers yet") };
    const held = id === undefined ? undefined : this.store.filmers.byId(dz, id);
    const before = held ? fieldsOf('filmer', held) : null;
    const result = upsertFilmer(ctx, body, mode);
    if (result.status !== 'ok' || id === undefined || before === null) return { result };
    const saved = this.store.filmers.byId(dz, id)!;
    const changed = changedFields('filmer', before, fieldsOf('filmer', saved));
    if (Object.keys(changed).length === 0) return { result };
    restateFilmerBodies(this.copy, saved);
    const opId = this.enqueue('filmer', String(id), 'upsert', before, changed, source, saved.name, null, 'ok');
    return { result, opId };
  }

  private enqueue(
    kind: RecordKind,
    key: string,
    action: 'upsert' | 'delete',
    before: Fields | null,
    after: Fields,
    source: string,
    label: string | null,
    jumpOn: string | null,
    predicted: string,
  ): number {
    const at = this.now().toISOString();
    const id = this.store.outbox.insert({
      lane: kind === 'booking' ? bookingLane(key) : filmerLane(key),
      record_kind: kind,
      record_key: key,
      action,
      label,
      jump_on: jumpOn,
      source,
      predicted,
      before: before === null ? null : JSON.stringify(before),
      after: JSON.stringify(after),
      queued_at: at,
    });
    this.store.outbox.addHistory(id, at, source, `accepted while the remote could not be reached (${predicted})`);
    return id;
  }
}

/** A filmer create offline: the remote assigns its id, and the desk never invents one. */
const FILMER_CREATE_OFFLINE: QueuedAnswer = {
  statusCode: 503,
  body: {
    status: 'remote_unreachable',
    error: 'a new filmer needs the remote (it assigns the id): send the create again once the remote answers',
  },
  opIds: [],
  retryAfterSeconds: 60,
};
