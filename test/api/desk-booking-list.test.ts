import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { foldPlain } from '../../shared/rules/desk-search';
import {
  DESK_SORT_KEYS,
  type DeskBookingPage,
  type DeskBookingRow,
  type DeskSortKey,
} from '../../shared/schemas/reception';
import { startProxiedTestDesk, startTestDesk, type TestDesk } from '../support/desk';

/**
 * GET /api/desk/bookings (reception's list): one search box that finds a booking by what reception is
 * told, sorting on the server across all pages, and the filters. A real desk on 127.0.0.1.
 */

const PEOPLE = [
  {
    external_id: 'SKB-265689',
    name: 'Lena Schäfer',
    email: 'lena.schaefer@mailbox.example',
    mobile: '+49 170 5863991',
    jump_on: '2026-06-20',
    camera_package: 'Selfie',
  },
  {
    external_id: 'SKB-265690',
    name: 'Tom Schafer',
    email: 'tom@example.org',
    mobile: '0170-5863991',
    jump_on: '2026-06-21',
    camera_package: 'Video',
  },
  {
    external_id: 'SKB-300001',
    name: 'Li Wu',
    email: 'liwu@example.org',
    mobile: '+44 20 7946 0958',
    jump_on: '2026-06-21',
    camera_package: 'Photos',
  },
  {
    external_id: 'SKB-300002',
    name: 'Ana Lima',
    email: 'ana@example.org',
    mobile: '06 12 34 56 78',
    jump_on: '2026-06-22',
  },
  {
    external_id: 'SKB-300003',
    name: 'Zoë Ørsted',
    email: 'ZOE@Example.ORG',
    mobile: null,
    jump_on: '2026-06-22',
    camera_package: 'Selfie + Photos',
  },
  // Ties for every sort key: the same name, e-mail, day and package as another booking.
  {
    external_id: 'SKB-300004',
    name: 'Ana Lima',
    email: 'ana@example.org',
    mobile: null,
    jump_on: '2026-06-20',
    camera_package: 'Selfie',
  },
  {
    external_id: 'SKB-300005',
    name: 'Émile Zola',
    email: null,
    mobile: '555 0101',
    jump_on: '2026-06-23',
    camera_package: 'Video',
  },
];

type Row = DeskBookingRow;
const names = (rows: readonly Row[]) => rows.map((r) => r.name);

