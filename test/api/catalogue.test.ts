import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';
import { OTHER_DZ_TOKEN } from '../support/seed';

const PRODUCT_LIST_KEYS = ['id', 'name', 'active', 'booking_system_name', 'price_cents', 'photos', 'videographer'];
const PRODUCT_KEYS = [
  'id',
  'name',
  'active',
  'booking_system_name',
  'price_cents',
  'photos',
  'selfie',
  'videographer',
  'either_video',
  'socials',
  'has_4k',
  'raw_footage',
];
const UPGRADE_LIST_KEYS = ['id', 'name', 'active', 'payment_price_cents', 'payment_price_currency'];
const UPGRADE_KEYS = [...UPGRADE_LIST_KEYS, 'notify_staff', 'payment_price_identifier', 'created_at', 'updated_at'];

const sorted = (keys: string[]) => [...keys].sort();

/** The seed's products as the show endpoint must return them (spec 2.3). */
const PRODUCTS = [
  {
    id: 1,
    name: 'Selfie video',
    active: true,
    booking_system_name: 'Selfie',
    price_cents: 9900,
    photos: false,
    selfie: true,
    videographer: false,
    either_video: false,
    socials: false,
    has_4k: false,
    raw_footage: false,
  },
  {
    id: 2,
    name: 'Selfie video + photos',
    active: true,
    booking_system_name: 'Selfie + Photos',
    price_cents: 12900,
    photos: true,
    selfie: true,
    videographer: false,
    either_video: false,
    socials: false,
    has_4k: false,
    raw_footage: false,
  },
  {
    id: 3,
    name: 'Videographer',
    active: true,
    booking_system_name: 'Video',
    price_cents: 14900,
    photos: false,
    selfie: false,
    videographer: true,
    either_video: false,
    socials: true,
    has_4k: true,
    raw_footage: false,
  },
  {
    id: 4,
    name: 'Old package',
    active: false,
    booking_system_name: 'Legacy',
    price_cents: 5000,
    photos: false,
    selfie: false,
    videographer: false,
    either_video: true,
    socials: false,
    has_4k: false,
    raw_footage: false,
  },
  {
    id: 5,
    name: 'Photos only',
    active: true,
    booking_system_name: 'Photos',
    price_cents: 4900,
    photos: true,
    selfie: false,
    videographer: false,
    either_video: false,
    socials: false,
    has_4k: false,
    raw_footage: false,
  },
];

/** The seed's upgrades as the show endpoint must return them (spec 2.4). */
const UPGRADES = [
  {
    id: 1,
    name: '4K footage',
    active: true,
    notify_staff: true,
    payment_price_cents: 2500,
    payment_price_currency: 'EUR',
    payment_price_identifier: 'price_4k',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 2,
    name: 'Raw footage',
    active: false,
    notify_staff: false,
    payment_price_cents: 3500,
    payment_price_currency: 'EUR',
    payment_price_identifier: 'price_raw',
    created_at: '2026-01-02T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
  },
];

function pick(record: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, record[k]]));
}

function assertJsonContent(res: { headers: Headers }) {
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
}

describe('catalogue: products', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('the list is { version, products } with every product of the dropzone', async () => {
    const res = await desk.sync('GET', '/products');
    assert.equal(res.status, 200);
    assertJsonContent(res);
    assert.deepEqual(sorted(Object.keys(res.body)), ['products', 'version']);
    assert.equal(typeof res.body.version, 'string');
    assert.ok(res.body.version.length > 0);
    assert.ok(Array.isArray(res.body.products));
    assert.deepEqual(
      res.body.products.map((p: { id: number }) => p.id),
      [1, 2, 3, 4, 5],
      'inactive products are listed too',
    );
  });

  test('each list item carries exactly the list subset of keys', async () => {
    const res = await desk.sync('GET', '/products');
    for (const item of res.body.products) {
      assert.deepEqual(sorted(Object.keys(item)), sorted(PRODUCT_LIST_KEYS), `keys of product ${item.id}`);
    }
  });

  test('list items carry the right values', async () => {
    const res = await desk.sync('GET', '/products');
    assert.deepEqual(
      res.body.products,
      PRODUCTS.map((p) => pick(p, PRODUCT_LIST_KEYS)),
    );
  });

  test('show returns the full product: every 2.3 field, no internal fields', async () => {
    for (const product of PRODUCTS) {
      const res = await desk.sync('GET', `/products/${product.id}`);
      assert.equal(res.status, 200, `product ${product.id}`);
      assertJsonContent(res);
      assert.deepEqual(sorted(Object.keys(res.body)), sorted(PRODUCT_KEYS));
      assert.deepEqual(res.body, product);
      for (const internal of ['centi_credits', 'dropzone_id'])
        assert.ok(!(internal in res.body), `${internal} is not exposed`);
    }
  });

  test('the version is stable across calls', async () => {
    const first = await desk.sync('GET', '/products');
    const second = await desk.sync('GET', '/products');
    assert.equal(first.body.version, second.body.version);
    assert.deepEqual(first.body, second.body);
  });

  test('an unknown id is 404 JSON', async () => {
    const res = await desk.sync('GET', '/products/999');
    assert.equal(res.status, 404);
    assertJsonContent(res);
    assert.equal(res.body.status, 'not_found');
    assert.equal(typeof res.body.error, 'string');
    assert.equal(res.body.id, 999);
  });

  test('a non-numeric id is 404 JSON', async () => {
    for (const raw of ['abc', '-1', '1.0', '0']) {
      const res = await desk.sync('GET', `/products/${raw}`);
      assert.equal(res.status, 404, raw);
      assertJsonContent(res);
      assert.equal(res.body.status, 'not_found', raw);
    }
  });

  test('HEAD on the list answers like GET, without a body', async () => {
    const res = await desk.sync('HEAD', '/products');
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
  });
});

