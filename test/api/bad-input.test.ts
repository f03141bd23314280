import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type ApiResponse, type TestDesk } from '../support/desk';
import { TEST_TOKEN } from '../support/seed';

const MIB = 1024 * 1024;
const authHeader = { authorization: `Bearer ${TEST_TOKEN}` };

interface StoreState {
  bookings: unknown[];
  filmers: unknown[];
  noProduct: unknown;
  filmer2: unknown;
}

/** What bad input must never change: every booking and filmer of the dropzone, and two full records. */
async function storeState(desk: TestDesk): Promise<StoreState> {
  const [bookings, filmers, noProduct, filmer2] = await Promise.all([
    desk.sync('GET', '/bookings?include_all=true&per_page=200'),
    desk.sync('GET', '/filmers?include_all=true'),
    desk.sync('GET', '/bookings/NO-PRODUCT'),
    desk.sync('GET', '/filmers/2'),
  ]);
  assert.equal(bookings.status, 200);
  assert.equal(filmers.status, 200);
  return { bookings: bookings.body.bookings, filmers: filmers.body, noProduct: noProduct.body, filmer2: filmer2.body };
}

function assertJsonError(res: ApiResponse, httpStatus: number, status: string, what: string) {
  assert.equal(res.status, httpStatus, `${what}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/, `${what}: JSON content type`);
  assert.equal(res.body?.status, status, `${what}: status field`);
  assert.ok(typeof res.body?.error === 'string' || Array.isArray(res.body?.errors), `${what}: carries error or errors`);
}

/** The error texts of a body, whichever of `error` / `errors` it carries. */
function messagesOf(body: { error?: unknown; errors?: unknown } | undefined): string[] {
  const messages: string[] = [];
  if (typeof body?.error === 'string') messages.push(body.error);
  if (Array.isArray(body?.errors)) messages.push(...body.errors.map(String));
  return messages;
}

function assertNamesField(res: ApiResponse, field: string, what: string) {
  assertJsonError(res, 422, 'unprocessable_content', what);
  assert.ok(
    messagesOf(res.body).some((m) => m.includes(field)),
    `${what}: an error names ${field}: ${res.text}`,
  );
}

/** Raw body with an explicit content type. */
function post(desk: TestDesk, path: string, body: string, contentType = 'application/json') {
  return desk.sync('POST', path, body, { 'content-type': contentType });
}

const WRITE_PATHS = ['/bookings', '/bookings/batch', '/filmers', '/filmers/batch'];

describe('bad input: malformed and mistyped bodies store nothing', () => {
  let desk: TestDesk;
  let baseline: StoreState;
  before(async () => {
    desk = await startTestDesk();
    baseline = await storeState(desk);
  });
  after(() => desk.dispose());

  const malformed = [
    '{"external_id": "MAL-1", "name": "Cut off"',
    '{"external_id": "MAL-2",}',
    "{'external_id': 'MAL-3'}",
    '{"external_id": MAL-4}',
    '{"external_id": "MAL-5", "show_publicly": NaN}',
    'undefined',
    '{"bookings": [{"external_id": "MAL-6"}]',
    '{"filmers": [{"name": "Mal", "email": "mal@example.com"},]}',
  ];
  for (const path of WRITE_PATHS) {
    test(`malformed JSON to POST ${path} is 400 JSON bad_request`, async () => {
      for (const body of malformed) {
        assertJsonError(await post(desk, path, body), 400, 'bad_request', `${path} ${body}`);
      }
      assert.deepEqual(await storeState(desk), baseline);
    });
  }

  for (const path of WRITE_PATHS) {
    test(`a body that is not an object (array, string, number, null, boolean) to POST ${path} is 422`, async () => {
      for (const body of ['[]', '[{"external_id":"ARR-1"}]', '"ARR-2"', '42', 'null', 'true']) {
        assertJsonError(await post(desk, path, body), 422, 'unprocessable_content', `${path} ${body}`);
      }
      assert.deepEqual(await storeState(desk), baseline);
    });
  }

  for (const path of WRITE_PATHS) {
    test(`a non-JSON content type to POST ${path} is 415 JSON`, async () => {
      const json = path.startsWith('/bookings')
        ? JSON.stringify(path.endsWith('batch') ? { bookings: [{ external_id: 'CT-1' }] } : { external_id: 'CT-1' })
        : JSON.stringify(
            path.endsWith('batch')
              ? { filmers: [{ name: 'Ct', email: 'ct@example.com' }] }
              : { name: 'Ct', email: 'ct@example.com' },
          );
      for (const contentType of [
        'text/plain',
        'text/plain;charset=UTF-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ]) {
        assertJsonError(
          await post(desk, path, json, contentType),
          415,
          'unsupported_media_type',
          `${path} ${contentType}`,
        );
      }
      assert.deepEqual(await storeState(desk), baseline);
    });
  }

  test('application/json is accepted with a charset parameter and in any letter case', async () => {
    for (const [i, contentType] of [
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/json;charset=UTF-8',
    ].entries()) {
      const res = await post(
        desk,
        '/bookings',
        JSON.stringify({ external_id: `CT-OK-${i}`, jump_on: '2026-06-20' }),
        contentType,
      );
      assert.equal(res.status, 201, `${contentType}: ${res.text}`);
      assert.equal((await desk.sync('DELETE', `/bookings/CT-OK-${i}`)).status, 204);
    }
    assert.deepEqual(await storeState(desk), baseline);
  });

  test('a body over the size limit (~33 MB) is 413 JSON and the store is intact', async () => {
    const big = JSON.stringify({ external_id: 'HUGE-1', reference: 'x'.repeat(33 * MIB) });
    assertJsonError(await post(desk, '/bookings', big), 413, 'content_too_large', 'POST /bookings');
    const bigBatch = JSON.stringify({
      filmers: [{ name: 'Huge', email: 'huge@example.com', external_id: 'y'.repeat(33 * MIB) }],
    });
    assertJsonError(await post(desk, '/filmers/batch', bigBatch), 413, 'content_too_large', 'POST /filmers/batch');
    assert.deepEqual(await storeState(desk), baseline);
    assert.equal((await desk.sync('GET', '/bookings')).status, 200, 'the server still answers');
  });

  test('a 12 MB body is under the limit: refused for its content (422), not its size', async () => {
    const body = JSON.stringify({ external_id: 'LARGE-1', reference: 'x'.repeat(12 * MIB) });
    assertNamesField(await post(desk, '/bookings', body), 'reference', 'POST /bookings with a 12 MB reference');
    assert.deepEqual(await storeState(desk), baseline);
  });

  test('an unknown booking attribute is 422 naming it, nothing stored', async () => {
    assertNamesField(
      await desk.sync('POST', '/bookings', { external_id: 'COLOUR-1', name: 'Colourful', colour: 'red' }),
      'colour',
      'create',
    );
    assertNamesField(
      await desk.sync('POST', '/bookings', { external_id: 'NO-PRODUCT', name: 'Recoloured', colour: 'red' }),
      'colour',
      'update',
    );
    assert.deepEqual(await storeState(desk), baseline);
  });

  test('read-only booking attributes are refused, naming them, never silently dropped', async () => {
    for (const field of ['id', 'uuid', 'link', 'album_status_raw', 'product_id', 'finance_events', 'jump']) {
      const value =
        field === 'finance_events'
          ? []
          : field === 'jump'
            ? { id: 1 }
            : field === 'id' || field === 'product_id'
              ? 3
              : 'delivered_paid';
      assertNamesField(
        await desk.sync('POST', '/bookings', { external_id: 'NO-PRODUCT', [field]: value }),
        field,
        field,
      );
    }
    assert.deepEqual(await storeState(desk), baseline);
  });

  const wrongTypes: { field: string; value: unknown }[] = [
    { field: 'jump_on', value: '15/06/2026' },
    { field: 'jump_on', value: '2026-02-30' },
    { field: 'jump_on', value: '2026-6-5' },
    { field: 'jump_on', value: '2026-06-15T00:00:00Z' },
    { field: 'jump_on', value: 20260615 },
    { field: 'jump_on', value: '' },
    { field: 'show_publicly', value: 'true' },
    { field: 'show_publicly', value: 1 },
    { field: 'external_id', value: 123 },
    { field: 'external_id', value: true },
    { field: 'external_id', value: ['NO-PRODUCT'] },
    { field: 'name', value: 5 },
    { field: 'email', value: { address: 'a@example.com' } },
    { field: 'mobile', value: 31612345678 },
    { field: 'camera_package', value: ['Selfie'] },
    { field: 'language', value: false },
    { field: 'reference', value: 7 },
    { field: 'external_service', value: 1 },
  ];
  for (const { field, value } of wrongTypes) {
    test(`booking ${field}: ${JSON.stringify(value)} is 422 naming ${field}, nothing stored`, async () => {
      const create =
        field === 'external_id'
          ? { external_id: value }
          : { external_id: 'TYPED-1', name: 'Typed', jump_on: '2026-06-20', [field]: value };
      assertNamesField(await desk.sync('POST', '/bookings', create), field, 'create');
      if (field !== 'external_id') {
        // A valid change next to the bad one must not be applied either.
        assertNamesField(
          await desk.sync('POST', '/bookings', { external_id: 'NO-PRODUCT', name: 'Half Applied', [field]: value }),
          field,
          'update',
        );
      }
      const batch = await desk.sync('POST', '/bookings/batch', { bookings: [create] });
      assert.equal(batch.status, 200);
      assert.equal(batch.body.results[0].status, 'unprocessable_content');
      assert.ok(
        messagesOf(batch.body.results[0]).some((m) => m.includes(field)),
        `batch entry names ${field}: ${JSON.stringify(batch.body.results[0])}`,
      );
      assert.deepEqual(await storeState(desk), baseline);
    });
  }

  test('filmer wrong types (tandem_instructor "yes", name 5) are 422 naming the field, nothing stored', async () => {
    assertNamesField(
      await desk.sync('POST', '/filmers', { name: 'Typo', email: 'typo@example.com', tandem_instructor: 'yes' }),
      'tandem_instructor',
      'create',
    );
    assertNamesField(await desk.sync('POST', '/filmers', { name: 5, email: 'five@example.com' }), 'name', 'create');
    assertNamesField(await desk.sync('POST', '/filmers', { id: 2, name: 5 }), 'name', 'update');
    assertNamesField(
      await desk.sync('POST', '/filmers', { id: 2, name: 'Half Applied', videographer: 'no' }),
      'videographer',
      'update',
    );
    assert.deepEqual(await storeState(desk), baseline);
  });

  test('an unknown filmer attribute is 422 naming it', async () => {
    assertNamesField(
      await desk.sync('POST', '/filmers', { name: 'Col', email: 'col@example.com', colour: 'red' }),
      'colour',
      'create',
    );
    assert.deepEqual(await storeState(desk), baseline);
  });

  test('a __proto__ key is refused (400 or 422), never a crash, nothing stored', async () => {
    const bodies: [string, string][] = [
      ['/bookings', '{"external_id": "PROTO-1", "__proto__": {"show_publicly": true}}'],
      ['/bookings', '{"external_id": "PROTO-2", "constructor": {"prototype": {"polluted": true}}}'],
      ['/bookings/batch', '{"bookings": [{"external_id": "PROTO-3", "__proto__": {"isAdmin": true}}]}'],
      ['/bookings/batch', '{"__proto__": {"bookings": [{"external_id": "PROTO-4"}]}}'],
      ['/filmers', '{"name": "Proto", "email": "proto@example.com", "__proto__": {"id": 2}}'],
      ['/filmers/batch', '{"filmers": [{"name": "Proto", "email": "proto@example.com", "__proto__": {"id": 2}}]}'],
    ];
    for (const [path, body] of bodies) {
      const res = await post(desk, path, body);
      assert.ok([400, 422].includes(res.status), `${path} ${body}: HTTP ${res.status} ${res.text}`);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
      assert.ok(['bad_request', 'unprocessable_content'].includes(res.body.status), res.text);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype pollution');
    assert.deepEqual(await storeState(desk), baseline);
  });

  test('deeply nested JSON is refused, never a crash', async () => {
    const depth = 100_000;
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    for (const [path, body] of [
      ['/bookings', nested],
      ['/bookings', `{"external_id": "DEEP-1", "name": ${nested}}`],
      ['/filmers', `{"name": "Deep", "email": "deep@example.com", "external_id": ${nested}}`],
    ] as const) {
      const res = await post(desk, path, body);
      assert.ok([400, 413, 422].includes(res.status), `${path}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    }
    // In a batch the nested value is one element, refused on its own.
    const batch = await post(desk, '/bookings/batch', `{"bookings": ${nested}}`);
    assert.equal(batch.status, 200, batch.text.slice(0, 200));
    assert.equal(batch.body.results.length, 1);
    assert.equal(batch.body.results[0].status, 'unprocessable_content');
    assert.deepEqual(await storeState(desk), baseline);
  });

  test('a batch of 10,001 elements is 413 and stores none of them', async () => {
    const bookings = Array.from({ length: 10_001 }, (_, i) => ({ external_id: `BULK-${i}`, jump_on: '2026-06-20' }));
    assertJsonError(
      await desk.sync('POST', '/bookings/batch', { bookings }),
      413,
      'content_too_large',
      'bookings batch',
    );
    const filmers = Array.from({ length: 10_001 }, (_, i) => ({
      external_id: `BULKF-${i}`,
      name: `Bulk ${i}`,
      email: `bulk${i}@example.com`,
    }));
    assertJsonError(await desk.sync('POST', '/filmers/batch', { filmers }), 413, 'content_too_large', 'filmers batch');
    assert.deepEqual(await storeState(desk), baseline);
  });

  test('a batch of exactly 10,000 elements is accepted, one result each', async () => {
    // Elements without external_id are refused one by one, so the limit is checked without writing.
    const bookings = Array.from({ length: 10_000 }, () => ({ name: 'No External Id' }));
    const res = await desk.sync('POST', '/bookings/batch', { bookings });
    assert.equal(res.status, 200);
    assert.equal(res.body.results.length, 10_000);
    assert.ok(
      res.body.results.every(
        (r: { status: string; error: string }) =>
          r.status === 'unprocessable_content' && r.error === 'requires external id',
      ),
    );
    assert.deepEqual(await storeState(desk), baseline);
  });

  test('an empty body to a write endpoint is 422 (not an object), never a crash', async () => {
    for (const path of WRITE_PATHS) {
      const res = await desk.request(`/api/f1/sync${path}`, {
        method: 'POST',
        headers: { ...authHeader, 'content-type': 'application/json' },
      });
      assert.equal(res.status, 422, `${path}: ${res.text}`);
      assert.equal(res.body.status, 'unprocessable_content');
    }
    assert.deepEqual(await storeState(desk), baseline);
  });

  test('after all of this the server still answers and nothing changed', async () => {
    const list = await desk.sync('GET', '/bookings');
    assert.equal(list.status, 200);
    assert.equal(list.body.pagination.total_count, 4);
    const health = await desk.request('/api/desk/health');
    assert.equal(health.status, 200);
    assert.deepEqual(await storeState(desk), baseline);
  });
});

