import type { CameraRequirement } from '../schemas/finance';
import { JUMP_CAMERAS, type JumpCamera } from '../schemas/jumps';

/**
 * A booking's jump as the desk records it (docs/spec-decisions.md, "Jumps and filmers"): which
 * camera filmed it, who filmed it, and on which day. Pure rules, shared by the server (which
 * refuses) and the desk's jump dialog (which shows the same reasons before anything is sent).
 *
 * Cameras, and who films them:
 *   selfie        the tandem instructor's handcam                      filmer: a tandem instructor
 *   videographer  an outside videographer                              filmer: a videographer
 *   both          the handcam AND an outside videographer (combo/VIP)  filmer: a tandem instructor,
 *                                                                       second filmer: a videographer
 */

/**
 * A filmer already on this many jumps on the day is worth a second look (a warning, never a
 * refusal): a tandem instructor fits six to eight loads into a full day, so a ninth jump is more
 * often the wrong name picked from the list than a real one.
 */
export const BUSY_DAY_JUMPS = 8;

/** What a filmer does on a jump: wears the handcam (a tandem instructor) or films from outside (a videographer). */
export type FilmerRole = 'handcam' | 'videographer';

/** The roles a camera needs, in the order of `filmer_id`, `second_filmer_id`. */
export function rolesOf(camera: JumpCamera): readonly FilmerRole[] {
  if (camera === 'selfie') return ['handcam'];
  if (camera === 'videographer') return ['videographer'];
  return ['handcam', 'videographer'];
}

/**
 * A filmer's role on a recorded jump, whatever its camera: `filmer` for a camera this desk does
 * not know (a seeded or older jump), where nothing says who wore what.
 */
export function roleOnJump(camera: string | null, slot: 'first' | 'second'): FilmerRole | 'filmer' {
  if (camera !== 'selfie' && camera !== 'videographer' && camera !== 'both') return 'filmer';
  return rolesOf(camera)[slot === 'first' ? 0 : 1] ?? 'filmer';
}

export interface FilmerFacts {
  id: number;
  name: string;
  active: boolean;
  tandem_instructor: boolean;
  videographer: boolean;
}

/** Why this filmer cannot take this role on a jump, or null when they can. */
export function whyCannotFilm(filmer: FilmerFacts, role: FilmerRole): string | null {
  if (!filmer.active)
    return `${filmer.name} is inactive (off the tablet list): make them active on the Filmers screen first, or pick another filmer`;
  if (role === 'handcam' && !filmer.tandem_instructor) {
    return `${filmer.name} is not a tandem instructor: the selfie camera is the tandem instructor's handcam`;
  }
  if (role === 'videographer' && !filmer.videographer) {
    return `${filmer.name} is not a videographer: the outside camera is filmed by a videographer`;
  }
  return null;
}

/** The jump cameras that meet a booking's camera requirement (spec 2.5 `camera_requirement`); null requires nothing. */
export function camerasMeeting(requirement: CameraRequirement | null): readonly JumpCamera[] {
  switch (requirement) {
    case null:
    case 'either':
      return JUMP_CAMERAS;
    case 'selfie':
      return ['selfie', 'both'];
    case 'videographer':
      return ['videographer', 'both'];
    case 'both':
      return ['both'];
  }
}

export const cameraMeets = (requirement: CameraRequirement | null, camera: JumpCamera): boolean =>
  camerasMeeting(requirement).includes(camera);

/** The date a jump is recorded on when none is given: the booking's jump date once it has come, else none (the person must say). */
export function defaultJumpDate(bookingJumpOn: string | null, today: string): string | null {
  return bookingJumpOn !== null && bookingJumpOn <= today ? bookingJumpOn : null;
}

export type JumpField = 'camera' | 'filmer_id' | 'second_filmer_id' | 'jumped_on' | 'booking';

export type JumpProblemCode =
  | 'album_made'
  | 'unknown_filmer'
  | 'cannot_film'
  | 'second_filmer_missing'
  | 'second_filmer_not_needed'
  | 'same_filmer'
  | 'date_required'
  | 'date_after_today'
  | 'busy_day'
  | 'camera_requirement';

/** One reason, beside the field it is about (`booking`: the booking itself). */
export interface JumpProblem {
  field: JumpField;
  code: JumpProblemCode;
  message: string;
}

export interface JumpDraft {
  camera: JumpCamera;
  filmer_id: number;
  second_filmer_id: number | null;
  /** As given; null: take the default (defaultJumpDate). */
  jumped_on: string | null;
}

export interface JumpFacts {
  today: string;
  booking: {
    jump_on: string | null;
    album_status_raw: string | null;
    /** What the booking's current entitlement asks of the camera (null: nothing). */
    camera_requirement: CameraRequirement | null;
  };
  /** The draft's filmers as the store knows them; undefined: no such filmer at this dropzone. */
  filmer: FilmerFacts | undefined;
  second_filmer: FilmerFacts | undefined;
  /** Other jumps the filmer is on that day (this booking's own jump not counted); asked once the day is settled. */
  jumps_that_day: (filmerId: number, day: string) => number;
}

