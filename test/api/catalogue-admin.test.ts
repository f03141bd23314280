import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  adminProductList,
  adminUpgradeList,
  productSaved,
  rematchPreview,
  unmatchedPackages,
  upgradeSaved,
} from '../../shared/schemas/catalogue-admin';
import { startProxiedTestDesk, startTestDesk, type ApiResponse, type TestDesk } from '../support/desk';
import { BASE_SEED, TEST_NOW } from '../support/seed';

/** The base seed plus bookings whose camera_package no product matches, at each album stage. */
function seedWithUnmatched() {
  const seed = structuredClone(BASE_SEED);
  seed.dropzones[0]!.bookings.push(
    { id: 300, external_id: 'T-1', name: 'Tara One', jump_on: '2026-06-20', camera_package: 'Tandem 4K Pro' },
    { id: 301, external_id: 'T-2', name: 'Tom Two', jump_on: '2026-06-18', camera_package: 'tandem 4k pro' },
    {
      id: 302,
      external_id: 'T-3',
      name: 'Pia Previewed',
      jump_on: '2026-06-10',
      camera_package: 'Tandem 4K Pro',
      album_status_raw: 'preview_sent',
    } as never,
    {
      id: 303,
      external_id: 'T-4',
      name: 'Del Delivered',
      jump_on: '2026-06-10',
      camera_package: 'Tandem 4K Pro',
      album_status_raw: 'delivered_paid',
    } as never,
    { id: 304, external_id: 'T-5', name: 'Bea Basic', jump_on: '2026-06-21', camera_package: 'Tandem basic' },
    { id: 305, external_id: 'T-6', name: 'Leo Legacy', jump_on: '2026-06-22', camera_package: 'Legacy handcam' },
  );
  return seed;
}

/** A product entry with every field, photos only unless told otherwise. */
const entry = (fields: Record<string, unknown> = {}) => ({
  name: 'Tandem 4K',
  booking_system_name: 'Tandem 4K',
  price_cents: 17900,
  centi_credits: 250,
  video_entitlement: 'main',
  camera_requirement: 'both',
  photos: true,
  has_4k: true,
  raw_footage: false,
  ...fields,
});

const upgradeEntry = (fields: Record<string, unknown> = {}) => ({
  name: 'Main edit',
  notify_staff: true,
  payment_price_cents: 3000,
  payment_price_identifier: 'price_1MoBy5LkdIwHu7ix',
  grants_video_entitlement: 'main',
  grants_photos: false,
  grants_4k: false,
  grants_raw_footage: false,
  centi_credits: 50,
  offered_to: ['highlights', 'insta'],
  ...fields,
});

function assertInvalid(res: ApiResponse, field: string, message: RegExp) {
  assert.equal(res.status, 422, res.text);
  assert.equal(res.body.status, 'unprocessable_content');
  assert.match(res.body.fields?.[field] ?? '', message, `fields.${field} in ${res.text}`);
  assert.match(res.body.error, new RegExp(field), 'the error names the field');
}

const syncVersion = async (desk: TestDesk, list: 'products' | 'upgrades') =>
  (await desk.sync('GET', `/${list}`)).body.version as string;

/** A test on a desk of its own (the seed with unmatched bookings), disposed whatever happens. */
function deskTest(name: string, body: (desk: TestDesk) => Promise<void>) {
  test(name, async () => {
    const desk = await startTestDesk({ seed: seedWithUnmatched() });
    try {
      await body(desk);
    } finally {
      await desk.dispose();
    }
  });
}

