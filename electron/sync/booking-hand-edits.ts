import { handEdit, unlockFields } from '../../shared/schemas/hand-edits';
import { albumReachedCustomer } from '../../shared/service/album';
import { bookingRecordView } from './booking-views';
import { bookingNotFound, ProductCache, updateBooking } from './bookings';
import type { SyncContext, SyncResult } from './context';
import { describeIssues, isPlainObject } from './validation';

/**
 * A person at the desk edits a booking by hand. The same rules as a sync update apply (too old,
 * delivered long ago, product matching and its ledger row), except that no lock holds the person
 * back; every field they change is locked, so the booking system's next sync cannot undo it.
 */
export function editBookingByHand(ctx: SyncContext, externalId: string, body: unknown): SyncResult {
  if (!isPlainObject(body)) return invalid(externalId, { booking: 'must be a JSON object' }, ['booking must be a JSON object']);
  const parsed = handEdit.safeParse(body);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, 'booking');
    return invalid(externalId, problems.fields, problems.messages);
  }
  return ctx.store.transaction(() => {
    const existing = ctx.store.bookings.byExternalId(ctx.dropzone.id, externalId);
    if (!existing) return bookingNotFound(externalId);
    const changesPackage = parsed.data.camera_package !== undefined && parsed.data.camera_package !== existing.camera_package;
    if (changesPackage && albumReachedCustomer(existing.album_status_raw)) {
      // Matching would swap the product with no credit change: after delivery that is "Change product", which records it.
      const error = `the album of ${externalId} reached the customer: its product changes with "Change product" (Album and credits), which records the credit change; the camera package stays as it is`;
      return { status: 'conflict', body: { external_id: externalId, error, fields: { camera_package: error }, status: 'conflict' } };
    }
    return updateBooking(ctx, existing, { ...parsed.data, external_id: externalId }, new ProductCache(ctx), 'record', 'hand');
  });
}

/** Hands fields back to the booking system: its next sync may change them again. */
export function unlockBookingFields(ctx: SyncContext, externalId: string, body: unknown): SyncResult {
  const parsed = unlockFields.safeParse(body);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, 'unlock');
    return invalid(externalId, problems.fields, problems.messages);
  }
  return ctx.store.transaction(() => {
    const existing = ctx.store.bookings.byExternalId(ctx.dropzone.id, externalId);
    if (!existing) return bookingNotFound(externalId);
    const unlocked = new Set(parsed.data.fields);
    const locked_attributes = existing.locked_attributes.filter((field) => !unlocked.has(field));
    if (locked_attributes.length !== existing.locked_attributes.length) ctx.store.bookings.update(existing.id, { locked_attributes });
    return { status: 'ok', body: { ...bookingRecordView({ ...existing, locked_attributes }), status: 'ok' } };
  });
}

function invalid(externalId: string, fields: Record<string, string>, messages: string[]): SyncResult {
  return { status: 'unprocessable_content', body: { external_id: externalId, error: messages.join('; '), fields, status: 'unprocessable_content' } };
}
