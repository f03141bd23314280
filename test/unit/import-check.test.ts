import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { toBoolean } from '../../renderer/src/features/import/parsing/cell-values';
import { columnPlan } from '../../renderer/src/features/import/parsing/column-plan';
import { guessDateFormat } from '../../renderer/src/features/import/parsing/date-formats';
import { matchHeaders } from '../../renderer/src/features/import/parsing/header-match';
import { readSource } from '../../renderer/src/features/import/parsing/read-source';
import {
  forgetFailedLookups,
  idsToLookUp,
  lookUpJumpDates,
  newJumpDateLookups,
  settleOldJumpDates,
  withLookedUp,
  type StoredJumpOnLookup,
} from '../../renderer/src/features/import/parsing/old-jump-dates';
import { checkRow, KEPT_JUMP_DATE_NOTE } from '../../renderer/src/features/import/parsing/row-check';
import {
  checkAll,
  problemOf,
  readiness,
  readinessCounts,
  toWizardRows,
  withCell,
  withLeftOut,
} from '../../renderer/src/features/import/parsing/wizard-rows';
import type { ImportKind } from '../../shared/schemas/imports/kinds';
import { addDays } from '../../shared/dates';
import { isTooOld, tooOldReason } from '../../shared/rules/booking-age';
import { startTestDesk, type TestDesk } from '../support/desk';
import { IMPORT_FIXTURES, renderImportFixture } from '../support/import-fixtures';
import { BASE_SEED } from '../support/seed';

const TODAY = '2026-06-15';

function load(kind: ImportKind, bytes: Buffer, dateFormat: 'DD.MM.YYYY' | 'YYYY-MM-DD' = 'DD.MM.YYYY') {
  const result = readSource({
    kind: 'file',
    name: 'f.csv',
    bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  });
  assert.ok(result.ok);
  const { headers, rows } = result.source.table;
  const plan = columnPlan(kind, headers, matchHeaders(headers, kind));
  const settings = { dateFormat, today: TODAY } as const;
  return { plan, settings, state: checkAll(kind, toWizardRows(rows), plan, settings) };
}

describe('the messy bookings file, checked', () => {
  const { plan, settings, state } = load('bookings', renderImportFixture('bookings-messy.csv', TODAY));
  const statuses = state.rows.map((_, i) => readiness(state, i));

  test('good rows are ready, with dates as YYYY-MM-DD and the record built from mapped columns only', () => {
    assert.equal(statuses[0], 'ready');
    assert.deepEqual(state.checks[0]?.record, {
      external_id: 'BK-101',
      name: 'Anna de Vries',
      email: 'anna@example.com',
      jump_on: addDays(TODAY, 3),
      camera_package: 'Selfie',
      mobile: '+31 6 1111 1111',
      reference: 'Prefers morning; first jump',
    });
  });
  test('an empty cell sends nothing (an update keeps the stored value)', () => {
    assert.deepEqual(state.checks[7]?.record, {
      external_id: 'DELIVERED-OLD',
      name: 'Dora Delivered',
      email: 'dora@example.com',
    });
  });
  test('too old: more than 14 days before today, on the jump date cell', () => {
    assert.equal(statuses[2], 'problem');
    assert.match(state.checks[2]?.cellProblems[3] ?? '', /booking is too old/);
  });
  test('"too old" is the shared rule, at the 14-day edge too, with its reason on the cell', () => {
    for (const days of [13, 14, 15, 30]) {
      const jump = addDays(TODAY, -days);
      const check = checkRow(
        ['X', jump],
        columnPlan('bookings', ['id', 'Jump date'], { id: 'external_id', 'Jump date': 'jump_on' }),
        { dateFormat: 'YYYY-MM-DD', today: TODAY },
      );
      assert.equal(
        check.cellProblems[1],
        isTooOld(jump, TODAY) ? tooOldReason(jump, TODAY) : undefined,
        `${days} days`,
      );
    }
  });
  test('a missing external id: "requires external id", on its cell', () => {
    assert.equal(statuses[3], 'problem');
    assert.equal(state.checks[3]?.cellProblems[0], 'requires external id');
  });
  test('a duplicate external id flags both rows, naming the other', () => {
    assert.equal(statuses[4], 'problem');
    assert.equal(statuses[5], 'problem');
    assert.equal(problemOf(state, 4), 'External id BK-105 is also in row 6');
    assert.equal(problemOf(state, 5), 'External id BK-105 is also in row 5');
  });
  test('counts: ready / with problems / left out', () => {
    assert.deepEqual(readinessCounts(state), { ready: 5, problem: 4, left_out: 0, done: 0 });
  });
  test('fixing a cell re-checks that row at once; leaving a duplicate out clears the other', () => {
    const fixed = withCell('bookings', state, 3, 0, 'BK-104', plan, settings);
    assert.equal(readiness(fixed, 3), 'ready');
    const oneLeft = withLeftOut('bookings', fixed, [5], true);
    assert.equal(readiness(oneLeft, 4), 'ready');
    assert.equal(readiness(oneLeft, 5), 'left_out');
    assert.deepEqual(readinessCounts(oneLeft), { ready: 7, problem: 1, left_out: 1, done: 0 });
    // The original is untouched: React state stays immutable.
    assert.equal(readiness(state, 3), 'problem');
  });
  test('a date not in the chosen format says which format', () => {
    const other = load('bookings', renderImportFixture('bookings-messy.csv', TODAY), 'YYYY-MM-DD');
    assert.match(other.state.checks[0]?.cellProblems[3] ?? '', /is not a date in the form YYYY-MM-DD/);
  });
});