describe('catalogue administration: products', () => {
  deskTest(
    "the desk's list: every product with its entitlements, credits and what refers to it; the Sync API's version",
    async (desk) => {
      const res = await desk.desk('GET', '/catalogue/products');
      assert.equal(res.status, 200, res.text);
      const list = adminProductList.parse(res.body);
      assert.equal(list.version, await syncVersion(desk, 'products'));
      assert.equal(list.currency, 'EUR');
      const videographer = list.products.find((p) => p.id === 3)!;
      assert.deepEqual(
        {
          video: videographer.video_entitlement,
          camera: videographer.camera_requirement,
          credits: videographer.centi_credits,
          bookings: videographer.bookings,
          events: videographer.finance_events,
        },
        { video: 'all', camera: 'videographer', credits: 200, bookings: 1, events: 0 },
        "a seeded product: entitlements derived from its flags; used by DELIVERED-OLD (the seed's events name no product)",
      );
    },
  );

  deskTest(
    'create: 201 with what was entered given back, the spec booleans derived, a new version, and the Sync API shows it',
    async (desk) => {
      const before = await syncVersion(desk, 'products');
      const res = await desk.admin('POST', '/catalogue/products', entry({ name: '  Tandem 4K  ' }));
      assert.equal(res.status, 201, res.text);
      const saved = productSaved.parse(res.body);
      const { product } = saved;
      assert.equal(product.name, 'Tandem 4K', 'trimmed');
      assert.equal(product.active, true, 'active unless told');
      assert.deepEqual(
        [
          product.video_entitlement,
          product.camera_requirement,
          product.photos,
          product.has_4k,
          product.raw_footage,
          product.centi_credits,
        ],
        ['main', 'both', true, true, false, 250],
      );
      assert.deepEqual(
        [product.selfie, product.videographer, product.either_video, product.socials],
        [true, true, false, false],
        'both cameras; main edit: no socials',
      );
      assert.equal(product.created_at, TEST_NOW);
      assert.notEqual(saved.version, before);
      assert.equal(saved.version, await syncVersion(desk, 'products'));
      const shown = await desk.sync('GET', `/products/${product.id}`);
      assert.equal(shown.status, 200);
      assert.deepEqual(shown.body, {
        id: product.id,
        name: 'Tandem 4K',
        active: true,
        booking_system_name: 'Tandem 4K',
        price_cents: 17900,
        photos: true,
        selfie: true,
        videographer: true,
        either_video: false,
        socials: false,
        has_4k: true,
        raw_footage: false,
      });
    },
  );

  deskTest('every video entitlement and camera requirement round-trips', async (desk) => {
    const cameras = ['either', 'selfie', 'videographer', 'both'] as const;
    let n = 0;
    for (const video of ['all', 'main', 'highlights', 'insta', 'freefall'] as const) {
      for (const camera of cameras) {
        n += 1;
        const res = await desk.admin(
          'POST',
          '/catalogue/products',
          entry({ name: `P${n}`, booking_system_name: `P${n}`, video_entitlement: video, camera_requirement: camera }),
        );
        assert.equal(res.status, 201, res.text);
        assert.deepEqual([res.body.product.video_entitlement, res.body.product.camera_requirement], [video, camera]);
        assert.equal(res.body.product.socials, video === 'all');
      }
    }
    const none = await desk.admin(
      'POST',
      '/catalogue/products',
      entry({ name: 'Photos', booking_system_name: 'Photo pack', video_entitlement: 'none', camera_requirement: null }),
    );
    assert.equal(none.status, 201, none.text);
    assert.deepEqual(
      [none.body.product.video_entitlement, none.body.product.camera_requirement, none.body.product.selfie],
      ['none', null, false],
    );
  });

  deskTest(
    'refusals name the field: missing, wrong type, unknown key, negative price, camera without video and video without camera, a taken name',
    async (desk) => {
      const { name: _name, ...noName } = entry();
      assertInvalid(await desk.admin('POST', '/catalogue/products', noName), 'name', /is required/);
      assertInvalid(await desk.admin('POST', '/catalogue/products', entry({ name: '   ' })), 'name', /blank/);
      assertInvalid(
        await desk.admin('POST', '/catalogue/products', entry({ price_cents: -1 })),
        'price_cents',
        /negative/,
      );
      assertInvalid(
        await desk.admin('POST', '/catalogue/products', entry({ price_cents: 12.5 })),
        'price_cents',
        /whole number/,
      );
      assertInvalid(
        await desk.admin('POST', '/catalogue/products', entry({ centi_credits: '1' })),
        'centi_credits',
        /whole number/,
      );
      assertInvalid(
        await desk.admin('POST', '/catalogue/products', entry({ selfie: true })),
        'selfie',
        /not a writable product attribute/,
      );
      assertInvalid(
        await desk.admin('POST', '/catalogue/products', entry({ video_entitlement: 'everything' })),
        'video_entitlement',
        /one of none, all/,
      );
      assertInvalid(
        await desk.admin('POST', '/catalogue/products', entry({ video_entitlement: 'none' })),
        'camera_requirement',
        /must be none when video_entitlement is none/,
      );
      assertInvalid(
        await desk.admin('POST', '/catalogue/products', entry({ camera_requirement: null })),
        'camera_requirement',
        /must name the camera/,
      );
      const taken = await desk.admin('POST', '/catalogue/products', entry({ booking_system_name: 'VIDEO' }));
      assertInvalid(taken, 'booking_system_name', /already the booking system name of active product 3/);
      // An inactive product's name may be used again (Legacy is product 4, inactive).
      assert.equal(
        (await desk.admin('POST', '/catalogue/products', entry({ booking_system_name: 'legacy' }))).status,
        201,
      );
      assert.equal(
        desk.queryStore('SELECT count(*) AS n FROM products WHERE dropzone_id = 1')[0].n,
        6,
        'nothing else was written',
      );
    },
  );

  deskTest(
    'update: only the fields sent change; the version changes with every change and not without one; 404 for unknown ids',
    async (desk) => {
      const version0 = await syncVersion(desk, 'products');
      const res = await desk.admin('PATCH', '/catalogue/products/1', {
        price_cents: 10900,
        video_entitlement: 'highlights',
      });
      assert.equal(res.status, 200, res.text);
      const { product, version } = productSaved.parse(res.body);
      assert.deepEqual(
        [product.price_cents, product.video_entitlement, product.camera_requirement, product.name],
        [10900, 'highlights', 'selfie', 'Selfie video'],
      );
      assert.equal(product.updated_at, TEST_NOW);
      assert.notEqual(version, version0);
      const same = await desk.admin('PATCH', '/catalogue/products/1', { price_cents: 10900 });
      assert.equal(same.body.version, version, 'a save that changes nothing changes no version');
      const deactivated = await desk.admin('PATCH', '/catalogue/products/1', { active: false });
      assert.equal(deactivated.body.product.active, false);
      assert.notEqual(deactivated.body.version, version);
      assert.equal((await desk.sync('GET', '/products/1')).body.active, false, 'the Sync API shows it');
      assertInvalid(
        await desk.admin('PATCH', '/catalogue/products/1', { video_entitlement: 'none' }),
        'camera_requirement',
        /must be none/,
      );
      assertInvalid(await desk.admin('PATCH', '/catalogue/products/1', {}), 'product', /at least one field/);
      assertInvalid(
        await desk.admin('PATCH', '/catalogue/products/2', { booking_system_name: 'video' }),
        'booking_system_name',
        /already/,
      );
      for (const id of ['999', 'abc', '-1']) {
        const missing = await desk.admin('PATCH', `/catalogue/products/${id}`, { active: true });
        assert.equal(missing.status, 404, id);
        assert.equal(missing.body.error, 'product not found');
      }
      const other = await desk.adminAs('other', 'PATCH', '/catalogue/products/1', { active: true });
      assert.equal(other.status, 404, "another dropzone's desk does not find it");
    },
  );

  deskTest(
    'delete: refused (409, with the counts) while bookings or ledger events refer to it; an unused one goes (204, a new version)',
    async (desk) => {
      const refused = await desk.admin('DELETE', '/catalogue/products/3');
      assert.equal(refused.status, 409, refused.text);
      assert.equal(refused.body.status, 'conflict');
      assert.deepEqual([refused.body.bookings, refused.body.finance_events], [1, 0]);
      assert.match(refused.body.error, /deactivate it instead/);
      const made = await desk.admin('POST', '/catalogue/products', entry());
      const version = made.body.version;
      const gone = await desk.admin('DELETE', `/catalogue/products/${made.body.product.id}`);
      assert.equal(gone.status, 204, gone.text);
      assert.notEqual(await syncVersion(desk, 'products'), version);
      assert.equal((await desk.admin('DELETE', `/catalogue/products/${made.body.product.id}`)).status, 404);
    },
  );

  deskTest('the Sync API stays read-only (405)', async (desk) => {
    for (const [method, path] of [
      ['POST', '/products'],
      ['PATCH', '/products/1'],
      ['DELETE', '/products/5'],
      ['POST', '/upgrades'],
      ['DELETE', '/upgrades/1'],
    ] as const) {
      const res = await desk.sync(method, path, method === 'DELETE' ? undefined : { name: 'x' });
      assert.equal(res.status, 405, `${method} ${path}`);
    }
  });
});

