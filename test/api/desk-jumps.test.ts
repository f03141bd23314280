import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Store } from '../../electron/store/store';
import { BUSY_DAY_JUMPS } from '../../shared/service/jumps';
import { startProxiedTestDesk, startTestDesk, type ApiResponse, type TestDesk } from '../support/desk';
import { BASE_SEED, TEST_NOW, TEST_TODAY } from '../support/seed';

/**
 * Jumps recorded at the desk (/api/desk/bookings/:external_id/jump, /api/desk/filmers/…/jumps),
 * what the Sync API shows of them, and how they hold a filmer against deletion.
 * Today is TEST_TODAY (2026-06-15) in the dropzone's zone.
 */

const [testDz, otherDz] = BASE_SEED.dropzones;
const SEED = {
  dropzones: [
    {
      ...testDz,
      filmers: [
        ...testDz!.filmers!,
        { id: 4, name: 'Alex Allround', email: 'alex@example.com', tandem_instructor: true, videographer: true },
        { id: 5, name: 'Vic Video', email: 'vic@example.com', videographer: true },
      ],
      bookings: [
        ...testDz!.bookings!,
        // Product 1 (Selfie video): camera requirement selfie, from its ledger row.
        { id: 300, external_id: 'TODAY-SELFIE', name: 'Tara Today', jump_on: TEST_TODAY, camera_package: 'Selfie' },
        { id: 301, external_id: 'YESTERDAY', name: 'Yara Yesterday', jump_on: '2026-06-14' },
        {
          id: 302,
          external_id: 'PREVIEWED',
          name: 'Pia Previewed',
          jump_on: '2026-06-10',
          album_status_raw: 'preview_sent',
          jump: { id: 30, camera: 'selfie', filmer_id: 2 },
        },
        { id: 303, external_id: 'COMBO', name: 'Cora Combo', jump_on: TEST_TODAY },
      ],
    },
    otherDz,
  ],
};

type Desk = TestDesk;
const put = (desk: Desk, externalId: string, body: unknown) =>
  desk.desk('PUT', `/bookings/${encodeURIComponent(externalId)}/jump`, body);
const check = (desk: Desk, externalId: string, body: unknown) =>
  desk.desk('POST', `/bookings/${encodeURIComponent(externalId)}/jump/check`, body);
const remove = (desk: Desk, externalId: string, by = 'Rita Reception') =>
  desk.desk('DELETE', `/bookings/${encodeURIComponent(externalId)}/jump?recorded_by=${encodeURIComponent(by)}`);
const shownJump = async (desk: Desk, externalId: string) =>
  (await desk.sync('GET', `/bookings/${encodeURIComponent(externalId)}`)).body.jump;
const codesOf = (problems: { field: string; code: string }[]) => problems.map((p) => `${p.field}:${p.code}`);
const jumpRows = (desk: Desk) => desk.queryStore('SELECT * FROM jumps ORDER BY id');
const removalCount = (desk: Desk) => (desk.queryStore('SELECT count(*) AS n FROM jump_removals')[0] as { n: number }).n;

/** Asserts a refusal wrote nothing: the jumps table is as it was. */
async function refusedUnchanged(desk: Desk, call: () => Promise<ApiResponse>, status: number): Promise<ApiResponse> {
  const before = jumpRows(desk);
  const res = await call();
  assert.equal(res.status, status, res.text);
  assert.deepEqual(jumpRows(desk), before, 'nothing written');
  return res;
}

