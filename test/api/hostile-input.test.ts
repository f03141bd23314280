import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type ApiResponse, type TestDesk } from '../support/desk';
import { TEST_TOKEN } from '../support/seed';

/**
 * Input an attacker (or a broken client) sends that the desk once took wrongly: lone UTF-16
 * surrogates, bodies that are no object, odd query strings, import settings naming nothing, an
 * oversized body answered before its end was read, and secrets in bodies the log cannot parse.
 */

function assertJsonError(res: ApiResponse, httpStatus: number, status: string, what: string) {
  assert.equal(res.status, httpStatus, `${what}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/, `${what}: JSON content type`);
  assert.equal(res.body?.status, status, `${what}: status field`);
  assert.ok(
    typeof res.body?.error === 'string' || Array.isArray(res.body?.errors),
    `${what}: error or errors says what`,
  );
}

/** The error texts of a body or batch entry, whichever of `error` (bookings, desk) / `errors` (filmers) it carries. */
function messagesOf(body: { error?: unknown; errors?: unknown } | undefined): string {
  return [body?.error, ...(Array.isArray(body?.errors) ? body.errors : [])]
    .filter((m) => typeof m === 'string')
    .join('; ');
}

/** A 422 whose error names the field and says what is wrong with it. */
function assertSurrogateRefused(res: ApiResponse, field: string, what: string) {
  assertJsonError(res, 422, 'unprocessable_content', what);
  assert.match(
    messagesOf(res.body),
    new RegExp(`${field.replace(/[.[\]]/g, '\\$&')}\\b.*unpaired UTF-16 surrogate`),
    `${what}: names ${field}: ${res.text}`,
  );
  assert.equal(typeof res.body.fields?.[field], 'string', `${what}: fields.${field}: ${res.text}`);
}

// Bodies below are JSON text with `\uXXXX` escapes as they travel: a lone surrogate cannot be sent otherwise.
describe('hostile input: lone UTF-16 surrogates are refused, naming the field', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  const countBookings = (pattern: string) =>
    desk.queryStore<{ n: number }>('SELECT count(*) AS n FROM bookings WHERE external_id LIKE ?', pattern)[0]?.n;

  test('a booking: in name, external_id (high or low half), or any other text field: 422, nothing stored', async () => {
    const cases: [string, string][] = [
      ['name', '{"external_id":"SURR-1","name":"Ann \\ud800"}'],
      ['external_id', '{"external_id":"SURR-\\ud800","name":"Ann"}'],
      ['external_id', '{"external_id":"SURR-\\udfff-2"}'],
      ['email', '{"external_id":"SURR-3","email":"a\\udc00@example.com"}'],
      ['reference', '{"external_id":"SURR-4","reference":"x\\ud83d"}'],
      // A low half before a high one is no pair either.
      ['camera_package', '{"external_id":"SURR-5","camera_package":"Selfie \\ude00\\ud83d"}'],
    ];
    for (const [field, body] of cases) {
      assertSurrogateRefused(await desk.sync('POST', '/bookings', body), field, body);
    }
    assert.equal(countBookings('SURR-%'), 0);
    // An update of an existing booking is refused too, and changes nothing.
    assertSurrogateRefused(
      await desk.sync('POST', '/bookings', '{"external_id":"NO-PRODUCT","name":"Nina \\udbff"}'),
      'name',
      'update',
    );
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).body.name, 'Nina Noproduct');
  });

  test('a well-formed pair (an emoji sent escaped) is stored, shown, and addressable by its external_id', async () => {
    const created = await desk.sync(
      'POST',
      '/bookings',
      '{"external_id":"SMILE-\\ud83d\\ude00","name":"Sam \\ud83d\\ude00","jump_on":"2026-06-20"}',
    );
    assert.equal(created.status, 201, created.text);
    const shown = await desk.sync('GET', `/bookings/${encodeURIComponent('SMILE-😀')}`);
    assert.equal(shown.status, 200, shown.text);
    assert.equal(shown.body.name, 'Sam 😀');
    assert.equal((await desk.sync('DELETE', `/bookings/${encodeURIComponent('SMILE-😀')}`)).status, 204);
  });

  test('a filmer: in name, email or external_id: 422, nothing stored', async () => {
    const before = (await desk.sync('GET', '/filmers?include_all=true')).body;
    for (const [field, body] of [
      ['name', '{"name":"Fi \\ud800","email":"fi@example.com"}'],
      ['email', '{"name":"Fi","email":"fi\\udfff@example.com"}'],
      ['external_id', '{"name":"Fi","email":"fi@example.com","external_id":"F-\\ud800"}'],
      ['name', '{"id":2,"name":"Ivo \\udc00"}'],
    ] as const) {
      assertSurrogateRefused(await desk.sync('POST', '/filmers', body), field, body);
    }
    assert.deepEqual((await desk.sync('GET', '/filmers?include_all=true')).body, before);
  });

  test('in a batch only the element with the surrogate is refused (naming the field); the others are stored', async () => {
    const bookings = await desk.sync(
      'POST',
      '/bookings/batch',
      '{"bookings":[{"external_id":"SB-1","jump_on":"2026-06-20"},{"external_id":"SB-2","name":"Bad \\ud800"},{"external_id":"SB-3","jump_on":"2026-06-20"}]}',
    );
    assert.equal(bookings.status, 200, bookings.text);
    assert.deepEqual(
      bookings.body.results.map((r: { status: string }) => r.status),
      ['created', 'unprocessable_content', 'created'],
    );
    assert.match(bookings.body.results[1].error, /\bname\b.*unpaired UTF-16 surrogate/);
    assert.equal(bookings.body.results[1].external_id, 'SB-2');
    assert.equal(typeof bookings.body.results[1].fields?.name, 'string');
    assert.equal((await desk.sync('GET', '/bookings/SB-2')).status, 404);
    assert.equal((await desk.sync('GET', '/bookings/SB-3')).status, 200);

    const filmers = await desk.sync(
      'POST',
      '/filmers/batch',
      '{"filmers":[{"external_id":"\\udc00","name":"Bad","email":"bad@example.com"},{"external_id":"FB-2","name":"Good","email":"good@example.com"}]}',
    );
    assert.equal(filmers.status, 200, filmers.text);
    assert.deepEqual(
      filmers.body.results.map((r: { status: string }) => r.status),
      ['unprocessable_content', 'created'],
    );
    assert.match(messagesOf(filmers.body.results[0]), /\bexternal_id\b.*unpaired UTF-16 surrogate/);
  });

  test('the desk API refuses them too: hand edits, token labels, imports, mappings (keys included), connection', async () => {
    assertSurrogateRefused(
      await desk.desk('PATCH', '/bookings/NO-PRODUCT', '{"name":"Nina \\ud800"}'),
      'name',
      'hand edit',
    );
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).body.name, 'Nina Noproduct');
    const tokens = (await desk.desk('GET', '/api-tokens')).body;
    assertSurrogateRefused(
      await desk.admin('POST', '/api-tokens', '{"label":"Front \\udfff"}'),
      'label',
      'token label',
    );
    assert.deepEqual((await desk.desk('GET', '/api-tokens')).body, tokens);
    const importBody = (fileName: string, header: string) =>
      `{"kind":"bookings","file_name":"${fileName}","headers":["${header}"],"mapping":{"${header}":"name"},"total_rows":1,"send":[]}`;
    assertSurrogateRefused(
      await desk.desk('POST', '/imports', importBody('bad\\ud800.csv', 'Name')),
      'file_name',
      'import file name',
    );
    // A header is a key of the mapping: the key is checked like any value.
    const keyed = await desk.desk('POST', '/imports', importBody('ok.csv', 'Na\\ud800me'));
    assertJsonError(keyed, 422, 'unprocessable_content', 'import header');
    assert.match(keyed.body.error, /unpaired UTF-16 surrogate/);
    assert.deepEqual((await desk.desk('GET', '/imports')).body.imports, []);
    // The rows handed over: cells and reasons are checked too, and nothing of the import is made.
    const cell = await desk.desk(
      'POST',
      '/imports',
      '{"kind":"bookings","file_name":"a.csv","headers":["Name"],"mapping":{"Name":"name"},"total_rows":1,"send":[{"row_number":1,"cells":["Ann \\udc00"],"record":{"name":"Ann"}}]}',
    );
    assertJsonError(cell, 422, 'unprocessable_content', 'import cell');
    assert.match(cell.body.fields['send.0.cells.0'] ?? '', /unpaired UTF-16 surrogate/);
    assert.deepEqual((await desk.desk('GET', '/imports')).body.imports, []);
    const mapping = await desk.desk(
      'PUT',
      '/import-mappings',
      '{"kind":"bookings","headers":["Name"],"mapping":{"Na\\ud800me":"name"}}',
    );
    assertJsonError(mapping, 422, 'unprocessable_content', 'mapping header');
    // The key is named by its escape, so the answer itself is well-formed.
    assert.match(mapping.body.error, /^mapping\.Na\\ud800me \(the key itself\) contains an unpaired UTF-16 surrogate/);
    assert.equal(typeof mapping.body.fields['mapping.Na\\ud800me'], 'string', mapping.text);
    assertSurrogateRefused(
      await desk.admin('PUT', '/connection', '{"remote_url":"https://sync.example.com/\\ud800"}'),
      'remote_url',
      'remote URL',
    );
  });
});

describe('hostile input: desk API bodies that are no object', () => {
  let desk: TestDesk;
  let importId: number;
  before(async () => {
    desk = await startTestDesk();
    const created = await desk.desk('POST', '/imports', {
      kind: 'bookings',
      file_name: 'a.csv',
      headers: ['Name'],
      mapping: { Name: 'name' },
      total_rows: 1,
      send: [],
    });
    assert.equal(created.status, 201, created.text);
    importId = created.body.id;
  });
  after(() => desk.dispose());

  test('PUT /api/desk/connection with a JSON null is 422 naming the body, and changes nothing', async () => {
    const before = (await desk.desk('GET', '/connection')).body;
    const res = await desk.admin('PUT', '/connection', 'null');
    assertJsonError(res, 422, 'unprocessable_content', 'null');
    assert.match(res.body.error, /^connection must be/);
    assert.equal(typeof res.body.fields?.connection, 'string');
    assert.deepEqual((await desk.desk('GET', '/connection')).body, before);
  });

  test('every desk route that takes an object refuses null, an array, a number, a string and a boolean (4xx JSON)', async () => {
    const routes: [string, string][] = [
      ['PUT', '/connection'],
      ['POST', '/connection/test'],
      ['PUT', '/listen'],
      ['PATCH', '/bookings/NO-PRODUCT'],
      ['POST', '/bookings/NO-PRODUCT/unlock'],
      ['POST', '/imports'],
      ['POST', `/imports/${importId}/send`],
      ['POST', '/imports/stored-jump-dates'],
      ['PUT', '/import-mappings'],
      ['POST', '/api-tokens'],
    ];
    for (const [method, path] of routes) {
      for (const body of ['null', '[]', '[{}]', '42', '"text"', 'true']) {
        const res = await desk.admin(method, path, body);
        assertJsonError(res, 422, 'unprocessable_content', `${method} ${path} ${body}`);
      }
    }
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).body.name, 'Nina Noproduct');
    assert.equal((await desk.desk('GET', '/api-tokens')).body.length, 1, 'only the seed token');
  });
});

describe('hostile input: query strings', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  test('__proto__, constructor and other Object.prototype names are unknown parameters (422), on the Sync API and the desk API', async () => {
    for (const [path, name] of [
      ['/api/f1/sync/bookings?__proto__=x', '__proto__'],
      ['/api/f1/sync/bookings?page=1&__proto__=x', '__proto__'],
      ['/api/f1/sync/filmers?__proto__=x', '__proto__'],
      ['/api/f1/sync/bookings?constructor=x', 'constructor'],
      ['/api/f1/sync/bookings?hasOwnProperty=1', 'hasOwnProperty'],
      ['/api/f1/sync/filmers?toString=1', 'toString'],
      ['/api/desk/log?__proto__=x', '__proto__'],
      ['/api/desk/imports?__proto__=x', '__proto__'],
    ] as const) {
      const token = path.startsWith('/api/desk') ? desk.sessionToken : TEST_TOKEN;
      const res = await desk.request(path, { headers: { authorization: `Bearer ${token}` } });
      assertJsonError(res, 422, 'unprocessable_content', path);
      assert.equal(res.body.fields?.[name], 'is not a known parameter', `${path}: ${res.text}`);
    }
  });

  test('malformed percent-encoding in the query string is 400 in the API error shape, as in the path', async () => {
    for (const query of [
      'q[name_cont]=%E0%A4%A',
      'page=%',
      'page=%ZZ',
      'q%5Bname_cont=%C3',
      '%FF=1',
      'q[name_cont]=a%2',
    ]) {
      for (const path of [
        `/api/f1/sync/bookings?${query}`,
        `/api/f1/sync/filmers?${query}`,
        `/api/f1/sync/bookings/NO-PRODUCT?${query}`,
      ]) {
        assertJsonError(
          await desk.request(path, { headers: { authorization: `Bearer ${TEST_TOKEN}` } }),
          400,
          'bad_request',
          path,
        );
      }
      assertJsonError(
        await desk.request(`/api/desk/log?${query}`, { headers: { authorization: `Bearer ${desk.sessionToken}` } }),
        400,
        'bad_request',
        `desk log ${query}`,
      );
    }
    // Well-formed encoding, `+` for a space and an empty value are all still fine.
    const found = await desk.sync('GET', '/bookings?q%5Bname_cont%5D=Nina%20Nopro&page=1');
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(
      found.body.bookings.map((b: { external_id: string }) => b.external_id),
      ['NO-PRODUCT'],
    );
    assert.equal((await desk.sync('GET', '/bookings?q[name_cont]=Nina+Noproduct')).body.bookings.length, 1);
    assert.equal((await desk.sync('GET', '/bookings?q[name_cont]=%E6%97%A5')).status, 200);
  });
});

describe('hostile input: import settings must name real fields and formats', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  const importOf = (kind: string, mapping: Record<string, string | null>, dateFormat?: string | null) => ({
    kind,
    file_name: 'people.csv',
    headers: Object.keys(mapping),
    mapping,
    ...(dateFormat === undefined ? {} : { date_format: dateFormat }),
    total_rows: 1,
    send: [],
  });

  test('a mapping to a field that does not exist is 422 naming the header and the field', async () => {
    for (const [kind, field] of [
      ['bookings', 'colour'],
      ['bookings', 'id'],
      ['bookings', 'product_id'],
      // jump_on is a booking's, not a filmer's
      ['filmers', 'jump_on'],
      ['filmers', 'id'],
      ['bookings', '__proto__'],
    ] as const) {
      for (const [method, path, body] of [
        ['POST', '/imports', importOf(kind, { Name: 'name', Colour: field })],
        ['PUT', '/import-mappings', { kind, headers: ['Name', 'Colour'], mapping: { Name: 'name', Colour: field } }],
      ] as const) {
        const res = await desk.admin(method, path, body);
        assertJsonError(res, 422, 'unprocessable_content', `${path} ${kind} → ${field}`);
        assert.match(res.body.error, /mapping\.Colour\b/, res.text);
        assert.ok(res.body.error.includes(`"${field}"`), res.text);
      }
    }
    assert.deepEqual((await desk.desk('GET', '/imports')).body.imports, []);
  });

  test("a date_format that is none of the wizard's is 422 naming date_format", async () => {
    for (const format of ['banana', 'yyyy-mm-dd', 'DD/MM/YY', '', '%Y-%m-%d']) {
      for (const [method, path, body] of [
        ['POST', '/imports', importOf('bookings', { Date: 'jump_on' }, format)],
        [
          'PUT',
          '/import-mappings',
          { kind: 'bookings', headers: ['Date'], mapping: { Date: 'jump_on' }, date_format: format },
        ],
      ] as const) {
        const res = await desk.admin(method, path, body);
        assertJsonError(res, 422, 'unprocessable_content', `${path} ${format}`);
        assert.match(res.body.error, /date_format\b/, res.text);
        assert.equal(typeof res.body.fields?.date_format, 'string');
      }
    }
  });

  test('what the wizard sends is still accepted: every field of each kind, name parts, ignored columns, each date format, none', async () => {
    const bookingFields = [
      'external_id',
      'external_service',
      'name',
      'name_first',
      'name_last',
      'email',
      'mobile',
      'jump_on',
      'language',
      'reference',
      'camera_package',
      'show_publicly',
    ];
    const bookingMapping = Object.fromEntries([...bookingFields.map((f) => [`Col ${f}`, f]), ['Ignored', null]]);
    for (const format of [
      null,
      undefined,
      'YYYY-MM-DD',
      'YYYY/MM/DD',
      'DD.MM.YYYY',
      'DD-MM-YYYY',
      'DD/MM/YYYY',
      'MM/DD/YYYY',
    ]) {
      const res = await desk.desk('POST', '/imports', importOf('bookings', bookingMapping, format));
      assert.equal(res.status, 201, `${format}: ${res.text}`);
      const put = await desk.desk('PUT', '/import-mappings', {
        kind: 'bookings',
        headers: Object.keys(bookingMapping),
        mapping: bookingMapping,
        date_format: format,
      });
      assert.equal(put.status, 200, `${format}: ${put.text}`);
    }
    const filmerFields = [
      'external_id',
      'external_service',
      'name',
      'name_first',
      'name_last',
      'email',
      'tandem_instructor',
      'videographer',
      'active',
    ];
    const res = await desk.desk(
      'POST',
      '/imports',
      importOf('filmers', Object.fromEntries(filmerFields.map((f) => [`Col ${f}`, f]))),
    );
    assert.equal(res.status, 201, res.text);
  });
});

describe('hostile input: an oversized body is answered so that an ordinary client reads the 413', () => {
  // The server's limit lowered to 1 MiB (the default is 32): the same refusal for a sixth of the bytes.
  // The body stays well over what loopback's socket buffers take in before the server reads (about
  // 4 MiB here): the client is still sending when the 413 is decided, the case the drain is for.
  const BODY_LIMIT = 1024 * 1024;
  const OVERSIZED = 16 * BODY_LIMIT;
  let desk: TestDesk;
  const bookingCount = () => desk.queryStore<{ n: number }>('SELECT count(*) AS n FROM bookings')[0]!.n;
  before(async () => (desk = await startTestDesk({ deskOptions: { bodyLimitBytes: BODY_LIMIT } })));
  after(() => desk.dispose());

  test('fetch sending 16× the body limit, 20 times in a row: every one reads 413 JSON (no connection reset)', async () => {
    const stored = bookingCount();
    const body = Buffer.alloc(OVERSIZED, 0x20);
    for (let i = 0; i < 20; i++) {
      let res: Response;
      try {
        res = await fetch(`${desk.url}/api/f1/sync/bookings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
          body,
        });
      } catch (error) {
        assert.fail(`request ${i + 1}: ${(error as Error).message} (${String((error as { cause?: unknown }).cause)})`);
      }
      assert.equal(res.status, 413, `request ${i + 1}`);
      const answer = (await res.json()) as { status: string; error: string };
      assert.equal(answer.status, 'content_too_large', `request ${i + 1}`);
      assert.match(answer.error, /larger than the 1 MiB limit/);
    }
    assert.equal((await desk.sync('GET', '/bookings')).status, 200, 'the server still answers');
    assert.equal(bookingCount(), stored, 'the store is as it was');
  });

  test('a streamed (chunked) body over the limit is read 413 too', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    for (let i = 0; i < 3; i++) {
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 2 * BODY_LIMIT) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      const res = await fetch(`${desk.url}/api/f1/sync/bookings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      assert.equal(res.status, 413, `request ${i + 1}`);
      assert.equal(((await res.json()) as { status: string }).status, 'content_too_large');
    }
    assert.equal((await desk.sync('GET', '/bookings')).status, 200, 'the server still answers');
  });
});

describe('hostile input: the request log never shows a secret of a body it could not parse, nor one nested deep', () => {
  let desk: TestDesk;
  before(async () => (desk = await startTestDesk()));
  after(() => desk.dispose());

  /** The newest log entry in full, as the Log screen and "Copy as cURL" get it. */
  const newestEntry = async () => {
    const page = await desk.desk('GET', '/log?limit=1');
    const detail = await desk.desk('GET', `/log/${page.body.entries[0].id}`);
    assert.equal(detail.status, 200, detail.text);
    return detail;
  };

  test('a malformed JSON body with a token: the log and the cURL keep the body, the secret redacted', async () => {
    const bodies = [
      '{"external_id":"LOG-1","token":"SECRET-MALFORMED-1","name":"Ann"',
      '{"external_id":"LOG-2", "password" : "SECRET-MALFORMED-2",}',
      "{'external_id': 'LOG-3', 'api_key': 'SECRET-MALFORMED-3'}",
      '{"external_id":"LOG-4","client_secret":12345678901234,}',
      '{"external_id":"LOG-5","credentials":{"user":"u","pass":"SECRET-MALFORMED-5"},',
      '{"external_id":"LOG-6","token":"SECRET-MALFORMED-6',
    ];
    for (const body of bodies) {
      const res = await desk.sync('POST', '/bookings', body);
      assert.equal(res.status, 400, res.text);
      const detail = await newestEntry();
      const secret = /SECRET-MALFORMED-\d|12345678901234/.exec(body)![0];
      assert.ok(!detail.text.includes(secret), `${body}: the log shows ${secret}: ${detail.text}`);
      assert.match(detail.body.request.body, /<redacted>/, body);
      assert.match(detail.body.request.body, /external_id/, `${body}: the rest of the body is kept`);
      assert.match(detail.body.curl, /<redacted>/);
    }
  });

  test('a secret nested 70 and 5,000 levels deep is redacted', async () => {
    for (const depth of [70, 5_000]) {
      const secret = `SECRET-DEEP-${depth}`;
      const body = `{"external_id":"DEEP-${depth}","reference":${'{"a":'.repeat(depth)}{"token":"${secret}"}${'}'.repeat(depth)}}`;
      const res = await desk.sync('POST', '/bookings', body);
      assert.equal(res.status, 422, res.text.slice(0, 200));
      const detail = await newestEntry();
      assert.ok(!detail.text.includes(secret), `depth ${depth}: the log shows the secret`);
      assert.match(detail.body.request.body, /<redacted>/);
    }
  });
});
