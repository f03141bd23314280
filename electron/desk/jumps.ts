import type { JumpCheckInput, JumpView, JumpWrite, FilmerJumps } from '../../shared/schemas/jumps';
import type { CameraRequirement } from '../../shared/schemas/finance';
import { entitlementsOf } from '../../shared/service/entitlements';
import {
  albumMadeReason,
  checkJump,
  roleOnJump,
  type FilmerFacts,
  type JumpCheck,
  type JumpProblem,
} from '../../shared/service/jumps';
import type { BookingRecord, JumpRecord, ProductRecord } from '../store/records';
import { timestamp, todayAt, type SyncContext } from '../sync/context';

/**
 * Jumps recorded at the desk: the rules of shared/service/jumps.ts applied to what the store
 * holds. One booking has at most one jump (booking_id is unique); recording again replaces it.
 * docs/spec-decisions.md, "Jumps and filmers".
 */

export function jumpView(jump: JumpRecord): JumpView {
  return {
    id: jump.id,
    camera: jump.camera,
    filmer_id: jump.filmer_id,
    second_filmer_id: jump.second_filmer_id,
    jumped_on: jump.jumped_on,
    recorded_by: jump.recorded_by,
    recorded_at: jump.recorded_at,
  };
}

/**
 * What the booking's current entitlement asks of the camera: its newest ledger event's (the
 * entitlements "drive behaviour", spec 2.5), or its product's while nothing is in the ledger yet.
 */
export function cameraRequirementOf(ctx: SyncContext, booking: BookingRecord): CameraRequirement | null {
  const newest = ctx.store.finance.ledger(booking.id).at(-1);
  const product =
    newest || booking.product_id === null
      ? undefined
      : ctx.store.catalogue.product(ctx.dropzone.id, booking.product_id);
  return cameraRequirementFrom(newest, product);
}

/**
 * The same rule from what the caller has read already (the desk list reads a page's newest
 * events in one statement): the newest ledger event's requirement, else the product's.
 */
export function cameraRequirementFrom(
  newestEvent: { camera_requirement: string | null } | undefined,
  product: ProductRecord | undefined,
): CameraRequirement | null {
  if (newestEvent) return newestEvent.camera_requirement as CameraRequirement | null;
  return product ? entitlementsOf(product).camera_requirement : null;
}

function filmerFacts(ctx: SyncContext, id: number | null | undefined): FilmerFacts | undefined {
  return id === null || id === undefined ? undefined : ctx.store.filmers.byId(ctx.dropzone.id, id);
}

interface Judgement {
  check: JumpCheck;
  camera_requirement: CameraRequirement | null;
}

function judge(ctx: SyncContext, booking: BookingRecord, input: JumpCheckInput): Judgement {
  const camera_requirement = cameraRequirementOf(ctx, booking);
  const draft = {
    camera: input.camera,
    filmer_id: input.filmer_id,
    second_filmer_id: input.second_filmer_id ?? null,
    jumped_on: input.jumped_on ?? null,
  };
  const check = checkJump(draft, {
    today: todayAt(ctx),
    booking: { jump_on: booking.jump_on, album_status_raw: booking.album_status_raw, camera_requirement },
    filmer: filmerFacts(ctx, draft.filmer_id),
    second_filmer: filmerFacts(ctx, draft.second_filmer_id),
    // This booking's own jump is the one being replaced: it does not make the day busier.
    jumps_that_day: (filmerId, day) => ctx.store.jumps.countOnDay(ctx.dropzone.id, filmerId, day, booking.id),
  });
  return { check, camera_requirement };
}

export type BookingNotFound = { kind: 'booking_not_found' };
const bookingNotFound: BookingNotFound = { kind: 'booking_not_found' };

export type JumpCheckOutcome = BookingNotFound | ({ kind: 'checked' } & Judgement);

/** What recording `input` would do, without writing: the dialog shows it before Save. */
export function checkBookingJump(ctx: SyncContext, externalId: string, input: JumpCheckInput): JumpCheckOutcome {
  const booking = ctx.store.bookings.byExternalId(ctx.dropzone.id, externalId);
  if (!booking) return bookingNotFound;
  return { kind: 'checked', ...judge(ctx, booking, input) };
}