export interface JumpCheck {
  /** The date the jump would be recorded on (the draft's, or the default); null when none can be taken. */
  jumped_on: string | null;
  /** Reasons it cannot be recorded; empty: it can. */
  refusals: JumpProblem[];
  /** Worth a second look, never a reason to refuse. */
  warnings: JumpProblem[];
}

const CAMERA_WORDS: Record<JumpCamera, string> = {
  selfie: 'a selfie jump',
  videographer: 'a videographer jump',
  both: 'a selfie + videographer jump',
};

/** Whether an album exists: it was made from the recorded jump, so that jump stays as it is. */
export function albumMadeReason(albumStatusRaw: string | null): string | null {
  if (albumStatusRaw === null || albumStatusRaw === '') return null;
  return `this booking's album is ${albumStatusRaw}: it was made from the recorded jump, so the jump can no longer be recorded, changed or removed (correct the delivery first; a correction moves the album back)`;
}

/** Everything that stands in the way of recording `draft`, and everything worth a second look. */
export function checkJump(draft: JumpDraft, facts: JumpFacts): JumpCheck {
  const refusals: JumpProblem[] = [];
  const warnings: JumpProblem[] = [];
  const refuse = (field: JumpField, code: JumpProblemCode, message: string) => refusals.push({ field, code, message });

  const album = albumMadeReason(facts.booking.album_status_raw);
  if (album) refuse('booking', 'album_made', album);

  const [firstRole, secondRole] = rolesOf(draft.camera);
  const checkFilmer = (
    field: 'filmer_id' | 'second_filmer_id',
    id: number,
    filmer: FilmerFacts | undefined,
    role: FilmerRole,
  ) => {
    if (!filmer) return refuse(field, 'unknown_filmer', `there is no filmer ${id} at this dropzone`);
    const why = whyCannotFilm(filmer, role);
    if (why) refuse(field, 'cannot_film', why);
  };
  checkFilmer('filmer_id', draft.filmer_id, facts.filmer, firstRole!);
  if (secondRole === undefined) {
    if (draft.second_filmer_id !== null) {
      refuse(
        'second_filmer_id',
        'second_filmer_not_needed',
        `${CAMERA_WORDS[draft.camera]} has one filmer: leave the second filmer out, or choose the camera "both"`,
      );
    }
  } else if (draft.second_filmer_id === null) {
    refuse(
      'second_filmer_id',
      'second_filmer_missing',
      'the camera "both" needs a second filmer: the videographer outside',
    );
  } else if (draft.second_filmer_id === draft.filmer_id) {
    refuse(
      'second_filmer_id',
      'same_filmer',
      'the camera "both" needs two people (one wears the handcam, one films from outside): pick another videographer',
    );
  } else {
    checkFilmer('second_filmer_id', draft.second_filmer_id, facts.second_filmer, secondRole);
  }

  const jumpedOn = draft.jumped_on ?? defaultJumpDate(facts.booking.jump_on, facts.today);
  if (jumpedOn === null) {
    const why =
      facts.booking.jump_on === null
        ? 'the booking has no jump date'
        : `the booking's jump date (${facts.booking.jump_on}) is after today (${facts.today})`;
    refuse('jumped_on', 'date_required', `say when it was jumped: ${why}`);
  } else if (jumpedOn > facts.today) {
    refuse(
      'jumped_on',
      'date_after_today',
      `${jumpedOn} is after today (${facts.today}): a jump is recorded once it has been jumped`,
    );
  }

  if (jumpedOn !== null) {
    const busy = (field: 'filmer_id' | 'second_filmer_id', filmer: FilmerFacts | undefined) => {
      if (!filmer) return;
      const count = facts.jumps_that_day(filmer.id, jumpedOn);
      if (count >= BUSY_DAY_JUMPS)
        warnings.push({
          field,
          code: 'busy_day',
          message: `${filmer.name} is already on ${count} jumps on ${jumpedOn}: is this the right filmer?`,
        });
    };
    busy('filmer_id', facts.filmer);
    if (secondRole !== undefined && draft.second_filmer_id !== draft.filmer_id)
      busy('second_filmer_id', facts.second_filmer);
  }

  const requirement = facts.booking.camera_requirement;
  if (!cameraMeets(requirement, draft.camera)) {
    warnings.push({
      field: 'camera',
      code: 'camera_requirement',
      message: `the booking's camera requirement is ${requirement}: ${CAMERA_WORDS[draft.camera]} does not meet it (${camerasMeeting(requirement).join(' or ')} would)`,
    });
  }
  return { jumped_on: jumpedOn, refusals, warnings };
}
