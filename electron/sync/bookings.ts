import { LIMITS } from '../../shared/limits';
import { PARTIAL_UPDATE_WARNING } from '../../shared/outcomes';
import { BOOKING_TOO_OLD, isTooOld } from '../../shared/rules/booking-age';
import { isBlankExternalId, REQUIRES_EXTERNAL_ID } from '../../shared/rules/external-id';
import { bookingWrite, type BookingWrite } from '../../shared/schemas/booking';
import type { BookingChanges } from '../store/repos/bookings';
import type { BookingRecord, ProductRecord } from '../store/records';
import { insertNewBooking } from './booking-factory';
import { isClosedForReuse, locksAfterHandEdit, planUpdate } from './booking-rules';
import { runBatch } from './batch';
import { bookingRecordView, bookingShowView } from './booking-views';
import { timestamp, todayAt, type SyncContext, type SyncRefused, type SyncResult } from './context';
import { recordProductAssignment } from './finance';
import { matchProduct } from '../../shared/service/product-match';
import { isObject } from '../../shared/objects';
import { describeIssues } from './validation';

/** Active products, loaded once per request however many batch elements need them. */
export class ProductCache {
  private products: ProductRecord[] | undefined;
  constructor(private readonly ctx: SyncContext) {}
  active(): ProductRecord[] {
    this.products ??= this.ctx.store.catalogue.activeProducts(this.ctx.dropzone.id);
    return this.products;
  }
}

/**
 * How a success is answered: the whole record (single calls), or a summary for batch results:
 * the spec's sample fields, enough to tell each row's outcome without re-sending every booking.
 */
export type SuccessView = 'record' | 'summary';

/** A booking as a create or an update answers it: the record or its summary, or a partial update's warning. */
export type BookingSaved = Record<string, unknown> & {
  id: number;
  external_id: string | null;
  status: 'created' | 'ok' | 'partial_update';
};

function successBody(booking: BookingRecord, status: 'created' | 'ok', view: SuccessView) {
  if (view === 'summary')
    return {
      id: booking.id,
      external_id: booking.external_id,
      name: booking.name,
      product_id: booking.product_id,
      status,
    };
  return { ...bookingRecordView(booking), status };
}

/** Create or update one booking (spec 4.1, "Create booking" / "Update booking"). */
export function upsertBooking(
  ctx: SyncContext,
  body: unknown,
  products = new ProductCache(ctx),
  view: SuccessView = 'record',
  /** The id a new booking takes (a copy's provisional one for a booking created offline); default: the store's next. */
  newId?: () => number,
): SyncResult<BookingSaved> {
  const parsed = parseBookingWrite(body);
  if (!parsed.ok) return parsed.refused;
  const input = parsed.input;
  const externalId = input.external_id as string;
  return ctx.store.transaction(() => {
    const existing = ctx.store.bookings.byExternalId(ctx.dropzone.id, externalId);
    return existing
      ? updateBooking(ctx, existing, input, products, view)
      : createBooking(ctx, externalId, input, products, view, newId?.());
  });
}

/**
 * A booking write as the Sync API's rules read it, before any record is looked at: its shape, its
 * external id, each field's type and form. What it refuses is refused whatever the store holds.
 */
export function parseBookingWrite(
  body: unknown,
): { ok: true; input: BookingWrite } | { ok: false; refused: SyncRefused } {
  const refuse = (refused: SyncRefused['body']) =>
    ({ ok: false, refused: { status: 'unprocessable_content', body: refused } }) as const;
  if (!isObject(body)) return refuse({ error: 'booking must be a JSON object', status: 'unprocessable_content' });
  if (isBlankExternalId(body.external_id)) {
    // `fields` (as in every other 422 of a booking) lets a form mark the field without reading the message.
    return refuse({
      error: REQUIRES_EXTERNAL_ID,
      fields: { external_id: 'is required' },
      status: 'unprocessable_content',
    });
  }
  const parsed = bookingWrite.safeParse(body);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, 'booking');
    return refuse({
      external_id: typeof body.external_id === 'string' ? body.external_id : null,
      error: problems.messages.join('; '),
      fields: problems.fields,
      status: 'unprocessable_content',
    });
  }
  return { ok: true, input: parsed.data };
}

function tooOld(externalId: string | null): SyncRefused {
  return {
    status: 'not_acceptable',
    body: { external_id: externalId, error: BOOKING_TOO_OLD, status: 'not_acceptable' },
  };
}

/**
 * A new booking by the create rules (the date window, product matching and its ledger row), inside
 * the caller's transaction: a Sync API create, or (externalId null) a walk-in made at the desk.
 */
