import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { loadSeed, readSeedFile, SeedError } from '../../electron/seed/seed';
import { Store } from '../../electron/store/store';

const dir = mkdtempSync(join(tmpdir(), 'desk-seed-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const seedFileWith = (content: unknown) => {
  const file = join(dir, `seed-${++n}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};
const dz = (over: object = {}) => ({ key: 'k', name: 'DZ', timezone: 'Europe/Amsterdam', ...over });

test('a seed problem names the place in the file', () => {
  assert.throws(
    () => readSeedFile(seedFileWith({ dropzones: [dz({ bookings: [{ external_id: 'a', jump_on: '1 June' }] })] })),
    /dropzones\[0\]\.bookings\[0\]\.jump_on/,
  );
  assert.throws(() => readSeedFile(seedFileWith({ dropzones: [dz({ timezone: 'Mars/Base' })] })), /IANA time zone/);
  assert.throws(() => readSeedFile(seedFileWith({ dropzones: [dz({ filmrs: [] })] })), /filmrs/);
  assert.throws(() => readSeedFile(seedFileWith('{ not json')), SeedError);
  assert.throws(() => readSeedFile(join(dir, 'missing.json')), /cannot read seed/);
});

test('a store that already holds data is refused, and nothing is merged', () => {
  const store = Store.open(join(dir, 'full.sqlite3'));
  loadSeed(store, readSeedFile(seedFileWith({ dropzones: [dz()] })));
  assert.throws(
    () => loadSeed(store, readSeedFile(seedFileWith({ dropzones: [dz({ key: 'second' })] }))),
    /already holds data \(1 dropzone: k\)/,
  );
  assert.deepEqual(
    store.dropzones.all().map((d) => d.key),
    ['k'],
  );
  store.close();
});

test('dates_relative_to moves every date and timestamp by the days to today', () => {
  const store = Store.open(join(dir, 'relative.sqlite3'));
  const seed = readSeedFile(
    seedFileWith({
      dates_relative_to: '2026-01-10',
      dropzones: [
        dz({
          bookings: [
            {
              external_id: 'R',
              jump_on: '2026-01-12',
              created_at: '2026-01-01T09:00:00.000Z',
              finance_events: [
                {
                  event_type: 'regular',
                  video_entitlement: 'none',
                  centi_credit_change: 5,
                  created_at: '2026-01-09T08:00:00.000Z',
                },
              ],
            },
          ],
        }),
      ],
    }),
  );
  loadSeed(store, seed, new Date('2026-06-15T10:00:00Z'));
  const booking = store.bookings.byExternalId(1, 'R')!;
  assert.equal(booking.jump_on, '2026-06-17');
  assert.equal(booking.created_at, '2026-06-06T09:00:00.000Z');
  assert.equal(store.finance.ledger(booking.id)[0]!.created_at, '2026-06-14T08:00:00.000Z');
  store.close();
});

test('a given centi_total_credits must agree with the running sum; the load is all or nothing', () => {
  const store = Store.open(join(dir, 'totals.sqlite3'));
  const seed = readSeedFile(
    seedFileWith({
      dropzones: [
        dz({
          bookings: [
            {
              external_id: 'T',
              finance_events: [
                {
                  id: 1,
                  event_type: 'regular',
                  video_entitlement: 'none',
                  centi_credit_change: 100,
                  centi_total_credits: 100,
                  created_at: '2026-01-01T00:00:00Z',
                },
                {
                  id: 2,
                  event_type: 'manual_credit',
                  video_entitlement: 'none',
                  centi_credit_change: 50,
                  centi_total_credits: 999,
                  created_at: '2026-01-02T00:00:00Z',
                },
              ],
            },
          ],
        }),
      ],
    }),
  );
  assert.throws(() => loadSeed(store, seed), /centi_total_credits 999 disagrees with the running sum 150/);
  assert.equal(store.isEmpty(), true, 'nothing of the failed seed stays');
  store.close();
});

test('explicit ids are kept and camera_package matches a product when no product_id is given', () => {
  const store = Store.open(join(dir, 'ids.sqlite3'));
  loadSeed(
    store,
    readSeedFile(
      seedFileWith({
        dropzones: [
          dz({
            products: [{ id: 40, name: 'Selfie', booking_system_name: 'selfie' }],
            filmers: [{ id: 9, name: 'F', email: 'f@x.io' }],
            bookings: [
              {
                id: 77,
                external_id: 'M',
                camera_package: 'Selfie XL',
                jump: { id: 5, camera: 'selfie', filmer_id: 9 },
              },
            ],
          }),
        ],
      }),
    ),
  );
  const booking = store.bookings.byId(1, 77)!;
  assert.equal(booking.product_id, 40);
  assert.deepEqual(store.jumps.byBooking(77), {
    id: 5,
    dropzone_id: 1,
    booking_id: 77,
    camera: 'selfie',
    filmer_id: 9,
    second_filmer_id: null,
    jumped_on: null,
    recorded_by: null,
    recorded_at: null,
  });
  store.close();
});

test('a booking without finance events is created as the Sync API creates one: a matched product gets its ledger row', () => {
  const store = Store.open(join(dir, 'factory.sqlite3'));
  loadSeed(
    store,
    readSeedFile(
      seedFileWith({
        dropzones: [
          dz({
            products: [
              { id: 40, name: 'Selfie', booking_system_name: 'selfie', selfie: true, centi_credits: 100 },
              { id: 41, name: 'Video', booking_system_name: 'video', videographer: true, centi_credits: 200 },
            ],
            bookings: [
              { id: 77, external_id: 'M', camera_package: 'Selfie XL', created_at: '2026-03-01T09:00:00Z' },
              { id: 78, external_id: 'G', camera_package: 'Selfie XL', product_id: 41 },
              { id: 79, external_id: 'N', camera_package: 'Handcam' },
            ],
          }),
        ],
      }),
    ),
    new Date('2026-03-02T10:00:00Z'),
  );
  const [matched] = store.finance.ledger(77);
  assert.deepEqual(
    matched && [
      matched.event_type,
      matched.product_id,
      matched.centi_credit_change,
      matched.centi_total_credits,
      matched.video_entitlement,
      matched.camera_requirement,
      matched.created_at,
    ],
    ['unspecified', 40, 0, 0, 'main', 'selfie', '2026-03-01T09:00:00.000Z'],
  );
  assert.equal(store.bookings.byId(1, 78)!.product_id, 41, 'a product_id given wins over the match');
  assert.deepEqual(
    store.finance.ledger(78).map((e) => [e.product_id, e.centi_total_credits]),
    [[41, 0]],
    'and gets its ledger row too',
  );
  assert.deepEqual(store.finance.ledger(79), [], 'no product, no row');
  store.close();
});

test('a booking with finance events is loaded as shown: its ledger is exactly the events given', () => {
  const store = Store.open(join(dir, 'as-shown.sqlite3'));
  loadSeed(
    store,
    readSeedFile(
      seedFileWith({
        dropzones: [
          dz({
            products: [{ id: 40, name: 'Selfie', booking_system_name: 'selfie', centi_credits: 100 }],
            bookings: [
              {
                id: 77,
                external_id: 'S',
                camera_package: 'Selfie',
                finance_events: [
                  {
                    id: 5,
                    event_type: 'regular',
                    video_entitlement: 'main',
                    camera_requirement: 'selfie',
                    centi_credit_change: 100,
                    product_id: 40,
                    created_at: '2026-03-01T09:00:00Z',
                  },
                ],
              },
            ],
          }),
        ],
      }),
    ),
  );
  assert.equal(store.bookings.byId(1, 77)!.product_id, 40);
  assert.deepEqual(
    store.finance.ledger(77).map((e) => e.id),
    [5],
  );
  store.close();
});

test('timestamps in any ISO 8601 notation are stored as UTC with milliseconds, and the ledger is in time order', () => {
  const store = Store.open(join(dir, 'notation.sqlite3'));
  const event = (id: number, created_at: string, change: number) => ({
    id,
    event_type: 'manual_credit',
    video_entitlement: 'none',
    centi_credit_change: change,
    created_at,
  });
  loadSeed(
    store,
    readSeedFile(
      seedFileWith({
        dropzones: [
          dz({
            bookings: [
              {
                external_id: 'N',
                created_at: '2026-03-01T13:30:00+01:00',
                finance_events: [
                  event(10, '2026-03-01T12:00:00.500Z', 100),
                  event(11, '2026-03-01T12:00:00Z', 5),
                  event(12, '2026-03-01T13:30:00+01:00', 9),
                  event(13, '2026-03-01T12:45:00Z', 7),
                ],
              },
            ],
          }),
        ],
      }),
    ),
  );
  const booking = store.bookings.byExternalId(1, 'N')!;
  assert.equal(booking.created_at, '2026-03-01T12:30:00.000Z');
  const ledger = store.finance.ledger(booking.id);
  assert.deepEqual(
    ledger.map((e) => e.id),
    [11, 10, 12, 13],
    'by instant, not by how the text was written',
  );
  assert.deepEqual(
    ledger.map((e) => e.created_at),
    ['2026-03-01T12:00:00.000Z', '2026-03-01T12:00:00.500Z', '2026-03-01T12:30:00.000Z', '2026-03-01T12:45:00.000Z'],
  );
  assert.deepEqual(
    ledger.map((e) => e.centi_total_credits),
    [5, 105, 114, 121],
  );
  store.close();
});

test('a finance event copied from a show response loads; its derived fields must agree', () => {
  const shown = {
    id: 7,
    event_type: 'regular',
    video_entitlement: 'all',
    camera_requirement: 'both',
    photos: true,
    has_4k: false,
    raw_footage: false,
    centi_credit_change: 100,
    centi_total_credits: 100,
    comment: null,
    booking_id: 42,
    product_id: null,
    selfie: true,
    videographer: true,
    either_video: false,
    socials: true,
    created_at: '2026-03-01T12:00:00.000Z',
    updated_at: '2026-03-01T12:00:00.000Z',
  };
  const seedWith = (over: object) =>
    readSeedFile(
      seedFileWith({
        dropzones: [dz({ bookings: [{ id: 42, external_id: 'S', finance_events: [{ ...shown, ...over }] }] })],
      }),
    );

  const store = Store.open(join(dir, 'shown.sqlite3'));
  loadSeed(store, seedWith({}));
  assert.equal(store.finance.ledger(42)[0]!.id, 7);
  store.close();

  for (const [over, message] of [
    [{ socials: false }, /socials false disagrees with video_entitlement "all"/],
    [{ either_video: true }, /either_video true disagrees/],
    [{ booking_id: 41 }, /booking_id 41 is not its booking's id 42/],
  ] as const) {
    const other = Store.open(join(dir, `shown-${++n}.sqlite3`));
    assert.throws(() => loadSeed(other, seedWith(over)), message);
    assert.ok(other.isEmpty(), 'nothing of a refused seed is kept');
    other.close();
  }
});