export type RecordJumpOutcome =
  | BookingNotFound
  | { kind: 'refused'; refusals: JumpProblem[]; warnings: JumpProblem[] }
  | { kind: 'recorded'; created: boolean; jump: JumpView; warnings: JumpProblem[] };

/** Records the booking's jump, or replaces the one recorded; refused (nothing written) when any rule says no. */
export function recordJump(ctx: SyncContext, externalId: string, input: JumpWrite): RecordJumpOutcome {
  return ctx.store.transaction(() => {
    const booking = ctx.store.bookings.byExternalId(ctx.dropzone.id, externalId);
    if (!booking) return bookingNotFound;
    const { check } = judge(ctx, booking, input);
    if (check.refusals.length > 0) return { kind: 'refused', refusals: check.refusals, warnings: check.warnings };

    const values = {
      camera: input.camera,
      filmer_id: input.filmer_id,
      second_filmer_id: input.second_filmer_id ?? null,
      jumped_on: check.jumped_on,
      recorded_by: input.recorded_by,
      recorded_at: timestamp(ctx),
    };
    const existing = ctx.store.jumps.byBooking(booking.id);
    if (existing) ctx.store.jumps.update(existing.id, values);
    else ctx.store.jumps.insert({ dropzone_id: ctx.dropzone.id, booking_id: booking.id, ...values });
    const jump = ctx.store.jumps.byBooking(booking.id)!;
    return { kind: 'recorded', created: !existing, jump: jumpView(jump), warnings: check.warnings };
  });
}

export type RemoveJumpOutcome =
  | BookingNotFound
  | { kind: 'no_jump' }
  | { kind: 'album_made'; reason: string }
  | { kind: 'removed'; jump: JumpView; removed_by: string; removed_at: string };

/**
 * Removes a wrongly recorded jump, while no album was made from it. The jump's row goes (a
 * filmer's count and the next jump must not see it) and a removal record keeps what it was and
 * who removed it: whoever reads the ledger later can tell a jump that never was from one taken back.
 */
export function removeJump(ctx: SyncContext, externalId: string, removedBy: string): RemoveJumpOutcome {
  return ctx.store.transaction(() => {
    const booking = ctx.store.bookings.byExternalId(ctx.dropzone.id, externalId);
    if (!booking) return bookingNotFound;
    const jump = ctx.store.jumps.byBooking(booking.id);
    if (!jump) return { kind: 'no_jump' };
    const album = albumMadeReason(booking.album_status_raw);
    if (album) return { kind: 'album_made', reason: album };
    const at = timestamp(ctx);
    ctx.store.jumpRemovals.record(jump, removedBy, at);
    ctx.store.jumps.delete(jump.id);
    return { kind: 'removed', jump: jumpView(jump), removed_by: removedBy, removed_at: at };
  });
}

/** A filmer's jumps, newest day first, with what they did on each; undefined: no such filmer. */
export function filmerJumpList(ctx: SyncContext, filmerId: number): FilmerJumps | undefined {
  if (!ctx.store.filmers.byId(ctx.dropzone.id, filmerId)) return undefined;
  const rows = ctx.store.jumps.ofFilmer(ctx.dropzone.id, filmerId);
  return {
    filmer_id: filmerId,
    count: rows.length,
    jumps: rows.map((row) => ({
      jump_id: row.id,
      booking_external_id: row.booking_external_id,
      booking_name: row.booking_name,
      jumped_on: row.jumped_on ?? row.booking_jump_on,
      camera: row.camera,
      role: roleOnJump(row.camera, row.filmer_id === filmerId ? 'first' : 'second'),
    })),
  };
}

export function filmerJumpCounts(ctx: SyncContext): { filmer_id: number; count: number }[] {
  return [...ctx.store.jumps.countsByFilmer(ctx.dropzone.id)].map(([filmer_id, count]) => ({ filmer_id, count }));
}