describe('recording a jump', () => {
  let desk: Desk;
  before(async () => (desk = await startTestDesk({ seed: SEED })));
  after(() => desk.dispose());

  test('records camera, filmer, the day (the booking’s, once it has come) and who; the show response reflects it', async () => {
    const res = await put(desk, 'TODAY-SELFIE', { camera: 'selfie', filmer_id: 2, recorded_by: '  Rita Reception  ' });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.status, 'created');
    assert.deepEqual(res.body.warnings, []);
    const { id, ...jump } = res.body.jump;
    assert.deepEqual(jump, {
      camera: 'selfie',
      filmer_id: 2,
      second_filmer_id: null,
      jumped_on: TEST_TODAY,
      recorded_by: 'Rita Reception',
      recorded_at: TEST_NOW,
    });
    assert.deepEqual(await shownJump(desk, 'TODAY-SELFIE'), {
      id,
      camera: 'selfie',
      filmer_id: 2,
      second_filmer_id: null,
      jumped_on: TEST_TODAY,
    });
  });

  test('recording again replaces the jump, keeping its id', async () => {
    const { id } = await shownJump(desk, 'TODAY-SELFIE');
    const res = await put(desk, 'TODAY-SELFIE', {
      camera: 'both',
      filmer_id: 4,
      second_filmer_id: 1,
      jumped_on: '2026-06-14',
      recorded_by: 'Sam Supervisor',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.status, 'ok');
    assert.equal(res.body.jump.id, id);
    assert.equal(res.body.jump.recorded_by, 'Sam Supervisor');
    assert.deepEqual(await shownJump(desk, 'TODAY-SELFIE'), {
      id,
      camera: 'both',
      filmer_id: 4,
      second_filmer_id: 1,
      jumped_on: '2026-06-14',
    });
    assert.equal(
      desk.queryStore(
        "SELECT count(*) AS n FROM jumps j JOIN bookings b ON b.id = j.booking_id WHERE b.external_id = 'TODAY-SELFIE'",
      )[0].n,
      1,
    );
  });

  test('a camera short of the booking’s requirement is recorded, with a warning naming it', async () => {
    const res = await put(desk, 'TODAY-SELFIE', {
      camera: 'videographer',
      filmer_id: 1,
      recorded_by: 'Rita Reception',
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(codesOf(res.body.warnings), ['camera:camera_requirement']);
    assert.match(res.body.warnings[0].message, /camera requirement is selfie: a videographer jump does not meet it/);
  });

  test('the requirement of a booking with a product but nothing in its ledger yet is its product’s', async () => {
    // A booking the seed and the Sync API cannot make (a product always brings its ledger row): written straight into the store.
    const store = Store.open(desk.storeFile);
    try {
      const dz = store.dropzones.all().find((d) => d.key === 'test')!;
      store.bookings.insert({
        dropzone_id: dz.id,
        uuid: '00000000-0000-4000-8000-000000000301',
        link: 'nolgr',
        external_id: 'PRODUCT-NO-LEDGER',
        external_service: null,
        name: 'Nora Noledger',
        email: null,
        mobile: null,
        jump_on: TEST_TODAY,
        language: null,
        reference: null,
        camera_package: null,
        show_publicly: false,
        album_status_raw: null,
        product_id: 3,
        locked_attributes: [],
        created_at: TEST_NOW,
        updated_at: TEST_NOW,
      });
    } finally {
      store.close();
    }
    const res = await check(desk, 'PRODUCT-NO-LEDGER', { camera: 'selfie', filmer_id: 2 });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.camera_requirement, 'videographer');
    assert.deepEqual(codesOf(res.body.warnings), ['camera:camera_requirement']);
  });

  test('a jump date is needed when the booking’s is still to come; one given earlier is taken', async () => {
    const missing = await refusedUnchanged(
      desk,
      () => put(desk, 'NO-PRODUCT', { camera: 'selfie', filmer_id: 2, recorded_by: 'Rita' }),
      422,
    );
    assert.match(
      missing.body.fields.jumped_on,
      /say when it was jumped: the booking's jump date \(2026-06-20\) is after today \(2026-06-15\)/,
    );
    const given = await put(desk, 'NO-PRODUCT', {
      camera: 'selfie',
      filmer_id: 2,
      jumped_on: '2026-06-13',
      recorded_by: 'Rita',
    });
    assert.equal(given.status, 201, given.text);
    assert.equal(given.body.jump.jumped_on, '2026-06-13');
  });
});

describe('refusals: nothing is written, each says why beside its field', () => {
  let desk: Desk;
  before(async () => (desk = await startTestDesk({ seed: SEED })));
  after(() => desk.dispose());
  const jump = (over: object) => ({ camera: 'selfie', filmer_id: 2, recorded_by: 'Rita Reception', ...over });

  const cases: [string, object, string, RegExp][] = [
    ['an unknown filmer', { filmer_id: 99 }, 'filmer_id', /there is no filmer 99 at this dropzone/],
    ['an inactive filmer', { filmer_id: 3 }, 'filmer_id', /Jo Jumper is inactive/],
    [
      'a videographer on the handcam',
      { filmer_id: 1 },
      'filmer_id',
      /Fay Filmer is not a tandem instructor: the selfie camera is the tandem instructor's handcam/,
    ],
    [
      'a tandem instructor outside',
      { camera: 'videographer', filmer_id: 2 },
      'filmer_id',
      /Ivo Internal is not a videographer/,
    ],
    [
      'a second filmer who cannot film outside',
      { camera: 'both', filmer_id: 4, second_filmer_id: 2 },
      'second_filmer_id',
      /Ivo Internal is not a videographer/,
    ],
    [
      'the same filmer twice for both',
      { camera: 'both', filmer_id: 4, second_filmer_id: 4 },
      'second_filmer_id',
      /needs two people/,
    ],
    [
      'both without a second filmer',
      { camera: 'both', filmer_id: 4 },
      'second_filmer_id',
      /needs a second filmer: the videographer outside/,
    ],
    [
      'a second filmer for a one-camera jump',
      { camera: 'selfie', filmer_id: 2, second_filmer_id: 1 },
      'second_filmer_id',
      /a selfie jump has one filmer/,
    ],
    ['a jump date after today', { jumped_on: '2026-06-16' }, 'jumped_on', /2026-06-16 is after today \(2026-06-15\)/],
  ];
  for (const [name, over, field, message] of cases) {
    test(`${name}: 422, the field named`, async () => {
      const res = await refusedUnchanged(desk, () => put(desk, 'COMBO', jump(over)), 422);
      assert.equal(res.body.status, 'unprocessable_content');
      assert.match(res.body.fields[field], message);
      assert.match(res.body.error, message);
      assert.deepEqual(
        res.body.refusals.map((p: { field: string }) => p.field),
        [field],
      );
    });
  }

  test('a booking whose album reached the customer: 409, the album was made from the recorded jump', async () => {
    for (const externalId of ['DELIVERED-OLD', 'PREVIEWED']) {
      const res = await refusedUnchanged(desk, () => put(desk, externalId, jump({ jumped_on: '2026-06-10' })), 409);
      assert.equal(res.body.status, 'conflict');
      assert.match(res.body.error, /album is (delivered_paid|preview_sent): it was made from the recorded jump/);
    }
    const removed = await refusedUnchanged(desk, () => remove(desk, 'PREVIEWED'), 409);
    assert.match(removed.body.error, /album is preview_sent: it was made from the recorded jump/);
  });

  test('several refusals at once are all named', async () => {
    const res = await refusedUnchanged(
      desk,
      () => put(desk, 'COMBO', jump({ camera: 'both', filmer_id: 1, second_filmer_id: 2, jumped_on: '2026-07-01' })),
      422,
    );
    assert.deepEqual(Object.keys(res.body.fields).sort(), ['filmer_id', 'jumped_on', 'second_filmer_id']);
  });

  test('an unknown booking is 404; another dropzone’s too', async () => {
    const res = await put(desk, 'NOPE', jump({}));
    assert.equal(res.status, 404);
    assert.match(res.body.error, /booking NOPE not found/);
    assert.equal((await put(desk, 'OTHER-1', jump({}))).status, 404);
    assert.equal((await check(desk, 'NOPE', jump({}))).status, 404);
    assert.equal((await remove(desk, 'NOPE')).status, 404);
  });
});

describe('the check: refusals and warnings, nothing written', () => {
  let desk: Desk;
  before(async () => (desk = await startTestDesk({ seed: SEED })));
  after(() => desk.dispose());

  test('answers what Save would refuse and warn, with the day it would take; no name needed', async () => {
    const res = await refusedUnchanged(
      desk,
      () => check(desk, 'TODAY-SELFIE', { camera: 'both', filmer_id: 2, second_filmer_id: 2 }),
      200,
    );
    assert.equal(res.body.jumped_on, TEST_TODAY);
    assert.equal(res.body.camera_requirement, 'selfie');
    assert.deepEqual(codesOf(res.body.refusals), ['second_filmer_id:same_filmer']);
    const fine = await check(desk, 'TODAY-SELFIE', { camera: 'selfie', filmer_id: 2 });
    assert.deepEqual(fine.body, { jumped_on: TEST_TODAY, camera_requirement: 'selfie', refusals: [], warnings: [] });
  });

  test(`a filmer already on ${BUSY_DAY_JUMPS} jumps that day is a warning with the count; their jump being replaced does not count`, async () => {
    for (let i = 1; i <= BUSY_DAY_JUMPS; i++) {
      assert.equal(
        (await desk.sync('POST', '/bookings', { external_id: `BUSY-${i}`, name: `Busy ${i}`, jump_on: TEST_TODAY }))
          .status,
        201,
      );
      const res = await put(desk, `BUSY-${i}`, {
        camera: i % 2 ? 'videographer' : 'both',
        filmer_id: i % 2 ? 5 : 4,
        second_filmer_id: i % 2 ? null : 5,
        recorded_by: 'Rita',
      });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual(res.body.warnings, [], `jump ${i}: Vic is on ${i - 1} before it`);
    }
    const ninth = await check(desk, 'COMBO', { camera: 'both', filmer_id: 4, second_filmer_id: 5 });
    assert.deepEqual(codesOf(ninth.body.warnings), ['second_filmer_id:busy_day']);
    assert.match(
      ninth.body.warnings[0].message,
      new RegExp(`Vic Video is already on ${BUSY_DAY_JUMPS} jumps on ${TEST_TODAY}: is this the right filmer\\?`),
    );
    const replacing = await check(desk, 'BUSY-1', { camera: 'videographer', filmer_id: 5 });
    assert.deepEqual(replacing.body.warnings, [], 'Vic on 7 other jumps that day');
    const anotherDay = await check(desk, 'COMBO', {
      camera: 'both',
      filmer_id: 4,
      second_filmer_id: 5,
      jumped_on: '2026-06-14',
    });
    assert.deepEqual(anotherDay.body.warnings, []);
    const saved = await put(desk, 'COMBO', { camera: 'both', filmer_id: 4, second_filmer_id: 5, recorded_by: 'Rita' });
    assert.equal(saved.status, 201);
    assert.deepEqual(codesOf(saved.body.warnings), ['second_filmer_id:busy_day'], 'the answer repeats what was shown');
  });
});

describe('removing a wrongly recorded jump', () => {
  let desk: Desk;
  before(async () => (desk = await startTestDesk({ seed: SEED })));
  after(() => desk.dispose());

  test('removes it while the album has not reached the customer; the show response has none', async () => {
    assert.equal((await put(desk, 'YESTERDAY', { camera: 'selfie', filmer_id: 2, recorded_by: 'Rita' })).status, 201);
    assert.equal((await shownJump(desk, 'YESTERDAY')).jumped_on, '2026-06-14');
    const res = await remove(desk, 'YESTERDAY', 'Sam Supervisor');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.removed.camera, 'selfie');
    assert.equal(res.body.removed_by, 'Sam Supervisor');
    assert.equal(await shownJump(desk, 'YESTERDAY'), null);
    // The jump's row is gone; the removal record keeps what it was and who removed it.
    assert.deepEqual(
      desk.queryStore(
        "SELECT r.jump_id, r.camera, r.filmer_id, r.jumped_on, r.recorded_by, r.removed_by, r.removed_at FROM jump_removals r JOIN bookings b ON b.id = r.booking_id WHERE b.external_id = 'YESTERDAY'",
      ),
      [
        {
          jump_id: res.body.removed.id,
          camera: 'selfie',
          filmer_id: 2,
          jumped_on: '2026-06-14',
          recorded_by: 'Rita',
          removed_by: 'Sam Supervisor',
          removed_at: res.body.removed_at,
        },
      ],
    );
    const again = await remove(desk, 'YESTERDAY');
    assert.equal(again.status, 404);
    assert.match(again.body.error, /no jump is recorded for booking YESTERDAY/);
  });

  test('needs the name of the person removing it', async () => {
    const removalsBefore = removalCount(desk);
    assert.equal((await put(desk, 'YESTERDAY', { camera: 'selfie', filmer_id: 2, recorded_by: 'Rita' })).status, 201);
    const blank = await refusedUnchanged(desk, () => remove(desk, 'YESTERDAY', '   '), 422);
    assert.match(blank.body.fields.recorded_by, /is required/);
    const none = await refusedUnchanged(desk, () => desk.desk('DELETE', '/bookings/YESTERDAY/jump'), 422);
    assert.ok(none.body.fields.recorded_by);
    assert.equal(removalCount(desk), removalsBefore, 'a refused removal leaves no removal record');
  });
});

