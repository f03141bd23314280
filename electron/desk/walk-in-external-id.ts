import { givenExternalIdProblem } from '../../shared/rules/external-id';
import { LIMITS } from '../../shared/limits';
import { text } from '../../shared/schemas/text';
import type { BookingRecord } from '../store/records';
import type { SyncContext, SyncResult } from '../sync/context';
import { isObject } from '../../shared/objects';
import { describeIssues } from '../sync/validation';
import { invalid } from './booking-hand-edits';

const externalIdText = text(LIMITS.externalIdMaxLength);

/**
 * A body by the desk's id split in two: the external id reception gives a walk-in (if sent) and
 * the hand edit's own fields, which the hand edit's rules read as ever.
 */
export function splitExternalId(body: unknown): { externalId: unknown; rest: unknown } {
  if (!isObject(body) || !('external_id' in body)) return { externalId: undefined, rest: body };
  const { external_id: externalId, ...rest } = body;
  return { externalId, rest };
}

/**
 * Gives a walk-in the id the booking system knows the customer by, inside the caller's
 * transaction: checked as any booking's id (text, not blank, used exactly as typed) and unique in
 * the dropzone. From then on it is an ordinary booking: the album, the jump and the ledger open
 * to it, and the booking system's next sync of that id updates it. A booking that has an id keeps
 * it: the booking system owns it (sending the same id again changes nothing). Answers the booking
 * as it is now, or the refusal.
 */
export function giveExternalId(
  ctx: SyncContext,
  existing: BookingRecord,
  raw: unknown,
): { booking: BookingRecord } | SyncResult {
  const names = { id: existing.id, external_id: existing.external_id };
  const parsed = externalIdText.safeParse(raw);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error, 'external_id');
    return invalid(names, { external_id: Object.values(problems.fields)[0] ?? 'must be text' }, problems.messages);
  }
  const externalId = parsed.data;
  const blank = givenExternalIdProblem(externalId);
  if (blank !== null) return invalid(names, { external_id: blank }, [`external_id ${blank}`]);
  if (existing.external_id === externalId) return { booking: existing };
  if (existing.external_id !== null)
    return conflict(
      names,
      `booking ${existing.id} has the external id ${existing.external_id}: the booking system owns it, and it stays`,
    );
  const holder = ctx.store.bookings.byExternalId(ctx.dropzone.id, externalId);
  if (holder)
    return conflict(names, `is the external id of booking ${holder.id} (${holder.name ?? 'no name'}) already`);
  ctx.store.bookings.update(existing.id, { external_id: externalId, updated_at: existing.updated_at });
  return { booking: { ...existing, external_id: externalId } };
}

function conflict(names: Record<string, unknown>, problem: string): SyncResult {
  return {
    status: 'conflict',
    body: { ...names, error: `external_id ${problem}`, fields: { external_id: problem }, status: 'conflict' },
  };
}
