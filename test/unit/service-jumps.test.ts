import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  BUSY_DAY_JUMPS,
  albumMadeReason,
  cameraMeets,
  checkJump,
  defaultJumpDate,
  roleOnJump,
  whyCannotFilm,
  type FilmerFacts,
  type JumpCheck,
  type JumpDraft,
  type JumpFacts,
} from '../../shared/service/jumps';

const ti: FilmerFacts = { id: 1, name: 'Tom Tandem', active: true, tandem_instructor: true, videographer: false };
const vg: FilmerFacts = { id: 2, name: 'Vera Video', active: true, tandem_instructor: false, videographer: true };
const allround: FilmerFacts = {
  id: 3,
  name: 'Alex Allround',
  active: true,
  tandem_instructor: true,
  videographer: true,
};
const off: FilmerFacts = { id: 4, name: 'Olly Off', active: false, tandem_instructor: true, videographer: true };
const FILMERS = new Map([ti, vg, allround, off].map((f) => [f.id, f]));

const draft = (over: Partial<JumpDraft> = {}): JumpDraft => ({
  camera: 'selfie',
  filmer_id: 1,
  second_filmer_id: null,
  jumped_on: null,
  ...over,
});
const facts = (
  d: JumpDraft,
  over: Partial<Omit<JumpFacts, 'booking'>> & { booking?: Partial<JumpFacts['booking']> } = {},
): JumpFacts => ({
  today: '2026-06-15',
  filmer: FILMERS.get(d.filmer_id),
  second_filmer: d.second_filmer_id === null ? undefined : FILMERS.get(d.second_filmer_id),
  jumps_that_day: () => 0,
  ...over,
  booking: { jump_on: '2026-06-15', album_status_raw: null, camera_requirement: null, ...over.booking },
});
const check = (d: JumpDraft, over: Parameters<typeof facts>[1] = {}): JumpCheck => checkJump(d, facts(d, over));
const codes = (problems: JumpCheck['refusals']) => problems.map((p) => `${p.field}:${p.code}`);

describe('who can film which camera', () => {
  test('the handcam is a tandem instructor, the outside camera a videographer; an inactive filmer films nothing', () => {
    assert.equal(whyCannotFilm(ti, 'handcam'), null);
    assert.match(whyCannotFilm(ti, 'videographer')!, /Tom Tandem is not a videographer/);
    assert.equal(whyCannotFilm(vg, 'videographer'), null);
    assert.match(
      whyCannotFilm(vg, 'handcam')!,
      /Vera Video is not a tandem instructor: the selfie camera is the tandem instructor's handcam/,
    );
    assert.equal(whyCannotFilm(allround, 'handcam'), null);
    assert.match(whyCannotFilm(off, 'handcam')!, /Olly Off is inactive/);
  });

  test('a role on a recorded jump: both puts the handcam first; an unknown camera says only "filmer"', () => {
    assert.equal(roleOnJump('selfie', 'first'), 'handcam');
    assert.equal(roleOnJump('videographer', 'first'), 'videographer');
    assert.equal(roleOnJump('both', 'first'), 'handcam');
    assert.equal(roleOnJump('both', 'second'), 'videographer');
    assert.equal(roleOnJump('handcam', 'first'), 'filmer');
    assert.equal(roleOnJump(null, 'first'), 'filmer');
  });
});

describe('the camera requirement', () => {
  test('either and none take any camera; selfie and videographer take their own or both; both only both', () => {
    for (const camera of ['selfie', 'videographer', 'both'] as const) {
      assert.ok(cameraMeets(null, camera));
      assert.ok(cameraMeets('either', camera));
    }
    assert.deepEqual(
      (['selfie', 'videographer', 'both'] as const).map((c) => cameraMeets('selfie', c)),
      [true, false, true],
    );
    assert.deepEqual(
      (['selfie', 'videographer', 'both'] as const).map((c) => cameraMeets('videographer', c)),
      [false, true, true],
    );
    assert.deepEqual(
      (['selfie', 'videographer', 'both'] as const).map((c) => cameraMeets('both', c)),
      [false, false, true],
    );
  });

  test('a camera that falls short is a warning naming the requirement, not a refusal', () => {
    const result = check(draft({ camera: 'selfie' }), { booking: { camera_requirement: 'videographer' } });
    assert.deepEqual(result.refusals, []);
    assert.deepEqual(codes(result.warnings), ['camera:camera_requirement']);
    assert.match(
      result.warnings[0]!.message,
      /camera requirement is videographer: a selfie jump does not meet it \(videographer or both would\)/,
    );
  });
});