describe('catalogue: upgrades', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('the list is { version, upgrades } with every upgrade of the dropzone', async () => {
    const res = await desk.sync('GET', '/upgrades');
    assert.equal(res.status, 200);
    assertJsonContent(res);
    assert.deepEqual(sorted(Object.keys(res.body)), ['upgrades', 'version']);
    assert.equal(typeof res.body.version, 'string');
    assert.ok(res.body.version.length > 0);
    assert.deepEqual(
      res.body.upgrades.map((u: { id: number }) => u.id),
      [1, 2],
      'inactive upgrades are listed too',
    );
  });

  test('each list item carries exactly id, name, active, payment_price_cents, payment_price_currency', async () => {
    const res = await desk.sync('GET', '/upgrades');
    for (const item of res.body.upgrades) {
      assert.deepEqual(sorted(Object.keys(item)), sorted(UPGRADE_LIST_KEYS), `keys of upgrade ${item.id}`);
    }
    assert.deepEqual(
      res.body.upgrades,
      UPGRADES.map((u) => pick(u, UPGRADE_LIST_KEYS)),
    );
  });

  test('show adds notify_staff, payment_price_identifier, created_at and updated_at', async () => {
    for (const upgrade of UPGRADES) {
      const res = await desk.sync('GET', `/upgrades/${upgrade.id}`);
      assert.equal(res.status, 200, `upgrade ${upgrade.id}`);
      assert.deepEqual(sorted(Object.keys(res.body)), sorted(UPGRADE_KEYS));
      assert.deepEqual(res.body, upgrade);
      assert.ok(!Number.isNaN(Date.parse(res.body.created_at)) && !Number.isNaN(Date.parse(res.body.updated_at)));
    }
  });

  test('the version is stable across calls', async () => {
    const first = await desk.sync('GET', '/upgrades');
    const second = await desk.sync('GET', '/upgrades');
    assert.equal(first.body.version, second.body.version);
    assert.deepEqual(first.body, second.body);
  });

  test('an unknown or non-numeric id is 404 JSON', async () => {
    for (const raw of ['999', 'abc']) {
      const res = await desk.sync('GET', `/upgrades/${raw}`);
      assert.equal(res.status, 404, raw);
      assertJsonContent(res);
      assert.equal(res.body.status, 'not_found', raw);
      assert.equal(typeof res.body.error, 'string', raw);
    }
  });
});

describe('catalogue: read-only', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  async function snapshot() {
    const [products, upgrades, p1, u1] = await Promise.all([
      desk.sync('GET', '/products'),
      desk.sync('GET', '/upgrades'),
      desk.sync('GET', '/products/1'),
      desk.sync('GET', '/upgrades/1'),
    ]);
    return { products: products.body, upgrades: upgrades.body, p1: p1.body, u1: u1.body };
  }

  for (const resource of ['products', 'upgrades'] as const) {
    const writes: { method: string; path: string; body?: unknown }[] = [
      {
        method: 'POST',
        path: `/${resource}`,
        body: { name: 'Injected', booking_system_name: 'Injected', price_cents: 1 },
      },
      { method: 'PUT', path: `/${resource}`, body: [] },
      { method: 'PATCH', path: `/${resource}`, body: { name: 'Injected' } },
      { method: 'DELETE', path: `/${resource}` },
      { method: 'POST', path: `/${resource}/1`, body: { name: 'Changed' } },
      { method: 'PUT', path: `/${resource}/1`, body: { id: 1, name: 'Changed', active: false } },
      { method: 'PATCH', path: `/${resource}/1`, body: { active: false } },
      { method: 'DELETE', path: `/${resource}/1` },
      { method: 'DELETE', path: `/${resource}/999` },
    ];
    for (const { method, path, body } of writes) {
      test(`${method} ${path} is 405 JSON and changes nothing`, async () => {
        const before = await snapshot();
        const res = await desk.sync(method, path, body);
        assert.equal(res.status, 405);
        assertJsonContent(res);
        assert.equal(res.body.status, 'method_not_allowed');
        assert.equal(typeof res.body.error, 'string');
        assert.match(res.headers.get('allow') ?? '', /GET/);
        assert.deepEqual(await snapshot(), before);
      });
    }
  }
});

describe("catalogue: scoped to the caller's dropzone", () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());
  const asOther = { authorization: `Bearer ${OTHER_DZ_TOKEN}` };

  test('another dropzone lists no products and no upgrades of the first', async () => {
    const products = await desk.sync('GET', '/products', undefined, asOther);
    assert.equal(products.status, 200);
    assert.equal(typeof products.body.version, 'string');
    assert.deepEqual(products.body.products, []);
    const upgrades = await desk.sync('GET', '/upgrades', undefined, asOther);
    assert.equal(upgrades.status, 200);
    assert.deepEqual(upgrades.body.upgrades, []);
  });

  test("another dropzone cannot show the first dropzone's products or upgrades", async () => {
    for (const path of ['/products/1', '/products/3', '/upgrades/1', '/upgrades/2']) {
      const res = await desk.sync('GET', path, undefined, asOther);
      assert.equal(res.status, 404, path);
      assert.equal(res.body.status, 'not_found', path);
      assert.ok(
        !JSON.stringify(res.body).includes('Selfie') && !JSON.stringify(res.body).includes('footage'),
        'no catalogue data leaks',
      );
    }
  });

  test('an empty catalogue has a version different from a populated one', async () => {
    const mine = await desk.sync('GET', '/products');
    const theirs = await desk.sync('GET', '/products', undefined, asOther);
    assert.notEqual(mine.body.version, theirs.body.version);
  });
});
