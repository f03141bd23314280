import { bookingEmailProblem } from '../../shared/rules/email';
import { handEdit, unlockFields, type HandEdit } from '../../shared/schemas/hand-edits';
import { albumReachedCustomer } from '../../shared/service/album';
import type { BookingRecord } from '../store/records';
import { bookingRecordView } from '../sync/booking-views';
import { bookingNotFound, ProductCache, updateBooking } from '../sync/bookings';
import type { SyncContext, SyncResult } from '../sync/context';
import { isObject } from '../../shared/objects';
import { describeIssues } from '../sync/validation';

/**
 * A person at the desk edits a booking by hand. The same rules as a sync update apply (too old,
 * delivered long ago, product matching and its ledger row), except that no lock holds the person
 * back; every field they change is locked, so the booking system's next sync cannot undo it.
 */
export function editBookingByHand(ctx: SyncContext, externalId: string, body: unknown): SyncResult {
  const edit = readHandEdit(body, { external_id: externalId });
  if (!('edit' in edit)) return edit;
  return ctx.store.transaction(() => {
    const existing = ctx.store.bookings.byExternalId(ctx.dropzone.id, externalId);
    return existing ? applyHandEdit(ctx, existing, edit.edit) : bookingNotFound(externalId);
  });
}

/**
 * The body of a hand edit checked: the hand-edit schema, then the desk's booking e-mail rule (the
 * one the import and the form apply; the Sync API itself takes any text). `names` says which
 * booking a refusal is about (`external_id`, or the desk's `id` for a walk-in).
 */
export function readHandEdit(body: unknown, names: Record<string, unknown>): { edit: HandEdit } | SyncResult {
  if (!isObject(body)) return invalid(names, { booking: 'must be a JSON object' }, ['booking must be a JSON object']);
  const parsed = handEdit.safeParse(body);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, 'booking');
    return invalid(names, problems.fields, problems.messages);
  }
  const emailProblem = bookingEmailProblem(parsed.data.email);
  if (emailProblem !== null) return invalid(names, { email: emailProblem }, [`email ${emailProblem}`]);
  return { edit: parsed.data };
}

/** Applies a checked hand edit to a booking of the caller's dropzone, inside the caller's transaction. */
export function applyHandEdit(ctx: SyncContext, existing: BookingRecord, edit: HandEdit): SyncResult {
  const changesPackage = edit.camera_package !== undefined && edit.camera_package !== existing.camera_package;
  if (changesPackage && albumReachedCustomer(existing.album_status_raw)) {
    // Matching would swap the product with no credit change: after delivery that is "Change product", which records it.
    const error = `the album of ${existing.external_id ?? `booking ${existing.id}`} reached the customer: its product changes with "Change product" (Album and credits), which records the credit change; the camera package stays as it is`;
    return {
      status: 'conflict',
      body: {
        id: existing.id,
        external_id: existing.external_id,
        error,
        fields: { camera_package: error },
        status: 'conflict',
      },
    };
  }
  return updateBooking(
    ctx,
    existing,
    { ...edit, external_id: existing.external_id },
    new ProductCache(ctx),
    'record',
    'hand',
  );
}

/** Hands fields back to the booking system: its next sync may change them again. */
export function unlockBookingFields(ctx: SyncContext, externalId: string, body: unknown): SyncResult {
  const parsed = unlockFields.safeParse(body);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, 'unlock');
    return invalid({ external_id: externalId }, problems.fields, problems.messages);
  }
  return ctx.store.transaction(() => {
    const existing = ctx.store.bookings.byExternalId(ctx.dropzone.id, externalId);
    if (!existing) return bookingNotFound(externalId);
    const unlocked = new Set(parsed.data.fields);
    const locked_attributes = existing.locked_attributes.filter((field) => !unlocked.has(field));
    if (locked_attributes.length !== existing.locked_attributes.length)
      ctx.store.bookings.update(existing.id, { locked_attributes });
    return { status: 'ok', body: { ...bookingRecordView({ ...existing, locked_attributes }), status: 'ok' } };
  });
}

export function invalid(
  names: Record<string, unknown>,
  fields: Record<string, string>,
  messages: string[],
): SyncResult {
  return {
    status: 'unprocessable_content',
    body: { ...names, error: messages.join('; '), fields, status: 'unprocessable_content' },
  };
}