describe('the filmers file, checked', () => {
  const { state } = load('filmers', readFileSync(`${IMPORT_FIXTURES}filmers.csv`));

  test('yes/no columns become booleans; blanks send nothing', () => {
    assert.deepEqual(state.checks[1]?.record, {
      name: 'Gus Glider',
      email: 'gus@example.com',
      external_id: 'F-20',
      videographer: true,
      active: true,
    });
    assert.equal(readiness(state, 0), 'ready');
    assert.equal(readiness(state, 4), 'ready');
  });
  test("a blank e-mail and an invalid one, in the server's words", () => {
    assert.equal(state.checks[2]?.cellProblems[1], "Email can't be blank");
    assert.equal(state.checks[3]?.cellProblems[1], 'Email is invalid');
  });
  test('a yes/no cell that is neither', () => {
    assert.match(state.checks[5]?.cellProblems[3] ?? '', /Videographer "maybe" must be yes or no/);
  });
  test('the key: external id, else the e-mail in lower case', () => {
    assert.equal(state.checks[0]?.key, 'F-1');
    assert.equal(state.checks[4]?.key, 'jade@example.com');
  });
  test('the same e-mail twice is a duplicate even without external ids', () => {
    const dup = load('filmers', Buffer.from('Name,Email\nA,a@example.com\nB,A@Example.com\n'));
    assert.equal(problemOf(dup.state, 1), 'E-mail a@example.com is also in row 1');
  });
});

describe('cell values', () => {
  test('yes/no words', () => {
    for (const word of ['true', 'YES', 'y', '1', 'x', 'X', 'ja']) assert.equal(toBoolean(word), true, word);
    for (const word of ['false', 'No', 'n', '0', 'nee']) assert.equal(toBoolean(word), false, word);
    for (const word of ['maybe', '2', '']) assert.equal(toBoolean(word), undefined, word);
  });
  test('text beyond the wire limits is refused with the schema message', () => {
    const check = checkRow(['x'.repeat(300)], columnPlan('bookings', ['id'], { id: 'external_id' }), {
      dateFormat: 'YYYY-MM-DD',
      today: TODAY,
    });
    assert.equal(check.cellProblems[0], 'External id must be at most 255 characters');
  });
});