describe('a filmer’s jumps, and deleting a filmer who has some', () => {
  let desk: Desk;
  before(async () => {
    desk = await startTestDesk({ seed: SEED });
    for (const [externalId, body] of [
      ['TODAY-SELFIE', { camera: 'both', filmer_id: 4, second_filmer_id: 5 }],
      ['YESTERDAY', { camera: 'videographer', filmer_id: 4 }],
      ['COMBO', { camera: 'selfie', filmer_id: 4 }],
    ] as const) {
      const res = await put(desk, externalId, { ...body, recorded_by: 'Rita' });
      assert.equal(res.status, 201, res.text);
    }
  });
  after(() => desk.dispose());

  test('lists each jump with its booking, day, camera and the filmer’s role, newest day first', async () => {
    const res = await desk.desk('GET', '/filmers/4/jumps');
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.filmer_id, 4);
    assert.equal(res.body.count, 3);
    assert.deepEqual(
      res.body.jumps.map((j: Record<string, unknown>) => [
        j.booking_external_id,
        j.booking_name,
        j.jumped_on,
        j.camera,
        j.role,
      ]),
      [
        ['COMBO', 'Cora Combo', TEST_TODAY, 'selfie', 'handcam'],
        ['TODAY-SELFIE', 'Tara Today', TEST_TODAY, 'both', 'handcam'],
        ['YESTERDAY', 'Yara Yesterday', '2026-06-14', 'videographer', 'videographer'],
      ],
    );
    const vic = (await desk.desk('GET', '/filmers/5/jumps')).body;
    assert.deepEqual(
      vic.jumps.map((j: Record<string, unknown>) => [j.booking_external_id, j.role]),
      [['TODAY-SELFIE', 'videographer']],
    );
  });

  test('a seeded jump without a day of its own lists its booking’s jump date and the role "filmer" for a camera the desk does not know', async () => {
    const fay = (await desk.desk('GET', '/filmers/1/jumps')).body;
    assert.deepEqual(fay.jumps, [
      {
        jump_id: 7,
        booking_external_id: 'DELIVERED-OLD',
        booking_name: 'Dora Delivered',
        jumped_on: '2026-03-01',
        camera: 'videographer',
        role: 'videographer',
      },
    ]);
  });

  test('every filmer’s count, either camera of a both jump counted', async () => {
    const res = await desk.desk('GET', '/filmers/jump-counts');
    assert.equal(res.status, 200, res.text);
    const counts = Object.fromEntries(
      res.body.counts.map((c: { filmer_id: number; count: number }) => [c.filmer_id, c.count]),
    );
    assert.deepEqual(counts, { 1: 1, 2: 1, 4: 3, 5: 1 });
  });

  test('an unknown filmer is 404', async () => {
    assert.equal((await desk.desk('GET', '/filmers/999/jumps')).status, 404);
    assert.equal((await desk.desk('GET', '/filmers/abc/jumps')).status, 404);
  });

  test("the Sync API refuses deleting a filmer with jumps in the spec's words, whichever camera they filmed; the desk's counts say how many", async () => {
    const first = await desk.sync('DELETE', '/filmers/4');
    assert.equal(first.status, 422);
    assert.deepEqual(first.body, {
      id: 4,
      errors: ['Cannot delete record because dependent jumps exist'],
      status: 'unprocessable_content',
    });
    const second = await desk.sync('DELETE', '/filmers/5');
    assert.equal(second.status, 422, 'the videographer of a both jump is held too');
    assert.deepEqual(second.body.errors, ['Cannot delete record because dependent jumps exist']);
    const counts = (await desk.desk('GET', '/filmers/jump-counts')).body.counts;
    assert.deepEqual(
      counts.filter((c: { filmer_id: number }) => c.filmer_id === 4 || c.filmer_id === 5),
      [
        { filmer_id: 4, count: 3 },
        { filmer_id: 5, count: 1 },
      ],
    );
  });

  test('once the jump is removed the filmer can go; a jump whose booking was deleted still holds its filmer', async () => {
    assert.equal((await remove(desk, 'TODAY-SELFIE')).status, 200);
    assert.equal((await desk.sync('DELETE', '/filmers/5')).status, 204);
    assert.equal((await desk.sync('DELETE', '/bookings/COMBO')).status, 204);
    const list = (await desk.desk('GET', '/filmers/4/jumps')).body;
    assert.deepEqual(
      list.jumps.map((j: Record<string, unknown>) => [j.booking_external_id, j.booking_name, j.jumped_on]),
      [
        [null, null, TEST_TODAY],
        ['YESTERDAY', 'Yara Yesterday', '2026-06-14'],
      ],
    );
    assert.equal((await desk.sync('DELETE', '/filmers/4')).status, 422, 'a jump whose booking was deleted still holds');
    const counts = (await desk.desk('GET', '/filmers/jump-counts')).body.counts;
    assert.equal(counts.find((c: { filmer_id: number }) => c.filmer_id === 4).count, 2);
  });
});

