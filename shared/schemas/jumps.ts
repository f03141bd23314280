import { z } from 'zod';
import { isoDate, isoDateTime } from './common';
import { CAMERA_REQUIREMENTS } from './finance';
import { recordedBy } from './recorded-by';
import { wellFormedString } from './text';

/**
 * Jumps recorded at the desk (/api/desk/bookings/:external_id/jump, /api/desk/filmers/…/jumps):
 * docs/desk-api.md, "Jumps and filmers". Request bodies strict; answers as the server sends them.
 */

const filmerId = z
  .number({ error: 'must be a filmer id' })
  .int({ error: 'must be a filmer id' })
  .positive({ error: 'must be a filmer id' });
const jumpDate = wellFormedString({ error: 'must be a date in the form YYYY-MM-DD' }).refine(
  (s) => isoDate.safeParse(s).success,
  {
    error: 'must be a date in the form YYYY-MM-DD',
  },
);
/** The cameras a jump is filmed with; who films each is a rule (shared/service/jumps.ts). */
export const JUMP_CAMERAS = ['selfie', 'videographer', 'both'] as const;
export type JumpCamera = (typeof JUMP_CAMERAS)[number];

const jumpCamera = z.enum(JUMP_CAMERAS, { error: `must be one of ${JUMP_CAMERAS.join(', ')}` });

/** The jump as a person describes it; `jumped_on` left out (or null): the booking's jump date, once it has come. */
const jumpFields = {
  camera: jumpCamera,
  filmer_id: filmerId,
  second_filmer_id: filmerId.nullable().optional(),
  jumped_on: jumpDate.nullable().optional(),
};

/** PUT …/jump: record the booking's jump, or replace the one recorded. */
export const jumpWrite = z.strictObject({ ...jumpFields, recorded_by: recordedBy }, { error: 'must be a jump object' });
export type JumpWrite = z.infer<typeof jumpWrite>;

/** POST …/jump/check: the same jump, checked without writing (no name needed: nothing is recorded). */
export const jumpCheckInput = z.strictObject(
  { ...jumpFields, recorded_by: recordedBy.optional() },
  { error: 'must be a jump object' },
);
export type JumpCheckInput = z.infer<typeof jumpCheckInput>;

/** DELETE …/jump?recorded_by=…: who removed it. */
export const jumpRemoveQuery = z.strictObject({ recorded_by: recordedBy });

export const jumpProblem = z.object({
  field: z.enum(['camera', 'filmer_id', 'second_filmer_id', 'jumped_on', 'booking']),
  code: z.string(),
  message: z.string(),
});
export type JumpProblemView = z.infer<typeof jumpProblem>;

/** The desk's whole view of a recorded jump (the show response carries part of it). */
export const jumpView = z.object({
  id: z.number().int(),
  camera: z.string().nullable(),
  filmer_id: z.number().int().nullable(),
  second_filmer_id: z.number().int().nullable(),
  jumped_on: isoDate.nullable(),
  recorded_by: z.string().nullable(),
  recorded_at: z.string().nullable(),
});
export type JumpView = z.infer<typeof jumpView>;

export const jumpRecorded = z.object({
  /** `created`: the booking had no jump; `ok`: the recorded one was replaced. */
  status: z.enum(['created', 'ok']),
  jump: jumpView,
  /** What the person was shown before saving (a busy filmer, a camera short of the requirement), still true. */
  warnings: z.array(jumpProblem),
});
export type JumpRecorded = z.infer<typeof jumpRecorded>;

export const jumpCheckAnswer = z.object({
  /** The day it would be recorded on; null when none can be taken (a refusal says so). */
  jumped_on: isoDate.nullable(),
  /** What the booking's current entitlement asks of the camera; null: nothing. */
  camera_requirement: z.enum(CAMERA_REQUIREMENTS).nullable(),
  refusals: z.array(jumpProblem),
  warnings: z.array(jumpProblem),
});
export type JumpCheckAnswer = z.infer<typeof jumpCheckAnswer>;

/** The removed jump as it was, and who removed it and when: what the removal record keeps. */
export const jumpRemoved = z.object({
  status: z.literal('ok'),
  removed: jumpView,
  removed_by: z.string(),
  removed_at: isoDateTime,
});

/** A jump on a filmer's list; the booking is null once it was deleted (the jump stays, and holds the filmer). */
export const filmerJump = z.object({
  jump_id: z.number().int(),
  booking_external_id: z.string().nullable(),
  booking_name: z.string().nullable(),
  /** The day it was jumped, or its booking's jump date for a jump recorded before the desk kept the day. */
  jumped_on: isoDate.nullable(),
  camera: z.string().nullable(),
  /** What this filmer did: wore the handcam, filmed from outside, or (a camera the desk does not know) filmed. */
  role: z.enum(['handcam', 'videographer', 'filmer']),
});
export type FilmerJump = z.infer<typeof filmerJump>;

export const filmerJumps = z.object({
  filmer_id: z.number().int(),
  count: z.number().int(),
  jumps: z.array(filmerJump),
});
export type FilmerJumps = z.infer<typeof filmerJumps>;

/** Every filmer with jumps and how many (either camera of a `both` jump); a filmer not listed has none. */
export const filmerJumpCounts = z.object({
  counts: z.array(z.object({ filmer_id: z.number().int(), count: z.number().int() })),
});
export type FilmerJumpCounts = z.infer<typeof filmerJumpCounts>;
