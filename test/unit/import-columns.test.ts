import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BOOKING_WRITABLE_FIELDS } from '../../shared/schemas/booking';
import { columnPlan, missingRequiredFields } from '../../renderer/src/features/import/parsing/column-plan';
import {
  guessDateFormat,
  isDateFormat,
  readDate,
  toIsoDate,
} from '../../renderer/src/features/import/parsing/date-formats';
import { checkRow } from '../../renderer/src/features/import/parsing/row-check';
import { IMPORT_FIELDS } from '../../renderer/src/features/import/parsing/fields';
import {
  doubleMapped,
  foldHeader,
  matchHeaders,
  withRemembered,
} from '../../renderer/src/features/import/parsing/header-match';

describe('header matching', () => {
  test('bookings: names and synonyms, in any case and punctuation', () => {
    const headers = [
      'Booking ID',
      'Full name',
      'E-Mail Address',
      'Jump date',
      'Camera package',
      'Mobile',
      'Notes',
      'Internal code',
    ];
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
  test('the header names spreadsheets commonly use for each field', () => {
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
    assert.deepEqual(matchHeaders(['Customer e-mail', 'Email'], 'bookings'), {
      'Customer e-mail': null,
      Email: 'email',
    });
    assert.deepEqual(matchHeaders(['Customer e-mail', 'Phone'], 'bookings'), {
      'Customer e-mail': 'email',
      Phone: 'mobile',
    });
    assert.deepEqual(matchHeaders(['Date', 'Jump date'], 'bookings'), { Date: null, 'Jump date': 'jump_on' });
  });
  test('short synonyms only as the whole header ("Valid" is not "id")', () => {
    assert.equal(matchHeaders(['Valid until'], 'bookings')['Valid until'], null);
  });
  test('filmers: their own fields, no id column, yes/no flags', () => {
    const m = matchHeaders(
      ['Name', 'Email', 'External ID', 'Videographer', 'Tandem instructor', 'Active', 'Jump date'],
      'filmers',
    );
    assert.deepEqual(m, {
      Name: 'name',
      Email: 'email',
      'External ID': 'external_id',
      Videographer: 'videographer',
      'Tandem instructor': 'tandem_instructor',
      Active: 'active',
      'Jump date': null,
    });
    assert.ok(!IMPORT_FIELDS.filmers.some((f) => f.name === 'id'));
  });
  test('the booking fields are exactly the writable ones of the wire schema, plus the parts of a name', () => {
    assert.deepEqual(
      IMPORT_FIELDS.bookings.filter((f) => !f.partOf).map((f) => f.name),
      BOOKING_WRITABLE_FIELDS,
    );
    assert.deepEqual(
      IMPORT_FIELDS.bookings.filter((f) => f.partOf).map((f) => [f.name, f.partOf?.field]),
      [
        ['name_first', 'name'],
        ['name_last', 'name'],
      ],
    );
  });
  test('"Booking date" and its kind are when something else happened, never the jump date', () => {
    for (const header of [
      'Booking date',
      'Order date',
      'Created date',
      'Date of birth',
      'Birth date',
      'Payment date',
      'Date paid',
      'Reservation date',
      'Export date',
    ]) {
      assert.equal(matchHeaders([header], 'bookings')[header], null, header);
    }
    assert.deepEqual(matchHeaders(['Booking date', 'Jump date'], 'bookings'), {
      'Booking date': null,
      'Jump date': 'jump_on',
    });
    assert.equal(matchHeaders(['Planned jump date'], 'bookings')['Planned jump date'], 'jump_on');
    assert.equal(matchHeaders(['Jump date (DD.MM.YYYY)'], 'bookings')['Jump date (DD.MM.YYYY)'], 'jump_on');
  });
  test("other false friends: someone else's name or e-mail, a measure of the thing, ids of the other kind", () => {
    const bookings = matchHeaders(
      ['Instructor name', 'Filmer e-mail', 'Package price', 'Customer number', 'Product code', 'Filmer ID'],
      'bookings',
    );
    assert.deepEqual(bookings, {
      'Instructor name': null,
      'Filmer e-mail': null,
      'Package price': null,
      'Customer number': null,
      'Product code': null,
      'Filmer ID': null,
    });
    assert.equal(matchHeaders(['Customer phone number'], 'bookings')['Customer phone number'], 'mobile');
    assert.equal(matchHeaders(['Booking reference'], 'bookings')['Booking reference'], 'external_id');
    assert.equal(matchHeaders(['Booking ID'], 'filmers')['Booking ID'], null);
    assert.equal(matchHeaders(['Staff ID'], 'filmers')['Staff ID'], 'external_id');
    assert.equal(matchHeaders(['Staff e-mail'], 'filmers')['Staff e-mail'], 'email');
  });
  test('first and last name columns are the two parts of the name', () => {
    const pairs = [
      ['First name', 'Last name'],
      ['Vorname', 'Nachname'],
      ['Given name', 'Surname'],
      ['Given name', 'Family name'],
      ['Voornaam', 'Achternaam'],
      ['Prénom', 'Nom'],
    ];
    for (const [first, last] of pairs) {
      assert.deepEqual(
        matchHeaders(['E-mail', last as string, first as string], 'filmers'),
        { 'E-mail': 'email', [last as string]: 'name_last', [first as string]: 'name_first' },
        first,
      );
    }
    // A full-name column beside them is the name; the parts are left for the person to choose.
    assert.deepEqual(matchHeaders(['First name', 'Last name', 'Full name'], 'bookings'), {
      'First name': null,
      'Last name': null,
      'Full name': 'name',
    });
  });
  test('the name sent is "First Last", either part may be empty; a filled full name wins', () => {
    const headers = ['id', 'First name', 'Last name'];
    const plan = columnPlan('bookings', headers, matchHeaders(headers, 'bookings'));
    const name = (cells: string[]) =>
      checkRow(cells, plan, { dateFormat: 'YYYY-MM-DD', today: '2026-06-15' }).record.name;
    assert.equal(name(['B1', ' Anna ', 'de Vries']), 'Anna de Vries');
    assert.equal(name(['B1', 'Anna', '']), 'Anna');
    assert.equal(name(['B1', '', 'de Vries']), 'de Vries');
    assert.equal(name(['B1', '', '']), undefined, 'nothing sent: an update keeps the stored name');
    const withFull = columnPlan('bookings', ['id', 'Name', 'First name', 'Last name'], {
      id: 'external_id',
      Name: 'name',
      'First name': 'name_first',
      'Last name': 'name_last',
    });
    const settings = { dateFormat: 'YYYY-MM-DD', today: '2026-06-15' } as const;
    assert.equal(checkRow(['B1', 'Ann Full', 'A', 'B'], withFull, settings).record.name, 'Ann Full');
    assert.equal(checkRow(['B1', '', 'A', 'B'], withFull, settings).record.name, 'A B');
    assert.ok(
      !('name_first' in checkRow(['B1', '', 'A', 'B'], withFull, settings).record),
      'the parts are never sent as fields of their own',
    );
  });
  test('filmers: the parts give the required name; a blank name is reported on the first part', () => {
    const headers = ['Vorname', 'Nachname', 'E-Mail'];
    const plan = columnPlan('filmers', headers, matchHeaders(headers, 'filmers'));
    assert.deepEqual(missingRequiredFields(plan), []);
    const check = checkRow(['', '', 'x@example.com'], plan, { dateFormat: 'YYYY-MM-DD', today: '2026-06-15' });
    assert.equal(check.cellProblems[0], "Name can't be blank");
    const long = checkRow(['a'.repeat(600), 'b'.repeat(600), 'x@example.com'], plan, {
      dateFormat: 'YYYY-MM-DD',
      today: '2026-06-15',
    });
    assert.match(long.cellProblems[0] ?? '', /^Name must be at most/);
  });
  test('foldHeader ignores case, accents, spaces and punctuation', () => {
    assert.equal(foldHeader(' É-Mail  Adresse '), 'emailadresse');
  });
  test('a remembered mapping wins for the headers it names; unknown fields are ignored', () => {
    const headers = ['Ref', 'Name', 'Old'];
    const auto = matchHeaders(headers, 'bookings');
    assert.deepEqual(withRemembered(auto, { Ref: 'external_id', Old: 'no_such_field' }, headers, 'bookings'), {
      Ref: 'external_id',
      Name: 'name',
      Old: null,
    });
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
  test('each format reads its own dates', () => {
    assert.equal(toIsoDate('2026-06-20', 'YYYY-MM-DD'), '2026-06-20');
    assert.equal(toIsoDate('2026/06/20', 'YYYY/MM/DD'), '2026-06-20');
    assert.equal(toIsoDate('20.06.2026', 'DD.MM.YYYY'), '2026-06-20');
    assert.equal(toIsoDate('20-06-2026', 'DD-MM-YYYY'), '2026-06-20');
    assert.equal(toIsoDate('20/06/2026', 'DD/MM/YYYY'), '2026-06-20');
    assert.equal(toIsoDate('06/20/2026', 'MM/DD/YYYY'), '2026-06-20');
  });
  test('day and month without their leading zero (spreadsheet defaults), but not in YYYY-MM-DD', () => {
    assert.equal(toIsoDate('5.6.2026', 'DD.MM.YYYY'), '2026-06-05');
    assert.equal(toIsoDate('5-6-2026', 'DD-MM-YYYY'), '2026-06-05', 'Dutch Excel');
    assert.equal(toIsoDate('5/6/2026', 'DD/MM/YYYY'), '2026-06-05');
    assert.equal(toIsoDate('6/5/2026', 'MM/DD/YYYY'), '2026-06-05', 'US Excel');
    assert.equal(toIsoDate('12/1/2026', 'MM/DD/YYYY'), '2026-12-01');
    assert.equal(toIsoDate('2026/6/5', 'YYYY/MM/DD'), '2026-06-05');
    assert.equal(toIsoDate('2026-6-5', 'YYYY-MM-DD'), null);
    assert.equal(toIsoDate('105.6.2026', 'DD.MM.YYYY'), null);
  });
  test('a time after the date is dropped: the date part as written', () => {
    assert.equal(toIsoDate('2026-12-01 00:00:00', 'YYYY-MM-DD'), '2026-12-01');
    assert.equal(toIsoDate('2026-12-01T10:30:00', 'YYYY-MM-DD'), '2026-12-01');
    assert.equal(toIsoDate('2026-12-01T23:30:00Z', 'YYYY-MM-DD'), '2026-12-01');
    assert.equal(toIsoDate('2026-12-01T10:30:00.123+02:00', 'YYYY-MM-DD'), '2026-12-01');
    assert.equal(toIsoDate('2026-12-01 10:30', 'YYYY-MM-DD'), '2026-12-01');
    assert.equal(toIsoDate('12/1/2026 9:30 AM', 'MM/DD/YYYY'), '2026-12-01');
    assert.equal(toIsoDate('1.12.2026 09:30', 'DD.MM.YYYY'), '2026-12-01');
    assert.equal(toIsoDate('2026-12-01 later', 'YYYY-MM-DD'), null);
    assert.equal(toIsoDate('2026-12-01T', 'YYYY-MM-DD'), null);
  });
  test('a date in the right form that is no day is refused, saying why', () => {
    assert.deepEqual(readDate('31.02.2026', 'DD.MM.YYYY'), {
      ok: false,
      reason: 'is not a real date: February 2026 has 28 days',
    });
    assert.deepEqual(readDate('29-2-2028', 'DD-MM-YYYY'), { ok: true, iso: '2028-02-29' });
    assert.deepEqual(readDate('13/20/2026', 'MM/DD/YYYY'), {
      ok: false,
      reason: 'is not a real date: there is no month 13',
    });
    assert.deepEqual(readDate('0.6.2026', 'DD.MM.YYYY'), {
      ok: false,
      reason: 'is not a real date: there is no day 0',
    });
    assert.deepEqual(readDate('2026-04-31 00:00:00', 'YYYY-MM-DD'), {
      ok: false,
      reason: 'is not a real date: April 2026 has 30 days',
    });
    assert.deepEqual(readDate('June 5', 'DD.MM.YYYY'), { ok: false, reason: 'is not a date in the form DD.MM.YYYY' });
    const check = checkRow(
      ['B', '31.02.2026'],
      columnPlan('bookings', ['id', 'Jump date'], { id: 'external_id', 'Jump date': 'jump_on' }),
      { dateFormat: 'DD.MM.YYYY', today: '2026-01-01' },
    );
    assert.equal(check.cellProblems[1], 'Jump date "31.02.2026" is not a real date: February 2026 has 28 days');
  });
  test('the guess follows the data; ambiguous dates keep the list order (day first)', () => {
    assert.equal(guessDateFormat(['20.06.2026', '21.06.2026']), 'DD.MM.YYYY');
    assert.equal(guessDateFormat(['5.6.2026', '12.10.2026']), 'DD.MM.YYYY');
    assert.equal(guessDateFormat(['06/20/2026', '06/21/2026']), 'MM/DD/YYYY');
    assert.equal(guessDateFormat(['6/20/2026', '12/1/2026']), 'MM/DD/YYYY', 'US Excel, unpadded');
    assert.equal(guessDateFormat(['03/04/2026', '20/06/2026']), 'DD/MM/YYYY');
    assert.equal(guessDateFormat(['1-6-2026', '15-06-2026']), 'DD-MM-YYYY');
    assert.equal(guessDateFormat(['2026/06/20']), 'YYYY/MM/DD');
    assert.equal(guessDateFormat(['2026-12-01 00:00:00', '2026-12-02T10:30:00Z']), 'YYYY-MM-DD');
    assert.equal(guessDateFormat([]), 'YYYY-MM-DD');
  });
  test('a remembered format this desk no longer lists is no format (the guess stands)', () => {
    assert.equal(isDateFormat('D.M.YYYY'), false);
    assert.equal(isDateFormat('DD-MM-YYYY'), true);
  });
});
