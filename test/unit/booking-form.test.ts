import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readOutcome } from '../../renderer/src/features/bookings/form/saveOutcome';
import { bookingFormRules, EXTERNAL_ID_REQUIRED } from '../../renderer/src/features/bookings/form/validation';

describe("the booking form's own check", () => {
  test('a new booking needs an external id (the shared rule: blanks are none)', () => {
    const { external_id: rule } = bookingFormRules(false);
    assert.equal(rule(''), EXTERNAL_ID_REQUIRED);
    assert.equal(rule('   '), EXTERNAL_ID_REQUIRED);
    assert.equal(rule(' BK-1 '), null);
  });
  test('an edit keeps the stored id, so it is not checked', () => {
    assert.equal(bookingFormRules(true).external_id(''), null);
  });
});

/** The booking form reads the Sync API's answer by its status and `fields`, never by its message text. */
describe("the booking form's reading of a save", () => {
  test('a 422 marks each field the answer names in `fields`, the missing external id included', () => {
    const result = readOutcome({ httpStatus: 422, body: { error: 'requires external id', fields: { external_id: 'is required' }, status: 'unprocessable_content' } }, '', true);
    assert.equal(result.kind, 'refused');
    assert.deepEqual(result.kind === 'refused' && result.fieldErrors, { external_id: 'is required' });
  });

  test('the message text alone marks no field, whatever it says', () => {
    const result = readOutcome({ httpStatus: 422, body: { error: 'requires external id', status: 'unprocessable_content' } }, '', true);
    assert.deepEqual(result.kind === 'refused' && [result.fieldErrors, result.message], [{}, 'requires external id']);
  });

  test('"too old" is known by its status and marks the jump date with the answer', () => {
    const result = readOutcome({ httpStatus: 406, body: { external_id: 'B-1', error: 'booking is too old', status: 'not_acceptable' } }, 'B-1', false);
    assert.deepEqual(result.kind === 'refused' && result.fieldErrors, { jump_on: 'booking is too old' });
  });

  test('fields the form does not have are named in the message instead', () => {
    const result = readOutcome({ httpStatus: 422, body: { error: 'colour is not a writable booking attribute', fields: { colour: 'is not a writable booking attribute' }, status: 'unprocessable_content' } }, 'B-1', false);
    assert.deepEqual(result.kind === 'refused' && [result.fieldErrors, result.message], [{}, 'colour is not a writable booking attribute']);
  });
});
