import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Papa from 'papaparse';
import { startTestDesk, type TestDesk } from '../support/desk';

/**
 * GET /api/desk/bookings/export.csv (reception's list, taken to a spreadsheet): every row the
 * filters match, as CSV that spreadsheets open correctly. Read as bytes: a text decoder would drop
 * the BOM under test.
 */

interface CsvAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
}

const TRICKY = [
  {
    external_id: 'TRICKY-1',
    name: 'Smith, John',
    email: 'john@example.com',
    mobile: '+49 170 5863991',
    jump_on: '2026-06-25',
    camera_package: 'Selfie',
  },
  {
    external_id: 'TRICKY-2',
    name: 'Ann "The Rocket" Lee',
    email: '=HYPERLINK("http://evil.example","x")',
    mobile: '-1',
    jump_on: '2026-06-25',
  },
  {
    external_id: 'TRICKY-3',
    name: 'Line\nBreak; Émile',
    email: '@sum(1)',
    mobile: null,
    jump_on: '2026-06-26',
    reference: '=1+1\nsecond line',
  },
];

describe('GET /api/desk/bookings/export.csv', () => {
  let desk: TestDesk;
  const csv = async (query: string): Promise<CsvAnswer> => {
    const res = await fetch(`${desk.url}/api/desk/bookings/export.csv?${query}`, {
      headers: { authorization: `Bearer ${desk.sessionToken}` },
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
  };
  const parse = (answer: CsvAnswer, delimiter: string) => {
    const parsed = Papa.parse<string[]>(answer.text.slice(1), { delimiter, newline: '\r\n', skipEmptyLines: true });
    assert.deepEqual(parsed.errors, []);
    return parsed.data;
  };

  before(async () => {
    desk = await startTestDesk();
    // 450 more bookings: more than two pages of the list (200) and of the export's own chunks (500 is one; 456 in all).
    const many = Array.from({ length: 450 }, (_, i) => ({
      external_id: `BULK-${String(i).padStart(3, '0')}`,
      name: `Bulk Person ${i}`,
      jump_on: '2026-06-24',
    }));
    for (const bookings of [many, TRICKY])
      assert.equal((await desk.sync('POST', '/bookings/batch', { bookings })).status, 200);
  });
  after(() => desk.dispose());

  test('UTF-8 with a BOM, CRLF, a header row, as a download', async () => {
    const res = await csv('from=2026-06-25&to=2026-06-25');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="bookings-2026-06-25.csv"');
    assert.deepEqual([...res.bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const lines = res.text.slice(1).split('\r\n');
    assert.equal(
      lines[0],
      'Id,External id,Name,E-mail,Phone,Jump day,Language,Reference,Camera package,Product,Price,Camera requirement,Filmer,Album,Check-in,Link',
    );
    assert.equal(lines.at(-1), '', 'the last line ends with CRLF too');
    assert.doesNotMatch(res.text.replaceAll('\r\n', ''), /\r/);
  });

  test('the download is named for what was exported: the dates, the check-in filter, the search', async () => {
    const names: [query: string, name: string][] = [
      ['', 'bookings-all.csv'],
      ['from=2026-06-25&to=2026-06-25', 'bookings-2026-06-25.csv'],
      ['from=2026-06-01&to=2026-06-30', 'bookings-2026-06-01_2026-06-30.csv'],
      ['from=2026-06-01', 'bookings-from-2026-06-01.csv'],
      ['to=2026-06-30', 'bookings-until-2026-06-30.csv'],
      ['from=2026-06-25&to=2026-06-25&check_in=none', 'bookings-2026-06-25-not-marked.csv'],
      ['check_in=no_show', 'bookings-all-no-show.csv'],
      ['q=Bulk%20Person', 'bookings-all-search-bulk-person.csv'],
      // Accents dropped, ß spelled out, anything else one '-': no quote, slash or dot from the search reaches the header.
      ['q=%C3%89mile%20Stra%C3%9Fe&from=2026-06-26&to=2026-06-26', 'bookings-2026-06-26-search-emile-strasse.csv'],
      ['q=%2B49%20170%205863991', 'bookings-all-search-49-170-5863991.csv'],
      ['q=..%2F..%2F%22evil%22%3B%20x', 'bookings-all-search-evil-x.csv'],
      ['q=%E6%9D%B1%E4%BA%AC%E9%83%BD', 'bookings-all-search.csv'],
      [`q=${'abcdefghij'.repeat(6)}`, `bookings-all-search-${'abcdefghij'.repeat(4)}.csv`],
      // The order and the walk-ins do not change what the list is of.
      ['sort=name&dir=desc&include_all=true&from=2026-06-25&to=2026-06-25&delimiter=%3B', 'bookings-2026-06-25.csv'],
    ];
    for (const [query, name] of names) {
      const res = await csv(query);
      assert.equal(res.status, 200, query);
      assert.equal(res.headers.get('content-disposition'), `attachment; filename="${name}"`, query);
    }
  });

  test('commas, quotes and line breaks are quoted; a cell a spreadsheet would run as a formula starts with an apostrophe', async () => {
    const rows = parse(await csv('from=2026-06-25&to=2026-06-26'), ',');
    const [header, smith, lee, line] = rows;
    const col = (name: string) => header!.indexOf(name);
    assert.equal(smith![col('Name')], 'Smith, John');
    assert.equal(smith![col('Phone')], "'+49 170 5863991");
    assert.equal(smith![col('Product')], 'Selfie video');
    assert.equal(smith![col('Price')], '99.00');
    assert.equal(smith![col('Camera requirement')], 'selfie');
    assert.equal(lee![col('Name')], 'Ann "The Rocket" Lee');
    assert.equal(lee![col('E-mail')], `'=HYPERLINK("http://evil.example","x")`);
    assert.equal(lee![col('Phone')], "'-1");
    assert.equal(line![col('Name')], 'Line\nBreak; Émile');
    assert.equal(line![col('E-mail')], "'@sum(1)");
    assert.equal(line![col('Reference')], "'=1+1\nsecond line", 'a formula with a line break in it too');
  });

  test("the delimiter the spreadsheet expects: ';' (with a decimal comma in prices) or tab", async () => {
    const semicolon = await csv('delimiter=%3B&q=TRICKY');
    const rows = parse(semicolon, ';');
    assert.equal(rows[0]!.length, 16);
    assert.equal(rows[1]![rows[0]!.indexOf('Price')], '99,00');
    assert.match(semicolon.text, /"Line\nBreak; Émile"/, 'a cell holding the delimiter is quoted');
    const tab = await csv('delimiter=tab&q=TRICKY');
    const tabRows = parse(tab, '\t');
    assert.equal(tabRows[0]!.length, 16);
    assert.equal(tabRows[1]![tabRows[0]!.indexOf('Name')], 'Smith, John');
    assert.match(tab.text.slice(1, 20), /^Id\tExternal id\t/);
  });

  test('every matching row, past any page: 450 of one day, in the order asked', async () => {
    const rows = parse(await csv('from=2026-06-24&to=2026-06-24&sort=external_id&dir=desc'), ',');
    assert.equal(rows.length, 451);
    const ids = rows.slice(1).map((r) => r[1]);
    assert.equal(ids[0], 'BULK-449');
    assert.equal(ids.at(-1), 'BULK-000');
    assert.equal(new Set(ids).size, 450);
  });

  test('the filters apply: search, check-in, include_all', async () => {
    const lee = (await desk.desk('GET', '/bookings?q=TRICKY-2')).body.bookings[0];
    assert.equal(
      (await desk.desk('PUT', `/bookings/by-id/${lee.id}/check-in`, { state: 'arrived', recorded_by: 'Rita' })).status,
      200,
    );
    const arrived = parse(await csv('check_in=arrived'), ',');
    assert.deepEqual(
      arrived.slice(1).map((r) => [r[1], r[14]]),
      [['TRICKY-2', 'arrived']],
    );
    const searched = parse(await csv('q=bulk%20person%2012'), ',');
    const expected = Array.from({ length: 450 }, (_, i) => `Bulk Person ${i}`).filter((name) => name.includes('12'));
    assert.deepEqual(
      searched.slice(1).map((r) => r[2]),
      expected,
      'every word in the name, in id order',
    );
    assert.equal(expected.length, 15);
    const walkIns = parse(await csv('include_all=true&from=2026-06-15&to=2026-06-15'), ',');
    assert.deepEqual(
      walkIns.slice(1).map((r) => r[2]),
      ['Walk-in without external id'],
    );
    assert.equal(
      parse(await csv('from=2026-06-15&to=2026-06-15'), ',').length,
      1,
      'only the header without include_all',
    );
  });

  test('bad query values: 422 naming the parameter, as JSON', async () => {
    for (const [query, field] of [
      ['delimiter=%7C', 'delimiter'],
      ['sort=phone', 'sort'],
      ['page=2', 'page'],
      ['q=ab', 'q'],
    ] as const) {
      const res = await csv(query);
      assert.equal(res.status, 422, query);
      assert.ok(JSON.parse(res.text).fields[field], `${query}: ${res.text}`);
    }
  });
});