describe('bad input: routes and URLs', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('unknown routes are 404 JSON', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/f1/sync/nope'],
      ['GET', '/api/f1/sync/bookings/NO-PRODUCT/extra'],
      ['GET', '/api/f1/sync/finance_events'],
      ['GET', '/api/f2/sync/bookings'],
      ['GET', '/api/nope'],
      ['GET', '/nope'],
      ['POST', '/api/f1/sync/nope'],
      ['POST', '/api/f1/sync/filmers/1'],
      ['POST', '/api/f1/sync/bookings/NO-PRODUCT'],
      ['DELETE', '/api/f1/sync/bookings'],
      ['DELETE', '/api/f1/sync/filmers'],
    ];
    for (const [method, path] of routes) {
      const res = await desk.request(path, { method, headers: authHeader });
      assertJsonError(res, 404, 'not_found', `${method} ${path}`);
    }
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).status, 200, 'nothing was deleted');
  });

  test("a URL with malformed percent-encoding is a 400 JSON error in the API's error shape", async () => {
    for (const path of ['/bookings/%E0%A4%A', '/bookings/%', '/filmers/%ZZ']) {
      assertJsonError(await desk.sync('GET', path), 400, 'bad_request', `GET ${path}`);
    }
    assertJsonError(await desk.sync('DELETE', '/bookings/%'), 400, 'bad_request', 'DELETE /bookings/%');
    assert.equal((await desk.sync('GET', '/bookings')).status, 200, 'the server still answers');
  });
});