export function createBooking(
  ctx: SyncContext,
  externalId: string | null,
  input: BookingWrite,
  products: ProductCache,
  view: SuccessView,
  id?: number,
): SyncResult<BookingSaved> {
  if (input.jump_on && isTooOld(input.jump_on, todayAt(ctx))) return tooOld(externalId);
  const fields = { ...input, external_id: externalId };
  const created = insertNewBooking(ctx.store, {
    dropzoneId: ctx.dropzone.id,
    fields,
    at: timestamp(ctx),
    products: products.active(),
    ...(id === undefined ? {} : { kept: { id } }),
  });
  return { status: 'created', body: successBody(created, 'created', view) };
}

/**
 * Who changes the booking: the booking system through the Sync API (held back by locks), or a
 * person at the desk (changes anything, and each field they change locks against the sync).
 */
export type EditSource = 'sync' | 'hand';

export function updateBooking(
  ctx: SyncContext,
  existing: BookingRecord,
  input: BookingWrite,
  products: ProductCache,
  view: SuccessView,
  source: EditSource = 'sync',
): SyncResult<BookingSaved> {
  const today = todayAt(ctx);
  // null for a walk-in (a booking made at the desk), which only a person at the desk edits.
  const externalId = existing.external_id;
  if (isClosedForReuse(existing, today)) {
    const closed = `booking was delivered for a jump more than ${LIMITS.externalIdReuseDays} days ago`;
    return {
      status: 'conflict',
      body: {
        id: existing.id,
        external_id: externalId,
        error:
          externalId === null ? `${closed}; it is closed to changes` : `${closed}; its external_id cannot be reused`,
        status: 'conflict',
      },
    };
  }
  const { changes, ignored } = source === 'hand' ? planUpdate(existing, input, new Set()) : planUpdate(existing, input);
  // Only a change of jump_on can make a booking too old; re-sending the stored date does not.
  if (changes.jump_on && isTooOld(changes.jump_on, today)) return tooOld(externalId);

  const now = timestamp(ctx);
  let updated: BookingRecord = existing;
  const changed = Object.keys(changes);
  if (changed.length > 0) {
    // A walk-in locks nothing: no booking system syncs it, so there is nothing to hold back.
    const locks = source === 'hand' && externalId !== null;
    const write: BookingChanges = locks
      ? { ...changes, locked_attributes: locksAfterHandEdit(existing.locked_attributes, changed) }
      : changes;
    updated = { ...existing, ...write, updated_at: now } as BookingRecord;
    const product = 'camera_package' in changes ? matchProduct(products.active(), changes.camera_package) : undefined;
    if (product && product.id !== existing.product_id) {
      const previous =
        existing.product_id === null ? undefined : ctx.store.catalogue.product(ctx.dropzone.id, existing.product_id);
      updated.product_id = product.id;
      ctx.store.bookings.update(existing.id, { ...write, product_id: product.id, updated_at: now });
      recordProductAssignment(ctx.store, updated, previous, product, now);
    } else {
      ctx.store.bookings.update(existing.id, { ...write, updated_at: now });
    }
  }
  if (ignored.length > 0) {
    return {
      status: 'partial_update',
      body: {
        id: existing.id,
        external_id: externalId,
        status: 'partial_update',
        warning: PARTIAL_UPDATE_WARNING,
        ignored_attributes: ignored,
      },
    };
  }
  return { status: 'ok', body: successBody(updated, 'ok', view) };
}

/** `POST /bookings/batch`: every element created or updated on its own (spec 4.1, 4.5). */
export function upsertBookingBatch(ctx: SyncContext, body: unknown): SyncResult {
  const products = new ProductCache(ctx);
  return runBatch(ctx, body, 'bookings', (element) => upsertBooking(ctx, element, products, 'summary'));
}

export function showBooking(ctx: SyncContext, externalId: string): SyncResult {
  const booking = ctx.store.bookings.byExternalId(ctx.dropzone.id, externalId);
  if (!booking) return bookingNotFound(externalId);
  return { status: 'ok', body: bookingShowView(ctx.store, booking) };
}

export function deleteBooking(ctx: SyncContext, externalId: string): SyncResult<null> {
  const deleted = ctx.store.transaction(() => ctx.store.bookings.deleteByExternalId(ctx.dropzone.id, externalId));
  return deleted ? { status: 'ok', body: null } : bookingNotFound(externalId);
}

export function bookingNotFound(externalId: string): SyncRefused {
  return { status: 'not_found', body: { external_id: externalId, error: 'booking not found', status: 'not_found' } };
}