describe('catalogue administration: matching', () => {
  deskTest(
    'the unmatched camera packages, with counts, most bookings first (then by name); one only an inactive product would match counts as unmatched',
    async (desk) => {
      const res = await desk.desk('GET', '/catalogue/unmatched-packages');
      assert.equal(res.status, 200, res.text);
      const { packages } = unmatchedPackages.parse(res.body);
      assert.deepEqual(packages, [
        { camera_package: 'Tandem 4K Pro', bookings: 3, matchable: 1, product: null },
        { camera_package: 'Legacy handcam', bookings: 1, matchable: 1, product: null },
        { camera_package: 'tandem 4k pro', bookings: 1, matchable: 1, product: null },
        { camera_package: 'Tandem basic', bookings: 1, matchable: 1, product: null },
      ]);
    },
  );

  deskTest(
    'a new product: the bookings it would now match (not previewed or delivered ones); matched on confirmation, each with its ledger event',
    async (desk) => {
      const created = await desk.admin('POST', '/catalogue/products', entry());
      const { rematch, product } = productSaved.parse(created.body);
      assert.equal(rematch.count, 2);
      assert.deepEqual(
        rematch.sample.map((b) => b.external_id),
        ['T-2', 'T-1'],
        'by jump date; T-3 (preview) and T-4 (delivered) are left',
      );
      assert.deepEqual(rematch.sample[0], {
        id: 301,
        external_id: 'T-2',
        name: 'Tom Two',
        jump_on: '2026-06-18',
        camera_package: 'tandem 4k pro',
      });
      assert.deepEqual(
        rematchPreview.parse((await desk.desk('GET', `/catalogue/products/${product.id}/rematch`)).body),
        rematch,
        'the same preview on its own',
      );

      assertInvalid(
        await desk.admin('POST', `/catalogue/products/${product.id}/rematch`, { recorded_by: '  ' }),
        'recorded_by',
        /blank/,
      );
      assertInvalid(
        await desk.admin('POST', `/catalogue/products/${product.id}/rematch`, {}),
        'recorded_by',
        /required/,
      );
      const matched = await desk.admin('POST', `/catalogue/products/${product.id}/rematch`, {
        recorded_by: ' Rita Reception ',
      });
      assert.equal(matched.status, 200, matched.text);
      assert.deepEqual(matched.body, { product_id: product.id, matched: 2 });

      for (const externalId of ['T-1', 'T-2']) {
        const booking = (await desk.sync('GET', `/bookings/${externalId}`)).body;
        assert.equal(booking.product_id ?? product.id, product.id);
        assert.equal(booking.finance_events.length, 1, externalId);
        const [event] = booking.finance_events;
        // Its type and credit change are recordProductAssignment's to decide (the sync's match writes the same event).
        assert.deepEqual(
          [event.product_id, event.video_entitlement, event.camera_requirement, event.photos, event.has_4k],
          [product.id, 'main', 'both', true, true],
        );
      }
      const rows = desk.queryStore<{ external_id: string; product_id: number | null; recorded_by: string | null }>(
        `SELECT b.external_id, b.product_id, f.recorded_by FROM bookings b LEFT JOIN finance_events f ON f.booking_id = b.id WHERE b.external_id LIKE 'T-%' ORDER BY b.external_id`,
      );
      assert.deepEqual(rows, [
        { external_id: 'T-1', product_id: product.id, recorded_by: 'Rita Reception' },
        { external_id: 'T-2', product_id: product.id, recorded_by: 'Rita Reception' },
        { external_id: 'T-3', product_id: null, recorded_by: null },
        { external_id: 'T-4', product_id: null, recorded_by: null },
        { external_id: 'T-5', product_id: null, recorded_by: null },
        { external_id: 'T-6', product_id: null, recorded_by: null },
      ]);
      const again = await desk.admin('POST', `/catalogue/products/${product.id}/rematch`, { recorded_by: 'Rita' });
      assert.equal(again.body.matched, 0, 'matched once');
      const refused = await desk.admin('DELETE', `/catalogue/products/${product.id}`);
      assert.equal(refused.status, 409, 'now in use');
    },
  );

  deskTest(
    'a rename and a reactivation preview the bookings they would now match; an inactive product matches none',
    async (desk) => {
      const made = await desk.admin(
        'POST',
        '/catalogue/products',
        entry({ name: 'Basic', booking_system_name: 'Nothing yet', active: false }),
      );
      assert.equal(made.body.rematch.count, 0, 'inactive');
      const renamed = await desk.admin('PATCH', `/catalogue/products/${made.body.product.id}`, {
        booking_system_name: 'tandem BASIC',
        active: true,
      });
      assert.deepEqual(
        renamed.body.rematch.sample.map((b: { external_id: string }) => b.external_id),
        ['T-5'],
      );
      const reactivated = await desk.admin('PATCH', '/catalogue/products/4', { active: true });
      assert.deepEqual(
        reactivated.body.rematch.sample.map((b: { external_id: string }) => b.external_id),
        ['T-6'],
        'Legacy handcam starts with Legacy',
      );
    },
  );

  deskTest('a longer name of another product wins: a booking it would not get is not offered', async (desk) => {
    await desk.admin(
      'POST',
      '/catalogue/products',
      entry({ name: 'Tandem 4K Pro', booking_system_name: 'Tandem 4K Pro' }),
    );
    const shorter = await desk.admin(
      'POST',
      '/catalogue/products',
      entry({ name: 'Tandem', booking_system_name: 'Tandem' }),
    );
    assert.deepEqual(
      shorter.body.rematch.sample.map((b: { external_id: string }) => b.external_id),
      ['T-5'],
      "T-1 and T-2 go to 'Tandem 4K Pro'",
    );
  });

  deskTest('unknown products are 404 for preview and match', async (desk) => {
    assert.equal((await desk.desk('GET', '/catalogue/products/999/rematch')).status, 404);
    assert.equal((await desk.admin('POST', '/catalogue/products/999/rematch', { recorded_by: 'Rita' })).status, 404);
    assert.equal((await desk.admin('POST', '/catalogue/products/x/rematch', { recorded_by: 'Rita' })).status, 404);
  });
});

