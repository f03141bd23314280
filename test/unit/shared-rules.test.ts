import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BOOKING_TOO_OLD, isTooOld, tooOldReason } from '../../shared/rules/booking-age';
import { isValidEmail } from '../../shared/rules/email';
import { isBlankExternalId } from '../../shared/rules/external-id';
import { filmerProblems } from '../../shared/rules/filmer';

/**
 * The rules both sides apply, in their one home (shared/rules/): the Sync API, the import check
 * and the desk's forms call these functions, so testing them once tests what each of them decides.
 */
describe('an e-mail', () => {
  test('is something@domain.tld, loosely: any characters but @ and blanks', () => {
    for (const email of ['a@b.co', 'a.b@c.d.e', 'x@y.z', 'zoë+tag@example.museum', "o'neil@example.ie"])
      assert.equal(isValidEmail(email), true, email);
  });
  test('without a dot in the domain, with a blank, without a local part, or with two @ is not one', () => {
    for (const email of ['a@b', 'a b@c.d', '@c.d', 'a@@c.d', 'a@.c', 'a@c.', 'ivan(at)example.com', '', ' a@b.co'])
      assert.equal(isValidEmail(email), false, email);
  });
});

describe('an external id', () => {
  test('missing, null or only blanks is none', () => {
    for (const value of [undefined, null, '', '   ', '\t\n'])
      assert.equal(isBlankExternalId(value), true, JSON.stringify(value));
  });
  test('any other string is one, blanks around it included (used exactly as sent)', () => {
    for (const value of ['A', ' A ', '0', 'Zoë/№ 5']) assert.equal(isBlankExternalId(value), false, value);
  });
});

describe('a jump date too old', () => {
  test('more than 14 days before today; exactly 14 is allowed; the future is fine', () => {
    assert.equal(isTooOld('2026-06-01', '2026-06-15'), false);
    assert.equal(isTooOld('2026-05-31', '2026-06-15'), true);
    assert.equal(isTooOld('2026-12-31', '2026-06-15'), false);
  });
  test('counts calendar days across month ends and leap days', () => {
    assert.equal(isTooOld('2026-02-20', '2026-03-06'), false);
    assert.equal(isTooOld('2026-02-19', '2026-03-06'), true);
    assert.equal(isTooOld('2028-02-15', '2028-02-29'), false);
    assert.equal(isTooOld('2028-02-14', '2028-02-29'), true);
  });
  test("the reason starts with the spec's words and names the date, the limit and today", () => {
    assert.equal(
      tooOldReason('2026-05-31', '2026-06-15'),
      'booking is too old: jump date 2026-05-31 is more than 14 days before today (2026-06-15)',
    );
    assert.ok(tooOldReason('2026-05-31', '2026-06-15').startsWith(BOOKING_TOO_OLD));
  });
});

describe("a filmer's problems", () => {
  test('created: name and e-mail must be there, and the e-mail must be one', () => {
    assert.deepEqual(filmerProblems({}, true), { name: "Name can't be blank", email: "Email can't be blank" });
    assert.deepEqual(filmerProblems({ name: ' ', email: null }, true), {
      name: "Name can't be blank",
      email: "Email can't be blank",
    });
    assert.deepEqual(filmerProblems({ name: 'Fay', email: 'fay(at)example.com' }, true), { email: 'Email is invalid' });
    assert.deepEqual(filmerProblems({ name: 'Fay', email: 'fay@example.com' }, true), {});
  });
  test('updated: only the fields sent are checked', () => {
    assert.deepEqual(filmerProblems({}, false), {});
    assert.deepEqual(filmerProblems({ email: 'nope' }, false), { email: 'Email is invalid' });
    assert.deepEqual(filmerProblems({ name: '' }, false), { name: "Name can't be blank" });
  });
});