describe('a too-old jump date the booking already has (the server refuses only a change to it)', () => {
  const plan = columnPlan('bookings', ['id', 'Jump date'], { id: 'external_id', 'Jump date': 'jump_on' });
  const old = addDays(TODAY, -45);

  test('the rule: the stored date makes the row ready with a note; another date, or no booking, is too old; unknown asks for a lookup', () => {
    const storedJumpOn = new Map<string, string | null>([
      ['SAME', old],
      ['MOVED', addDays(old, 1)],
      ['NONE', null],
    ]);
    const check = (id: string, date = old) =>
      checkRow([id, date], plan, { dateFormat: 'YYYY-MM-DD', today: TODAY, storedJumpOn });
    assert.deepEqual(check('SAME').cellProblems, {});
    assert.equal(check('SAME').note, KEPT_JUMP_DATE_NOTE);
    assert.match(check('MOVED').cellProblems[1] ?? '', /booking is too old/);
    assert.equal(check('MOVED').lookup, undefined, 'answered already');
    assert.match(check('NONE').cellProblems[1] ?? '', /booking is too old/);
    assert.match(check('UNKNOWN').cellProblems[1] ?? '', /booking is too old/);
    assert.equal(check('UNKNOWN').lookup, 'UNKNOWN');
    assert.equal(check('UNKNOWN', addDays(TODAY, -14)).lookup, undefined, 'not too old: nothing to look up');
    assert.equal(check('SAME', addDays(TODAY, 2)).note, undefined);
  });

  describe('looked up on a real desk', () => {
    let desk: TestDesk;
    const seeded = ['OLD-1', 'OLD-2', 'OLD-3', 'OLD-4', 'OLD-5', 'OLD-6', 'OLD-7', 'OLD #8', 'OLD-A'];
    before(async () => {
      const [dz, ...others] = BASE_SEED.dropzones;
      const bookings = [
        ...(dz?.bookings ?? []),
        ...seeded.map((external_id, i) => ({ id: 500 + i, external_id, name: `Old ${i}`, jump_on: old })),
      ];
      desk = await startTestDesk({ seed: { dropzones: [{ ...dz, bookings }, ...others] } });
    });
    after(() => desk.dispose());

    /** The Check's look-up as the page makes it: one call to the desk with every id. */
    const counting = () => {
      const seen = { calls: [] as string[], requests: 0 };
      const lookup: StoredJumpOnLookup = async (ids) => {
        seen.calls.push(...ids);
        seen.requests++;
        const r = await desk.desk('POST', '/imports/stored-jump-dates', { external_ids: ids });
        assert.equal(r.status, 200, r.text);
        return r.body;
      };
      return { seen, lookup };
    };

    test('only the too-old rows are looked up, all in one call to the desk; rows re-sending the stored date are ready', async () => {
      const cells = [
        ...seeded.slice(0, 8).map((id) => [id, old]),
        ['UNKNOWN-OLD', old],
        ['NO-PRODUCT', old],
        ['NEW-1', addDays(TODAY, 5)],
        ['OLD-9', addDays(TODAY, -3)],
      ];
      const settings = {
        dateFormat: 'YYYY-MM-DD' as const,
        today: TODAY,
        storedJumpOn: new Map<string, string | null>(),
      };
      const lookups = { known: settings.storedJumpOn, failed: new Set<string>() };
      const { seen, lookup } = counting();
      const progress: number[] = [];
      const state = await settleOldJumpDates(
        checkAll('bookings', toWizardRows(cells), plan, settings),
        plan,
        settings,
        lookups,
        lookup,
        (done) => progress.push(done),
      );
      assert.deepEqual([...seen.calls].sort(), [...seeded.slice(0, 8), 'UNKNOWN-OLD', 'NO-PRODUCT'].sort());
      assert.equal(seen.requests, 1);
      assert.equal(progress.at(-1), 10);
      assert.deepEqual(
        state.rows.map((_, i) => readiness(state, i)),
        [...Array(8).fill('ready'), 'problem', 'problem', 'ready', 'ready'],
      );
      assert.equal(
        state.checks[7]?.note,
        KEPT_JUMP_DATE_NOTE,
        'an external id with a space and a # is looked up as it is',
      );
      assert.match(
        problemOf(state, 9) ?? '',
        /booking is too old/,
        'NO-PRODUCT is stored with another date: changing it to an old one is refused',
      );

      // A fix to the unknown row's id: that row waits on a lookup, made once, then it is ready.
      const fixed = withCell('bookings', state, 8, 0, 'OLD-A', plan, settings);
      assert.deepEqual(idsToLookUp(fixed.checks, lookups), ['OLD-A']);
      await lookUpJumpDates(['OLD-A'], lookups, lookup);
      const settled = withLookedUp(fixed, new Set(['OLD-A']), plan, settings);
      assert.equal(readiness(settled, 8), 'ready');
      assert.equal(seen.calls.filter((id) => id === 'OLD-A').length, 1);
      // A fix to a date: the stored one is known, so no lookup; another old date is too old again.
      const moved = withCell('bookings', settled, 0, 1, addDays(old, 1), plan, settings);
      assert.equal(readiness(moved, 0), 'problem');
      assert.deepEqual(idsToLookUp(moved.checks, lookups), []);
    });

    test('a lookup that fails leaves its row too old, and is asked again at the next check', async () => {
      const lookups = newJumpDateLookups();
      await lookUpJumpDates(['OLD-1'], lookups, async () => {
        throw new Error('remote unreachable');
      });
      assert.ok(lookups.failed.has('OLD-1'));
      const check = checkRow(['OLD-1', old], plan, {
        dateFormat: 'YYYY-MM-DD',
        today: TODAY,
        storedJumpOn: lookups.known,
      });
      assert.match(check.cellProblems[1] ?? '', /booking is too old/);
      assert.deepEqual(idsToLookUp([check], lookups), [], 'not asked again while this check stands');
      forgetFailedLookups(lookups);
      const again = checkRow(['OLD-1', old], plan, {
        dateFormat: 'YYYY-MM-DD',
        today: TODAY,
        storedJumpOn: lookups.known,
      });
      assert.deepEqual(idsToLookUp([again], lookups), ['OLD-1']);
    });

    test('ids the remote did not answer for are asked again at the next check; the answered ones are kept', async () => {
      const lookups = newJumpDateLookups();
      await lookUpJumpDates(['OLD-1', 'OLD-2'], lookups, async () => ({
        jump_dates: { 'OLD-1': old },
        not_answered: ['OLD-2'],
      }));
      assert.equal(lookups.known.get('OLD-1'), old);
      assert.deepEqual([...lookups.failed], ['OLD-2']);
      forgetFailedLookups(lookups);
      assert.deepEqual([...lookups.known.keys()], ['OLD-1']);
    });
  });
});

