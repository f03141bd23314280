import { walkInNameProblem } from '../../shared/rules/walk-in';
import type { BookingRecord } from '../store/records';
import { applyHandEdit, invalid, readHandEdit } from './booking-hand-edits';
import { bookingShowView } from '../sync/booking-views';
import { createBooking, ProductCache } from '../sync/bookings';
import type { SyncContext, SyncResult } from '../sync/context';
import { parseRecordId } from '../sync/validation';
import { giveExternalId, splitExternalId } from './walk-in-external-id';

/**
 * Walk-ins: bookings made at the desk for someone the booking system never booked.
 * Such a booking has no external id (spec 4.1: listed with `include_all` only; the Sync API never
 * addresses it one by one), so the desk addresses it by its own `id`. A create runs the Sync API's
 * create rules (bookings.ts `createBooking`: date window, product matching and its ledger row)
 * plus the desk's own: a name, and the booking e-mail rule. docs/desk-api.md "Walk-ins".
 */
export function createWalkIn(ctx: SyncContext, body: unknown): SyncResult {
  const read = readHandEdit(body, { external_id: null });
  if (!('edit' in read)) return read;
  const nameProblem = walkInNameProblem(read.edit.name);
  if (nameProblem !== null) return invalid({ external_id: null }, { name: nameProblem }, [`name ${nameProblem}`]);
  return ctx.store.transaction(() => createBooking(ctx, null, read.edit, new ProductCache(ctx), 'record'));
}

/** Any booking of the dropzone by the desk's id, in the Sync API's show shape (jump, ledger). */
export function showBookingById(ctx: SyncContext, rawId: string): SyncResult {
  const booking = bookingById(ctx, rawId);
  return booking ? { status: 'ok', body: bookingShowView(ctx.store, booking) } : notFoundById(rawId);
}

/**
 * A hand edit by the desk's id. For a booking with an external id it is exactly the hand edit by
 * that id (the changed fields lock against the sync); a walk-in locks nothing, since no booking
 * system syncs it. A walk-in keeps its name: it is what reception finds it by. An `external_id`
 * in the body gives a walk-in the booking system's id (walk-in-external-id.ts), in the same
 * transaction as the other fields: both are saved or neither.
 */
export function editBookingById(ctx: SyncContext, rawId: string, body: unknown): SyncResult {
  const id = parseRecordId(rawId);
  const { externalId, rest } = splitExternalId(body);
  const read = readHandEdit(rest, { id: id ?? null });
  if (!('edit' in read)) return read;
  const attempt = () =>
    ctx.store.transaction((): SyncResult => {
      const found = bookingById(ctx, rawId);
      if (!found) return notFoundById(rawId);
      if (found.external_id === null && read.edit.name !== undefined) {
        const nameProblem = walkInNameProblem(read.edit.name);
        if (nameProblem !== null)
          return invalid({ id: found.id, external_id: null }, { name: nameProblem }, [`name ${nameProblem}`]);
      }
      let existing = found;
      if (externalId !== undefined) {
        const given = giveExternalId(ctx, found, externalId);
        if (!('booking' in given)) return given;
        existing = given.booking;
      }
      const result = applyHandEdit(ctx, existing, read.edit);
      // A refused edit must not leave the id given: throw to roll the transaction back.
      if (result.status !== 'ok') throw new EditRefused(result);
      return result;
    });
  try {
    return attempt();
  } catch (error) {
    if (error instanceof EditRefused) return error.result;
    throw error;
  }
}

class EditRefused extends Error {
  constructor(readonly result: SyncResult) {
    super('edit refused');
  }
}

/**
 * Deletes a walk-in for good (its ledger and jump stay, without the booking, as for a Sync API
 * delete). A booking with an external id is the booking system's: it deletes it through the Sync API.
 */
export function deleteWalkIn(ctx: SyncContext, rawId: string): SyncResult {
  return ctx.store.transaction(() => {
    const existing = bookingById(ctx, rawId);
    if (!existing) return notFoundById(rawId);
    if (existing.external_id !== null) {
      const error = `booking ${existing.id} has the external id ${existing.external_id}: the booking system owns it; delete it through the Sync API (DELETE /api/f1/sync/bookings/${encodeURIComponent(existing.external_id)})`;
      return {
        status: 'conflict',
        body: { id: existing.id, external_id: existing.external_id, error, status: 'conflict' },
      };
    }
    ctx.store.bookings.deleteById(ctx.dropzone.id, existing.id);
    return { status: 'ok', body: null };
  });
}

function bookingById(ctx: SyncContext, rawId: string): BookingRecord | undefined {
  const id = parseRecordId(rawId);
  return id === undefined ? undefined : ctx.store.bookings.byId(ctx.dropzone.id, id);
}

function notFoundById(rawId: string): SyncResult {
  const id = parseRecordId(rawId);
  return {
    status: 'not_found',
    body: { ...(id === undefined ? {} : { id }), error: 'booking not found', status: 'not_found' },
  };
}