describe('catalogue administration: upgrades', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('create: in the dropzone currency, with what it grants and whom it is offered to; the Sync API shows the spec fields', async () => {
    const before = await syncVersion(desk, 'upgrades');
    const res = await desk.admin('POST', '/catalogue/upgrades', upgradeEntry());
    assert.equal(res.status, 201, res.text);
    const { upgrade, version } = upgradeSaved.parse(res.body);
    assert.equal(upgrade.payment_price_currency, 'EUR');
    assert.deepEqual(
      [upgrade.grants_video_entitlement, upgrade.offered_to, upgrade.centi_credits, upgrade.payments],
      ['main', ['highlights', 'insta'], 50, 0],
    );
    assert.notEqual(version, before);
    const shown = await desk.sync('GET', `/upgrades/${upgrade.id}`);
    assert.deepEqual(Object.keys(shown.body).sort(), [
      'active',
      'created_at',
      'id',
      'name',
      'notify_staff',
      'payment_price_cents',
      'payment_price_currency',
      'payment_price_identifier',
      'updated_at',
    ]);
    assert.equal(shown.body.payment_price_identifier, 'price_1MoBy5LkdIwHu7ix');
    const list = adminUpgradeList.parse((await desk.desk('GET', '/catalogue/upgrades')).body);
    assert.equal(list.upgrades.find((u) => u.id === 2)!.payments, 1, "the seed's raw footage payment");
  });

  test('refusals name the field: price identifier, currency (the dropzone decides), offered_to, video none', async () => {
    assertInvalid(
      await desk.admin('POST', '/catalogue/upgrades', upgradeEntry({ payment_price_identifier: 'price 4k' })),
      'payment_price_identifier',
      /price identifier/,
    );
    assertInvalid(
      await desk.admin('POST', '/catalogue/upgrades', upgradeEntry({ payment_price_identifier: '' })),
      'payment_price_identifier',
      /blank/,
    );
    assertInvalid(
      await desk.admin('POST', '/catalogue/upgrades', upgradeEntry({ payment_price_currency: 'USD' })),
      'payment_price_currency',
      /not a writable upgrade attribute/,
    );
    assertInvalid(
      await desk.admin('POST', '/catalogue/upgrades', upgradeEntry({ offered_to: ['main', 'main'] })),
      'offered_to',
      /once/,
    );
    assertInvalid(
      await desk.admin('POST', '/catalogue/upgrades', upgradeEntry({ offered_to: ['everything'] })),
      'offered_to.0',
      /one of/,
    );
    assertInvalid(
      await desk.admin('POST', '/catalogue/upgrades', upgradeEntry({ grants_video_entitlement: 'none' })),
      'grants_video_entitlement',
      /one of all/,
    );
  });

  test('update and deactivate change the version; 404 for unknown ids', async () => {
    const version = await syncVersion(desk, 'upgrades');
    const res = await desk.admin('PATCH', '/catalogue/upgrades/1', { active: false, offered_to: ['main'] });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      [res.body.upgrade.active, res.body.upgrade.offered_to, res.body.upgrade.updated_at],
      [false, ['main'], TEST_NOW],
    );
    assert.notEqual(res.body.version, version);
    assert.equal((await desk.admin('PATCH', '/catalogue/upgrades/999', { active: true })).status, 404);
  });

  test('delete: refused while payments name it; an unpaid one goes', async () => {
    const refused = await desk.admin('DELETE', '/catalogue/upgrades/2');
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.payments, 1);
    assert.match(refused.body.error, /deactivate it instead/);
    assert.equal((await desk.admin('DELETE', '/catalogue/upgrades/1')).status, 204);
    assert.equal((await desk.admin('DELETE', '/catalogue/upgrades/1')).status, 404);
  });
});