describe("Dutch Excel's file, checked (sep= line, first/last name, booking date, D-M-YYYY)", () => {
  const result = readSource({
    kind: 'file',
    name: 'nl.csv',
    bytes: new Uint8Array(readFileSync(`${IMPORT_FIXTURES}bookings-excel-nl.csv`)).buffer,
  });
  assert.ok(result.ok);
  const { headers, rows } = result.source.table;
  const mapping = matchHeaders(headers, 'bookings');
  const plan = columnPlan('bookings', headers, mapping);
  const dateFormat = guessDateFormat(rows.map((r) => r[5] ?? ''));
  const state = checkAll('bookings', toWizardRows(rows), plan, { dateFormat, today: TODAY });

  test('columns: the parts of the name, the jump date (not the booking date), dashes guessed', () => {
    assert.deepEqual(mapping, {
      'Booking ID': 'external_id',
      'First name': 'name_first',
      'Last name': 'name_last',
      'E-mail': 'email',
      'Booking date': null,
      'Jump date': 'jump_on',
    });
    assert.equal(dateFormat, 'DD-MM-YYYY');
  });
  test('rows: "First Last" with either part empty; unpadded dates; 31-02 refused with the reason', () => {
    assert.deepEqual(state.checks[0]?.record, {
      external_id: 'BK-301',
      name: 'Anna de Vries',
      email: 'anna@example.com',
      jump_on: '2026-06-01',
    });
    assert.equal(state.checks[1]?.record.name, 'Ben');
    assert.equal(state.checks[1]?.record.jump_on, '2026-06-15');
    assert.equal(state.checks[2]?.record.name, 'Chloé');
    assert.equal(
      state.checks[2]?.cellProblems[5],
      'Jump date "31-02-2026" is not a real date: February 2026 has 28 days',
    );
    assert.deepEqual(
      state.rows.map((_, i) => readiness(state, i)),
      ['ready', 'ready', 'problem'],
    );
  });
});
