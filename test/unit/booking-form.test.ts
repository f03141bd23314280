import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readOutcome } from '../../renderer/src/features/bookings/form/saveOutcome';
import { readFileSync } from 'node:fs';
import { EMPTY_FORM } from '../../renderer/src/features/bookings/form/formValues';
import { bookingFormRules, EXTERNAL_ID_REQUIRED } from '../../renderer/src/features/bookings/form/validation';
import { columnPlan } from '../../renderer/src/features/import/parsing/column-plan';
import { matchHeaders } from '../../renderer/src/features/import/parsing/header-match';
import { checkRow } from '../../renderer/src/features/import/parsing/row-check';
import { bookingEmailProblem, EMAIL_INVALID } from '../../shared/rules/email';
import { WALK_IN_NAME_REQUIRED } from '../../shared/rules/walk-in';

describe("the booking form's own check", () => {
  const PROXY = { editing: false, walkIns: false };
  const LOCAL = { editing: false, walkIns: true };
  const filled = { ...EMPTY_FORM, external_id: 'BK-1' };

  test('in proxy mode a new booking needs an external id (the shared rule: blanks are none)', () => {
    const { external_id: rule } = bookingFormRules(PROXY);
    assert.equal(rule(''), EXTERNAL_ID_REQUIRED);
    assert.equal(rule('   '), EXTERNAL_ID_REQUIRED);
    assert.equal(rule(' BK-1 '), null);
  });
  test('an edit keeps the stored id, so it is not checked', () => {
    assert.equal(bookingFormRules({ editing: true, walkIns: false }).external_id(''), null);
  });
  test('in local mode the external id may stay empty (a walk-in), and then the name is required by the walk-in rule', () => {
    const rules = bookingFormRules(LOCAL);
    assert.equal(rules.external_id(''), null);
    assert.equal(rules.name('  ', EMPTY_FORM), WALK_IN_NAME_REQUIRED);
    assert.equal(rules.name('Wanda', EMPTY_FORM), null);
    assert.equal(rules.name('', filled), null, 'with an external id the name may be empty, as the Sync API allows');
    assert.equal(bookingFormRules(PROXY).name('', EMPTY_FORM), null);
  });
});

/** One e-mail rule, not two: the form asks the function the import check asks (shared/rules/email.ts). */
describe('the booking e-mail rule of the form and the import', () => {
  const headers = ['Booking id', 'Name', 'E-mail'];
  const plan = columnPlan('bookings', headers, matchHeaders(headers, 'bookings'));
  const importProblem = (email: string): string | null => {
    const check = checkRow(['BK-1', 'Ann', email], plan, { dateFormat: 'YYYY-MM-DD', today: '2026-06-15' });
    return (
      check.rowProblems.find((p) => p.includes(EMAIL_INVALID)) ??
      Object.values(check.cellProblems).find((p) => p.includes(EMAIL_INVALID)) ??
      null
    );
  };
  const formRule = bookingFormRules({ editing: false, walkIns: true }).email;

  test('both refuse and accept the same addresses, in the same words', () => {
    for (const email of [
      'a@b.co',
      'zoë+tag@example.museum',
      'a@b',
      'a b@c.d',
      'ivan(at)example.com',
      'x@y.z',
      'a@c.',
    ]) {
      const form = formRule(email);
      assert.equal(form, bookingEmailProblem(email), email);
      assert.equal(form === null, importProblem(email) === null, email);
      if (form !== null) assert.equal(form, EMAIL_INVALID);
    }
    assert.equal(formRule(''), null, 'no e-mail is no problem');
  });

  test('an edit that leaves a stored bad e-mail as it is is not held up by it (only a changed e-mail is sent and checked)', () => {
    const rule = bookingFormRules({ editing: true, walkIns: true, storedEmail: 'typo@example' }).email;
    assert.equal(rule('typo@example'), null);
    assert.equal(rule('typo@example.c'), null);
    assert.equal(rule('still@typo'), EMAIL_INVALID);
  });

  test("the importer's source calls the shared rule and holds no pattern of its own", () => {
    const source = readFileSync(
      new URL('../../renderer/src/features/import/parsing/row-check.ts', import.meta.url),
      'utf8',
    );
    assert.match(source, /bookingEmailProblem\(/);
    assert.doesNotMatch(source, /isValidEmail|@\[\^/);
  });
});

/** The booking form reads the Sync API's answer by its status and `fields`, never by its message text. */
describe("the booking form's reading of a save", () => {
  test('a 422 marks each field the answer names in `fields`, the missing external id included', () => {
    const result = readOutcome(
      {
        httpStatus: 422,
        body: {
          error: 'requires external id',
          fields: { external_id: 'is required' },
          status: 'unprocessable_content',
        },
      },
      '',
      true,
    );
    assert.equal(result.kind, 'refused');
    assert.deepEqual(result.kind === 'refused' && result.fieldErrors, { external_id: 'is required' });
  });

  test('the message text alone marks no field, whatever it says', () => {
    const result = readOutcome(
      { httpStatus: 422, body: { error: 'requires external id', status: 'unprocessable_content' } },
      '',
      true,
    );
    assert.deepEqual(result.kind === 'refused' && [result.fieldErrors, result.message], [{}, 'requires external id']);
  });

  test('"too old" is known by its status and marks the jump date with the answer', () => {
    const result = readOutcome(
      { httpStatus: 406, body: { external_id: 'B-1', error: 'booking is too old', status: 'not_acceptable' } },
      'B-1',
      false,
    );
    assert.deepEqual(result.kind === 'refused' && result.fieldErrors, { jump_on: 'booking is too old' });
  });

  test('a 409 naming the external id (a walk-in given a taken one) marks that field; one without names none', () => {
    const taken = readOutcome(
      {
        httpStatus: 409,
        body: {
          id: 103,
          error: 'external_id is the external id of booking 101 (Nina) already',
          fields: { external_id: 'is the external id of booking 101 (Nina) already' },
          status: 'conflict',
        },
      },
      'NO-PRODUCT',
      false,
    );
    assert.deepEqual(taken.kind === 'refused' && [taken.title, taken.fieldErrors], [
      'Not saved: check the external id',
      { external_id: 'is the external id of booking 101 (Nina) already' },
    ]);
    const closed = readOutcome({ httpStatus: 409, body: { error: 'closed', status: 'conflict' } }, 'B-1', false);
    assert.deepEqual(closed.kind === 'refused' && closed.fieldErrors, {});
  });

  test('fields the form does not have are named in the message instead', () => {
    const result = readOutcome(
      {
        httpStatus: 422,
        body: {
          error: 'colour is not a writable booking attribute',
          fields: { colour: 'is not a writable booking attribute' },
          status: 'unprocessable_content',
        },
      },
      'B-1',
      false,
    );
    assert.deepEqual(result.kind === 'refused' && [result.fieldErrors, result.message], [
      {},
      'colour is not a writable booking attribute',
    ]);
  });
});