describe('catalogue administration in proxy mode', () => {
  let desk: TestDesk;
  before(async () => {
    desk = await startProxiedTestDesk();
  });
  after(() => desk.dispose());

  test("reads and writes are refused (409): the remote service's admin interface owns the catalogue; the store is untouched", async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/catalogue/products'],
      ['GET', '/catalogue/upgrades'],
      ['GET', '/catalogue/unmatched-packages'],
      ['GET', '/catalogue/products/1/rematch'],
      ['POST', '/catalogue/products', entry()],
      ['PATCH', '/catalogue/products/1', { active: false }],
      ['DELETE', '/catalogue/products/5'],
      ['POST', '/catalogue/products/1/rematch', { recorded_by: 'Rita' }],
      ['POST', '/catalogue/upgrades', upgradeEntry()],
      ['PATCH', '/catalogue/upgrades/1', { active: false }],
      ['DELETE', '/catalogue/upgrades/1'],
    ];
    for (const [method, path, body] of calls) {
      const res = await desk.admin(method, path, body);
      assert.equal(res.status, 409, `${method} ${path}: ${res.text}`);
      assert.equal(res.body.status, 'conflict');
      assert.match(res.body.error, /proxy mode: products and upgrades are the remote service's/);
    }
    assert.equal(desk.queryStore('SELECT count(*) AS n FROM products')[0].n, 5);
    assert.equal(desk.queryStore('SELECT count(*) AS n FROM upgrades')[0].n, 2);
  });
});