describe('bad input: external_ids that need URL-encoding', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  const ids = [
    'Zoë/№ 5 ?#%',
    'a/b',
    'with space',
    'what?x=1',
    'hash#tag',
    '100%',
    'a%2Fb',
    'ends/',
    '/starts',
    'plus+sign',
    'amp&eq=1',
    '日本語の予約',
    'parachute 🪂',
    'semi;colon',
    'back\\slash',
    'quote\'"',
    'ë'.repeat(255),
  ];

  for (const externalId of ids) {
    test(`create, show, list, update and delete ${JSON.stringify(externalId.length > 40 ? `${externalId.slice(0, 10)}… (${externalId.length} chars)` : externalId)}`, async () => {
      const path = `/bookings/${encodeURIComponent(externalId)}`;
      const created = await desk.sync('POST', '/bookings', {
        external_id: externalId,
        name: 'Encoded',
        jump_on: '2026-06-20',
      });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.external_id, externalId);

      const shown = await desk.sync('GET', path);
      assert.equal(shown.status, 200, shown.text);
      assert.equal(shown.body.external_id, externalId);
      assert.equal(shown.body.id, created.body.id);

      const listed = await desk.sync('GET', '/bookings?q[name_cont]=Encoded');
      assert.ok(
        listed.body.bookings.some((b: { external_id: string }) => b.external_id === externalId),
        'listed with the exact external_id',
      );

      const updated = await desk.sync('POST', '/bookings', { external_id: externalId, name: 'Encoded Again' });
      assert.equal(updated.status, 200, updated.text);
      assert.equal(updated.body.status, 'ok');
      assert.equal(updated.body.id, created.body.id);

      const deleted = await desk.sync('DELETE', path);
      assert.equal(deleted.status, 204, deleted.text);
      const gone = await desk.sync('GET', path);
      assert.equal(gone.status, 404);
      assert.equal(gone.body.status, 'not_found');
      assert.equal(gone.body.external_id, externalId, 'the 404 names the decoded external_id');
    });
  }

  test('similar-looking external_ids stay distinct ("a b", "a+b", "a%20b")', async () => {
    const variants = ['a b', 'a+b', 'a%20b'];
    const created = new Map<string, number>();
    for (const externalId of variants) {
      const res = await desk.sync('POST', '/bookings', {
        external_id: externalId,
        name: `Variant ${externalId}`,
        jump_on: '2026-06-20',
      });
      assert.equal(res.status, 201, `${externalId}: ${res.text}`);
      created.set(externalId, res.body.id);
    }
    assert.equal(new Set(created.values()).size, 3);
    for (const externalId of variants) {
      const res = await desk.sync('GET', `/bookings/${encodeURIComponent(externalId)}`);
      assert.equal(res.status, 200, externalId);
      assert.equal(res.body.external_id, externalId);
      assert.equal(res.body.id, created.get(externalId));
    }
  });

  test('an external_id longer than 255 characters is 422 naming external_id', async () => {
    const res = await desk.sync('POST', '/bookings', { external_id: 'ë'.repeat(256), jump_on: '2026-06-20' });
    assertNamesField(res, 'external_id', 'create');
  });

  test('a filmer external_id with special characters round-trips', async () => {
    const externalId = 'Zoë/№ 5 ?#%';
    const created = await desk.sync('POST', '/filmers', {
      external_id: externalId,
      name: 'Zoë',
      email: 'zoe@example.com',
    });
    assert.equal(created.status, 201);
    const shown = await desk.sync('GET', `/filmers/${created.body.id}`);
    assert.equal(shown.body.external_id, externalId);
    assert.equal(shown.body.name, 'Zoë');
  });
});