describe('the jump date', () => {
  test('defaults to the booking’s jump date once it has come', () => {
    assert.equal(defaultJumpDate('2026-06-14', '2026-06-15'), '2026-06-14');
    assert.equal(defaultJumpDate('2026-06-15', '2026-06-15'), '2026-06-15');
    assert.equal(defaultJumpDate('2026-06-16', '2026-06-15'), null);
    assert.equal(defaultJumpDate(null, '2026-06-15'), null);
    assert.equal(check(draft(), { booking: { jump_on: '2026-06-10' } }).jumped_on, '2026-06-10');
  });

  test('is required when the booking’s date is still to come, or missing; never after today', () => {
    const future = check(draft(), { booking: { jump_on: '2026-06-20' } });
    assert.deepEqual(codes(future.refusals), ['jumped_on:date_required']);
    assert.match(future.refusals[0]!.message, /the booking's jump date \(2026-06-20\) is after today \(2026-06-15\)/);
    assert.match(check(draft(), { booking: { jump_on: null } }).refusals[0]!.message, /the booking has no jump date/);
    assert.deepEqual(
      check(draft({ jumped_on: '2026-06-14' }), { booking: { jump_on: '2026-06-20' } }).refusals,
      [],
      'jumped earlier than booked',
    );
    const ahead = check(draft({ jumped_on: '2026-06-16' }));
    assert.deepEqual(codes(ahead.refusals), ['jumped_on:date_after_today']);
    assert.match(ahead.refusals[0]!.message, /2026-06-16 is after today \(2026-06-15\)/);
  });
});

describe('refusals', () => {
  test('a good selfie, videographer and both jump pass', () => {
    assert.deepEqual(check(draft({ camera: 'selfie', filmer_id: 1 })).refusals, []);
    assert.deepEqual(check(draft({ camera: 'videographer', filmer_id: 2 })).refusals, []);
    assert.deepEqual(check(draft({ camera: 'both', filmer_id: 1, second_filmer_id: 2 })).refusals, []);
    assert.deepEqual(
      check(draft({ camera: 'both', filmer_id: 3, second_filmer_id: 2 })).refusals,
      [],
      'an all-rounder may wear the handcam',
    );
  });

  test('an unknown, inactive or unable filmer is refused beside the field, saying which', () => {
    assert.deepEqual(codes(check(draft({ filmer_id: 99 })).refusals), ['filmer_id:unknown_filmer']);
    assert.match(check(draft({ filmer_id: 99 })).refusals[0]!.message, /no filmer 99 at this dropzone/);
    assert.match(check(draft({ filmer_id: 4 })).refusals[0]!.message, /Olly Off is inactive/);
    assert.match(
      check(draft({ camera: 'videographer', filmer_id: 1 })).refusals[0]!.message,
      /Tom Tandem is not a videographer/,
    );
    const both = check(draft({ camera: 'both', filmer_id: 2, second_filmer_id: 1 }));
    assert.deepEqual(codes(both.refusals), ['filmer_id:cannot_film', 'second_filmer_id:cannot_film']);
    assert.deepEqual(codes(check(draft({ camera: 'both', filmer_id: 1, second_filmer_id: 98 })).refusals), [
      'second_filmer_id:unknown_filmer',
    ]);
  });

  test('both needs two different people; a one-camera jump takes no second filmer', () => {
    assert.deepEqual(codes(check(draft({ camera: 'both', filmer_id: 3 })).refusals), [
      'second_filmer_id:second_filmer_missing',
    ]);
    const same = check(draft({ camera: 'both', filmer_id: 3, second_filmer_id: 3 }));
    assert.deepEqual(codes(same.refusals), ['second_filmer_id:same_filmer']);
    assert.match(same.refusals[0]!.message, /needs two people/);
    const extra = check(draft({ camera: 'selfie', filmer_id: 1, second_filmer_id: 2 }));
    assert.deepEqual(codes(extra.refusals), ['second_filmer_id:second_filmer_not_needed']);
    assert.match(extra.refusals[0]!.message, /a selfie jump has one filmer/);
  });

  test('an album made from the jump closes it, saying so; the album states all count', () => {
    assert.equal(albumMadeReason(null), null);
    assert.equal(albumMadeReason(''), null);
    for (const raw of ['preview_sent', 'delivered_paid', 'uploaded']) {
      const result = check(draft(), { booking: { album_status_raw: raw } });
      assert.deepEqual(codes(result.refusals), ['booking:album_made']);
      assert.match(result.refusals[0]!.message, new RegExp(`album is ${raw}: it was made from the recorded jump`));
    }
  });
});

describe('a busy day', () => {
  test(`a filmer already on ${BUSY_DAY_JUMPS} jumps that day is a warning with the count, each filmer on its own`, () => {
    const counts = new Map([
      [1, BUSY_DAY_JUMPS - 1],
      [2, BUSY_DAY_JUMPS + 2],
    ]);
    const jumps_that_day = (id: number, day: string) => (day === '2026-06-15' ? (counts.get(id) ?? 0) : 0);
    assert.deepEqual(check(draft(), { jumps_that_day }).warnings, []);
    const both = check(draft({ camera: 'both', filmer_id: 1, second_filmer_id: 2 }), { jumps_that_day });
    assert.deepEqual(codes(both.warnings), ['second_filmer_id:busy_day']);
    assert.match(
      both.warnings[0]!.message,
      new RegExp(`Vera Video is already on ${BUSY_DAY_JUMPS + 2} jumps on 2026-06-15`),
    );
    counts.set(1, BUSY_DAY_JUMPS);
    assert.deepEqual(codes(check(draft(), { jumps_that_day }).warnings), ['filmer_id:busy_day']);
  });

  test('is not judged without a date', () => {
    const result = check(draft(), { booking: { jump_on: null }, jumps_that_day: () => 50 });
    assert.deepEqual(result.warnings, []);
  });
});