describe('GET /api/desk/bookings', () => {
  let desk: TestDesk;
  // The answer's body as any: a 200 is a page, a 422 an error.
  const list = (query: string) => desk.desk('GET', `/bookings?${query}`);
  const search = async (q: string, extra = '') => {
    const res = await list(`q=${encodeURIComponent(q)}${extra}`);
    assert.equal(res.status, 200, `${q}: ${res.text}`);
    return names(res.body.bookings);
  };

  before(async () => {
    desk = await startTestDesk();
    const res = await desk.sync('POST', '/bookings/batch', { bookings: PEOPLE });
    assert.equal(res.status, 200, res.text);
  });
  after(() => desk.dispose());

  describe('one search box', () => {
    test('a name, case and accents ignored', async () => {
      assert.deepEqual(await search('schafer'), ['Lena Schäfer', 'Tom Schafer']);
      assert.deepEqual(await search('SCHÄFER'), ['Lena Schäfer', 'Tom Schafer']);
      assert.deepEqual(await search('zoe orsted'), [], 'ø has no decomposition: it stays ø');
      assert.deepEqual(await search('zoë ørsted'), ['Zoë Ørsted']);
      assert.deepEqual(await search('emile'), ['Émile Zola'], 'a walk-in? no: Émile has an external id');
    });

    test('the full name, its words in either order; every word must be in the name', async () => {
      assert.deepEqual(await search('Lena Schafer'), ['Lena Schäfer']);
      assert.deepEqual(await search('schafer lena'), ['Lena Schäfer']);
      assert.deepEqual(await search('  lena   SCHÄFER '), ['Lena Schäfer']);
      assert.deepEqual(await search('lena schafer tom'), []);
      assert.deepEqual(await search('Li Wu'), ['Li Wu'], 'two short words: found as typed');
      assert.deepEqual(await search('lima ana'), ['Ana Lima', 'Ana Lima']);
    });

    test('an e-mail without its @, any part of it, any case', async () => {
      assert.deepEqual(await search('lena.schaefer'), ['Lena Schäfer']);
      assert.deepEqual(await search('mailbox.example'), ['Lena Schäfer']);
      assert.deepEqual(await search('zoe@example'), ['Zoë Ørsted']);
      assert.deepEqual(await search('EXAMPLE.ORG'), ['Tom Schafer', 'Li Wu', 'Ana Lima', 'Zoë Ørsted', 'Ana Lima']);
    });

    test('a phone number by its digits, whatever the spaces, dashes, + or leading zero', async () => {
      const both = ['Lena Schäfer', 'Tom Schafer']; // +49 170 5863991 and 0170-5863991
      assert.deepEqual(await search('5863991'), both);
      assert.deepEqual(await search('586 39 91'), both);
      assert.deepEqual(await search('+49 170 5863991'), both, 'with the country code it finds the national form too');
      assert.deepEqual(await search('0049 170 5863991'), both);
      assert.deepEqual(await search('+49 (0)170 5863991'), both);
      assert.deepEqual(await search('0170 5863991'), both, 'the national form is inside the international one');
      assert.deepEqual(await search('0170-586'), both);
      assert.deepEqual(await search('+44 20 7946 0958'), ['Li Wu']);
      assert.deepEqual(await search('020 7946 0958'), ['Li Wu']);
      assert.deepEqual(await search('06 12 34 56 78'), ['Ana Lima']);
      assert.deepEqual(await search('+33 6 12 34 56 78'), ['Ana Lima'], 'a French number stored nationally');
      assert.deepEqual(await search('+49 171 5863991'), [], 'another number is no match');
    });

    test('an external id (a booking number), whole or in part, any case', async () => {
      assert.deepEqual(await search('SKB-265689'), ['Lena Schäfer']);
      assert.deepEqual(await search('skb-2656'), ['Lena Schäfer', 'Tom Schafer']);
      assert.deepEqual(await search('300005'), ['Émile Zola']);
    });

    test('a link: its token, or the whole pasted URL', async () => {
      const lena: Row = (await list('q=SKB-265689')).body.bookings[0];
      assert.deepEqual(await search(lena.link), ['Lena Schäfer']);
      assert.deepEqual(await search(lena.link.toLowerCase()), ['Lena Schäfer']);
      assert.deepEqual(await search(`https://album.example/b/${lena.link}?utm=mail`), ['Lena Schäfer']);
    });

    test('a query under three characters is refused naming q; a blank one is no search', async () => {
      for (const q of ['Li', ' a ', 'é']) {
        const res = await list(`q=${encodeURIComponent(q)}`);
        assert.equal(res.status, 422, q);
        assert.match(res.body.fields.q, /at least 3 characters/);
      }
      const blank = await list('q=%20%20');
      assert.equal(blank.status, 200);
      assert.equal(blank.body.pagination.total_count, PEOPLE.length + 4, 'every booking with an external id');
    });

    test('a search goes with the other filters and counts what matches', async () => {
      const res = await list('q=example.org&from=2026-06-21&to=2026-06-22&sort=name');
      assert.deepEqual(names(res.body.bookings), ['Ana Lima', 'Li Wu', 'Tom Schafer', 'Zoë Ørsted']);
      assert.equal(res.body.pagination.total_count, 4);
      const paged = await list('q=example.org&per_page=2&page=2&sort=name');
      assert.deepEqual(names(paged.body.bookings), ['Li Wu', 'Tom Schafer']);
      assert.equal(paged.body.pagination.total_count, 5);
    });

    test("a walk-in (no external id) is found only with include_all, as the Sync API's list", async () => {
      assert.deepEqual(await search('walk-in'), []);
      assert.deepEqual(await search('walk-in', '&include_all=true'), ['Walk-in without external id']);
    });

    test("another dropzone's bookings are never found", async () => {
      assert.deepEqual(await search('somebody'), []);
      assert.deepEqual(await search('OTHER-1'), []);
    });
  });

  describe('what a row shows', () => {
    test('product and price, camera requirement (ledger, else product), filmer, album, currency', async () => {
      const res = await list('include_all=true&per_page=200');
      assert.equal(res.body.currency, 'EUR');
      const byName = new Map((res.body.bookings as Row[]).map((r) => [r.name, r]));
      const dora = byName.get('Dora Delivered')!;
      assert.deepEqual(dora.product, { id: 3, name: 'Videographer', price_cents: 14900 });
      assert.equal(dora.camera_requirement, 'videographer', "the ledger's newest event");
      assert.equal(dora.filmer, 'Fay Filmer');
      assert.equal(dora.album_status_raw, 'delivered_paid');
      const lena = byName.get('Lena Schäfer')!;
      assert.equal(lena.product?.name, 'Selfie video');
      assert.equal(lena.camera_requirement, 'selfie');
      assert.equal(lena.check_in, null);
      const nina = byName.get('Nina Noproduct')!;
      assert.equal(nina.product, null);
      assert.equal(nina.camera_requirement, null);
      assert.equal(nina.filmer, null);
    });
  });

  describe('sorting on the server, across every page', () => {
    async function everyPage(query: string, perPage: number): Promise<Row[]> {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const res = await list(`${query}&per_page=${perPage}&page=${page}`);
        assert.equal(res.status, 200, res.text);
        rows.push(...res.body.bookings);
        if (res.body.pagination.next_page === null) return rows;
      }
    }

    /** What each key sorts by, as the store compares it (NULL lowest; text by code point). */
    const KEY: Record<DeskSortKey, (r: Row) => string | number | null> = {
      id: (r) => r.id,
      external_id: (r) => r.external_id,
      name: (r) => foldPlain(r.name),
      email: (r) => (r.email ?? '').toLowerCase(),
      jump_on: (r) => r.jump_on,
      camera_package: (r) => r.camera_package,
      product: (r) => r.product?.name ?? null,
      check_in: (r) => r.check_in?.state ?? null,
    };
    const compare = (a: string | number | null, b: string | number | null) =>
      a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;

    before(async () => {
      // A few check-ins, so that key has ties and gaps too.
      const rows: Row[] = (await list('include_all=true')).body.bookings;
      for (const [name, state] of [
        ['Tom Schafer', 'arrived'],
        ['Li Wu', 'no_show'],
        ['Ana Lima', 'arrived'],
      ] as const) {
        const id = rows.find((r) => r.name === name)!.id;
        assert.equal(
          (await desk.desk('PUT', `/bookings/by-id/${id}/check-in`, { state, recorded_by: 'Rita' })).status,
          200,
        );
      }
    });

    for (const key of DESK_SORT_KEYS) {
      for (const dir of ['asc', 'desc'] as const) {
        test(`by ${key} ${dir}: pages of 3 join up to the whole order, ties by id ${dir === 'asc' ? 'ascending' : 'descending'}`, async () => {
          const rows = await everyPage(`include_all=true&sort=${key}&dir=${dir}`, 3);
          const all: Row[] = (await list('include_all=true&per_page=200')).body.bookings;
          assert.equal(rows.length, all.length, 'every booking once');
          const sign = dir === 'asc' ? 1 : -1;
          const expected = [...all].sort((a, b) => sign * (compare(KEY[key](a), KEY[key](b)) || a.id - b.id));
          assert.deepEqual(
            rows.map((r) => r.id),
            expected.map((r) => r.id),
          );
        });
      }
    }

    test('no sort asked: by id, ascending', async () => {
      const ids = (await list('include_all=true')).body.bookings.map((r: Row) => r.id);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
      );
    });
  });

  describe('filters', () => {
    test('from and to on the jump day, inclusive; with external ids only unless include_all', async () => {
      const res = await list('from=2026-06-21&to=2026-06-22');
      assert.deepEqual(names(res.body.bookings), ['Hand Edited', 'Tom Schafer', 'Li Wu', 'Ana Lima', 'Zoë Ørsted']);
      assert.equal(res.body.pagination.total_count, 5);
      assert.equal(
        (await list('to=2026-06-15&include_all=true')).body.pagination.total_count,
        2,
        'Dora (March) and the walk-in of the 15th',
      );
      assert.equal((await list('to=2026-06-15')).body.pagination.total_count, 1);
    });

    test('pagination like the Sync API: per_page at most 200, page past the end is empty', async () => {
      const capped = await list('per_page=500');
      assert.equal(capped.body.pagination.per_page, 200);
      const past = await list('page=9&per_page=5');
      assert.deepEqual(past.body.bookings, []);
      assert.equal(past.body.pagination.prev_page, 3);
      assert.equal(past.body.pagination.next_page, null);
    });
  });

  describe('bad query values: 422 naming the parameter', () => {
    for (const [query, field, message] of [
      ['sort=phone', 'sort', /must be one of id, external_id, name, email, jump_on, camera_package, product, check_in/],
      ['dir=up', 'dir', /asc or desc/],
      ['from=2026-13-01', 'from', /YYYY-MM-DD/],
      ['to=tomorrow', 'to', /YYYY-MM-DD/],
      ['check_in=late', 'check_in', /arrived, no_show, jumped, none/],
      ['include_all=yes', 'include_all', /true or false/],
      ['per_page=0', 'per_page', /1 or more/],
      ['page=-1', 'page', /1 or more/],
      ['sort=name&sort=id', 'sort', /more than once/],
      ['name_cont=x', 'name_cont', /not a known parameter/],
      [`q=${'x'.repeat(201)}`, 'q', /at most 200/],
    ] as const) {
      test(query.slice(0, 40), async () => {
        const res = await list(query);
        assert.equal(res.status, 422, res.text);
        assert.equal(res.body.status, 'unprocessable_content');
        assert.match(res.body.fields[field], message);
        assert.match(res.body.error, new RegExp(`^${field} |; ${field} `));
      });
    }
  });
});