describe('bad input: 422 naming each field', () => {
  let desk: Desk;
  before(async () => (desk = await startTestDesk({ seed: SEED })));
  after(() => desk.dispose());

  test('wrong types and values, unknown keys, a missing or blank or long name', async () => {
    const res = await refusedUnchanged(
      desk,
      () =>
        put(desk, 'COMBO', {
          camera: 'handcam',
          filmer_id: 'two',
          second_filmer_id: -1,
          jumped_on: '15-06-2026',
          recorded_by: '   ',
          filmer: 2,
        }),
      422,
    );
    assert.deepEqual(Object.keys(res.body.fields).sort(), [
      'camera',
      'filmer',
      'filmer_id',
      'jumped_on',
      'recorded_by',
      'second_filmer_id',
    ]);
    assert.match(res.body.fields.camera, /must be one of selfie, videographer, both/);
    assert.match(res.body.fields.recorded_by, /is required: the name of the person at the desk/);
    const missing = await refusedUnchanged(desk, () => put(desk, 'COMBO', { camera: 'selfie', filmer_id: 2 }), 422);
    assert.deepEqual(Object.keys(missing.body.fields), ['recorded_by']);
    const long = await refusedUnchanged(
      desk,
      () => put(desk, 'COMBO', { camera: 'selfie', filmer_id: 2, recorded_by: 'x'.repeat(81) }),
      422,
    );
    assert.match(long.body.fields.recorded_by, /at most 80 characters/);
    assert.equal((await put(desk, 'COMBO', [1])).status, 422);
    assert.equal((await check(desk, 'COMBO', { camera: 'selfie' })).status, 422, 'the check needs a filmer too');
  });
});

describe('in proxy mode', () => {
  let desk: Desk;
  before(async () => {
    desk = await startProxiedTestDesk({ seed: SEED });
  });
  after(() => desk.dispose());

  test('every jump route refuses with 409, saying the jumps are the remote service’s; nothing is written', async () => {
    const body = { camera: 'selfie', filmer_id: 2, recorded_by: 'Rita' };
    for (const call of [
      () => put(desk, 'TODAY-SELFIE', body),
      () => check(desk, 'TODAY-SELFIE', body),
      () => remove(desk, 'PREVIEWED'),
      () => desk.desk('GET', '/filmers/1/jumps'),
      () => desk.desk('GET', '/filmers/jump-counts'),
    ]) {
      const res = await refusedUnchanged(desk, call, 409);
      assert.equal(res.body.status, 'conflict');
      assert.match(res.body.error, /proxy mode: jumps and filmers' jumps are the remote service's/);
    }
  });
});
