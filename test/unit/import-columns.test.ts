import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BOOKING_WRITABLE_FIELDS } from '../../shared/schemas/booking';
import { columnPlan, missingRequiredFields } from '../../renderer/src/features/import/column-plan';
import { guessDateFormat, toIsoDate } from '../../renderer/src/features/import/date-formats';
import { IMPORT_FIELDS } from '../../renderer/src/features/import/fields';
import { doubleMapped, foldHeader, matchHeaders, withRemembered } from '../../renderer/src/features/import/header-match';

describe('header matching', () => {
  test('bookings: names and synonyms, in any case and punctuation', () => {
    const headers = ['Booking ID', 'Full name', 'E-Mail Address', 'Jump date', 'Camera package', 'Mobile', 'Notes', 'Internal code'];
    assert.deepEqual(matchHeaders(headers, 'bookings'), {
      'Booking ID': 'external_id',
      'Full name': 'name',
      'E-Mail Address': 'email',
      'Jump date': 'jump_on',
      'Camera package': 'camera_package',
      Mobile: 'mobile',
      Notes: 'reference',
      'Internal code': null,
    });
  });
  test('the synonyms the issue names', () => {
    const cases: [string, string][] = [
      ['Date', 'jump_on'],
      ['Jump date', 'jump_on'],
      ['Jump on', 'jump_on'],
      ['jump_on', 'jump_on'],
      ['E-mail', 'email'],
      ['Email address', 'email'],
      ['Booking number', 'external_id'],
      ['External ID', 'external_id'],
      ['Package', 'camera_package'],
      ['Product', 'camera_package'],
      ['Phone', 'mobile'],
      ['Sprache', 'language'],
    ];
    for (const [header, field] of cases) assert.equal(matchHeaders([header], 'bookings')[header], field, header);
  });
  test('a field goes to one column: the whole-name match beats a partial one, then the leftmost', () => {
    assert.deepEqual(matchHeaders(['Customer e-mail', 'Email'], 'bookings'), { 'Customer e-mail': null, Email: 'email' });
    assert.deepEqual(matchHeaders(['Customer e-mail', 'Phone'], 'bookings'), { 'Customer e-mail': 'email', Phone: 'mobile' });
    assert.deepEqual(matchHeaders(['Date', 'Jump date'], 'bookings'), { Date: null, 'Jump date': 'jump_on' });
  });
  test('short synonyms only as the whole header ("Valid" is not "id")', () => {
    assert.equal(matchHeaders(['Valid until'], 'bookings')['Valid until'], null);
  });
  test('filmers: their own fields, no id column, yes/no flags', () => {
    const m = matchHeaders(['Name', 'Email', 'External ID', 'Videographer', 'Tandem instructor', 'Active', 'Jump date'], 'filmers');
    assert.deepEqual(m, { Name: 'name', Email: 'email', 'External ID': 'external_id', Videographer: 'videographer', 'Tandem instructor': 'tandem_instructor', Active: 'active', 'Jump date': null });
    assert.ok(!IMPORT_FIELDS.filmers.some((f) => f.name === 'id'));
  });
  test('the booking fields are exactly the writable ones of the wire schema', () => {
    assert.deepEqual(IMPORT_FIELDS.bookings.map((f) => f.name), BOOKING_WRITABLE_FIELDS);
  });
  test('foldHeader ignores case, accents, spaces and punctuation', () => {
    assert.equal(foldHeader(' É-Mail  Adresse '), 'emailadresse');
  });
  test('a remembered mapping wins for the headers it names; unknown fields are ignored', () => {
    const headers = ['Ref', 'Name', 'Old'];
    const auto = matchHeaders(headers, 'bookings');
    assert.deepEqual(withRemembered(auto, { Ref: 'external_id', Old: 'no_such_field' }, headers, 'bookings'), { Ref: 'external_id', Name: 'name', Old: null });
    assert.equal(withRemembered(auto, null, headers, 'bookings'), auto);
  });
  test('double mappings are reported, and the first column feeds the field', () => {
    const mapping = { A: 'name', B: 'name', C: null };
    assert.deepEqual(doubleMapped(mapping), ['name']);
    const plan = columnPlan('bookings', ['A', 'B', 'C'], mapping);
    assert.equal(plan.columnOf.get('name'), 0);
  });
  test('required columns: external id for bookings; name and e-mail for filmers', () => {
    assert.deepEqual(missingRequiredFields(columnPlan('bookings', ['Name'], { Name: 'name' })), ['external_id']);
    assert.deepEqual(missingRequiredFields(columnPlan('filmers', ['Name'], { Name: 'name' })), ['email']);
  });
});

describe('date formats', () => {
  test('each format reads its own dates and refuses impossible ones', () => {
    assert.equal(toIsoDate('2026-06-20', 'YYYY-MM-DD'), '2026-06-20');
    assert.equal(toIsoDate('20.06.2026', 'DD.MM.YYYY'), '2026-06-20');
    assert.equal(toIsoDate('20/06/2026', 'DD/MM/YYYY'), '2026-06-20');
    assert.equal(toIsoDate('06/20/2026', 'MM/DD/YYYY'), '2026-06-20');
    assert.equal(toIsoDate('5.6.2026', 'D.M.YYYY'), '2026-06-05');
    assert.equal(toIsoDate('31.02.2026', 'DD.MM.YYYY'), null);
    assert.equal(toIsoDate('5.6.2026', 'DD.MM.YYYY'), null);
    assert.equal(toIsoDate('2026-6-5', 'YYYY-MM-DD'), null);
  });
  test('the guess follows the data; ambiguous dates keep the list order', () => {
    assert.equal(guessDateFormat(['20.06.2026', '21.06.2026']), 'DD.MM.YYYY');
    assert.equal(guessDateFormat(['06/20/2026', '06/21/2026']), 'MM/DD/YYYY');
    assert.equal(guessDateFormat(['03/04/2026', '20/06/2026']), 'DD/MM/YYYY');
    assert.equal(guessDateFormat(['5.6.2026']), 'D.M.YYYY');
    assert.equal(guessDateFormat([]), 'YYYY-MM-DD');
  });
});