describe('GET /api/desk/bookings in proxy mode', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startProxiedTestDesk();
  });
  after(() => desk.dispose());

  test("the list, the export and the day sheet read the desk's copy of the remote, never the local store", async () => {
    // This remote never answers, so its copy is empty: the local store's Nina must not show.
    const list = await desk.desk('GET', '/bookings?q=nina');
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(list.body.bookings, []);
    const csv = await desk.desk('GET', '/bookings/export.csv');
    assert.equal(csv.status, 200);
    assert.doesNotMatch(csv.text, /Nina/);
    const sheet = await desk.desk('GET', '/day-sheet?day=2026-06-20');
    assert.equal(sheet.status, 200);
    assert.doesNotMatch(sheet.text, /Nina/);
  });
});

describe('GET /api/desk/bookings: a search matching thousands', () => {
  // 1,210 "Crowd Member …" (more than the count's bound, 1,000) among 5,050 bookings of
  // bulk.example (more than the sort's bound, 5,000).
  const CROWD = 1_210;
  const ALL = 5_050;
  let desk: TestDesk;
  const list = (query: string) => desk.desk('GET', `/bookings?${query}`);
  const page = async (query: string) => {
    const res = await list(query);
    assert.equal(res.status, 200, `${query}: ${res.text}`);
    return res.body as DeskBookingPage;
  };

  before(async () => {
    desk = await startTestDesk();
    const bookings = Array.from({ length: ALL }, (_, i) => ({
      external_id: `BULK-${String(i).padStart(5, '0')}`,
      name: i < CROWD ? `Crowd Member ${String(CROWD - i).padStart(4, '0')}` : `Other Person ${i}`,
      email: `p${i}@bulk.example`,
      jump_on: '2026-06-20',
    }));
    const res = await desk.sync('POST', '/bookings/batch', { bookings });
    assert.equal(res.status, 200, res.text.slice(0, 500));
  });
  after(() => desk.dispose());

  test('by id: counted up to 1,000 and said so; the pages go on past it to the last', async () => {
    const first = await page('q=crowd');
    assert.equal(first.bookings.length, 200);
    assert.deepEqual(first.pagination, {
      current_page: 1,
      per_page: 200,
      total_count: 1_000,
      count_is_lower_bound: true,
      total_pages: 6,
      next_page: 2,
      prev_page: null,
    });
    const ids: number[] = [];
    let at: number | null = 1;
    const seen: DeskBookingPage['pagination'][] = [];
    while (at !== null) {
      const p = await page(`q=crowd&page=${at}`);
      ids.push(...p.bookings.map((b) => b.id));
      seen.push(p.pagination);
      at = p.pagination.next_page;
    }
    assert.equal(ids.length, CROWD, 'every match, once');
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      'in id order',
    );
    assert.ok(ids.every((id, i) => i === 0 || id !== ids[i - 1]));
    assert.deepEqual(
      seen[4],
      { ...first.pagination, current_page: 5, next_page: 6, prev_page: 4 },
      'page 5 of at least 6',
    );
    assert.deepEqual(
      seen[5],
      {
        current_page: 6,
        per_page: 200,
        total_count: 1_200,
        count_is_lower_bound: true,
        total_pages: 7,
        next_page: 7,
        prev_page: 5,
      },
      'past the bound, counted to the page’s end',
    );
    assert.deepEqual(
      seen[6],
      {
        current_page: 7,
        per_page: 200,
        total_count: CROWD,
        count_is_lower_bound: false,
        total_pages: 7,
        next_page: null,
        prev_page: 6,
      },
      'the last page knows the exact count',
    );
  });

  test('by id descending: the newest first, still bounded', async () => {
    const desc = await page('q=crowd&dir=desc&per_page=5');
    assert.equal(desc.pagination.count_is_lower_bound, true);
    assert.deepEqual(names(desc.bookings), [
      'Crowd Member 0001',
      'Crowd Member 0002',
      'Crowd Member 0003',
      'Crowd Member 0004',
      'Crowd Member 0005',
    ]);
  });

  test('under the bound the count is exact', async () => {
    // p12@ alone; p12 also in p120–p129@ and p1200–p1299@
    const few = await page('q=p12%40');
    assert.equal(few.pagination.total_count, 1);
    const some = await page('q=p12');
    assert.equal(some.pagination.total_count, 1 + 10 + 100);
    assert.equal(some.pagination.count_is_lower_bound, false);
    assert.equal(some.pagination.next_page, null);
    const paged = await page('q=p12&per_page=50&page=2');
    assert.deepEqual(
      { ...paged.pagination, rows: paged.bookings.length },
      {
        current_page: 2,
        per_page: 50,
        total_count: 111,
        count_is_lower_bound: false,
        total_pages: 3,
        next_page: 3,
        prev_page: 1,
        rows: 50,
      },
      'a full page counts the rest',
    );
    const past = await page('q=p12&per_page=50&page=4');
    assert.deepEqual(
      [past.bookings.length, past.pagination.total_count, past.pagination.next_page, past.pagination.prev_page],
      [0, 111, null, 3],
    );
  });

  test('sorted by another key: every match sorted, up to 5,000; more is a 422 that says to narrow the search', async () => {
    const byName = await page('q=crowd&sort=name');
    assert.equal(byName.pagination.total_count, CROWD);
    assert.equal(byName.pagination.count_is_lower_bound, false);
    assert.equal(byName.pagination.total_pages, 7);
    assert.deepEqual(names(byName.bookings).slice(0, 2), ['Crowd Member 0001', 'Crowd Member 0002']);
    const last = await page('q=crowd&sort=name&page=7');
    assert.equal(names(last.bookings).at(-1), 'Crowd Member 1210');

    const tooMany = await list('q=bulk.example&sort=jump_on');
    assert.equal(tooMany.status, 422, tooMany.text);
    assert.equal(tooMany.body.status, 'unprocessable_content');
    assert.equal(
      tooMany.body.error,
      'q matches more than 5,000 bookings, too many to sort by jump_on: narrow the search (more of the name, or a jump day range) or sort by id',
    );
    const byId = await page('q=bulk.example');
    assert.equal(byId.pagination.total_count, 1_000);
    assert.equal(byId.pagination.count_is_lower_bound, true);
  });
});
