import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { startTestDesk, type TestDesk } from '../support/desk';
import { TEST_TOKEN } from '../support/seed';

/** The desk's body limit here (the default is 32 MiB): a body over it costs a sixth of the bytes. */
const BODY_LIMIT = 1024 * 1024;

interface RawResponse {
  code: number;
  headers: string;
  body: any;
}

/**
 * Sends bytes as they are over a socket: what fetch would never send (no Host, an unknown
 * method, a `/..` path, 20 KB of headers, bytes that are no UTF-8).
 */
function rawRequest(port: number, head: string, body: Buffer = Buffer.alloc(0)): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body])));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [headers = '', payload = ''] = text.split('\r\n\r\n');
      const code = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]);
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        parsed = payload;
      }
      resolve({ code, headers, body: parsed });
    });
  });
}

/** Sends the head, waits for `100 Continue`, then sends the body: what curl does for larger uploads. */
function continueRequest(port: number, head: string, body: Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.from(head, 'latin1')));
    let text = '';
    let continued = false;
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (!continued && text.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
        continued = true;
        text = text.slice('HTTP/1.1 100 Continue\r\n\r\n'.length);
        socket.write(body);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (!continued) return reject(new Error(`no 100 Continue: ${text.slice(0, 200)}`));
      const [headers = '', payload = ''] = text.split('\r\n\r\n');
      resolve({ code: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]), headers, body: JSON.parse(payload) });
    });
  });
}

function assertApiError(res: RawResponse, code: number, status: string, what: string) {
  assert.equal(res.code, code, `${what}: ${res.headers.split('\r\n')[0]} ${JSON.stringify(res.body)}`);
  assert.match(res.headers, /content-type: application\/json/i, `${what}: JSON`);
  assert.equal(res.body.status, status, `${what}: status`);
  assert.equal(typeof res.body.error, 'string', `${what}: error says what`);
}

describe('bad input below the router: raw HTTP, with the desk UI served', () => {
  let desk: TestDesk;
  let uiDir: string;
  let port: number;
  let host: string;
  const auth = `Authorization: Bearer ${TEST_TOKEN}\r\n`;

  before(async () => {
    // A built UI makes the static file server answer every path the API does not: the case that matters.
    uiDir = mkdtempSync(join(tmpdir(), 'desk-ui-'));
    mkdirSync(join(uiDir, 'assets'));
    writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>desk</title>');
    // Bytes below JSON (a byte-order mark, broken UTF-8) that no document describes: the check is the tests' own here.
    desk = await startTestDesk({ deskOptions: { uiDir, bodyLimitBytes: BODY_LIMIT }, checkOpenApi: false });
    port = Number(new URL(desk.url).port);
    host = `127.0.0.1:${port}`;
  });
  after(async () => {
    await desk.dispose();
    rmSync(uiDir, { recursive: true, force: true });
  });

  test('paths the file server refuses (a NUL, ../ climbing, an over-long id) are 404 JSON, not 500', async () => {
    const paths = [
      '/%00',
      '/api/f1/sync/%00',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/../../etc/passwd',
      `/api/f1/sync/bookings/${'a'.repeat(4097)}`,
      '/assets/%00.js',
    ];
    for (const path of paths) {
      const res = await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${auth}Connection: close\r\n\r\n`);
      assertApiError(res, 404, 'not_found', `GET ${path.slice(0, 60)}`);
    }
  });

  test('a request without Host is 400 JSON saying so', async () => {
    const res = await rawRequest(port, `GET /api/f1/sync/products HTTP/1.1\r\n${auth}Connection: close\r\n\r\n`);
    assertApiError(res, 400, 'bad_request', 'no Host');
    assert.match(res.body.error, /Host header is required/);
  });

  test('a method the desk does not know is 501 JSON naming it, body or no body, whether Node or Fastify parses it', async () => {
    for (const method of ['FOO', 'QUERY', 'PROPFIND']) {
      for (const path of ['/api/f1/sync/products', '/api/desk/health', '/nope']) {
        const res = await rawRequest(
          port,
          `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\n${auth}Connection: close\r\n\r\n`,
        );
        assertApiError(res, 501, 'not_implemented', `${method} ${path}`);
        assert.equal(
          res.body.error,
          `the desk does not implement the HTTP method ${method}: it answers GET, HEAD, POST, PUT, PATCH and DELETE`,
        );
      }
    }
    const withBody = await rawRequest(
      port,
      `QUERY /api/f1/sync/bookings HTTP/1.1\r\nHost: ${host}\r\n${auth}Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    assertApiError(withBody, 501, 'not_implemented', 'QUERY with a body');
  });

  test("a known method on a path without it stays 404 (the method is HTTP's, the endpoint is missing)", async () => {
    for (const method of ['TRACE', 'PATCH']) {
      const res = await rawRequest(
        port,
        `${method} /api/desk/health HTTP/1.1\r\nHost: ${host}\r\n${auth}Connection: close\r\n\r\n`,
      );
      assertApiError(res, 404, 'not_found', method);
      assert.equal(res.body.error, `no such endpoint: ${method} /api/desk/health`);
    }
  });

  test('bytes of another protocol where a method belongs are still 400: no method to name', async () => {
    const res = await rawRequest(port, '\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03 junk\r\n\r\n');
    assertApiError(res, 400, 'bad_request', 'TLS hello');
  });

  test('CONNECT, to another host or to the desk itself, is answered 404 JSON like a path the desk lacks, then closed', async () => {
    for (const target of ['example.com:443', host]) {
      const res = await rawRequest(port, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n${auth}\r\n`);
      assertApiError(res, 404, 'not_found', `CONNECT ${target}`);
      assert.equal(res.body.error, `no such endpoint: CONNECT ${target}`);
      assert.match(res.headers, /connection: close/i);
    }
  });

  test('headers over 16 KiB are 431 JSON', async () => {
    const res = await rawRequest(
      port,
      `GET /api/f1/sync/products HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    assertApiError(res, 431, 'bad_request', 'big headers');
    assert.match(res.body.error, /headers are too large/);
  });

  test('a body that is no UTF-8 is 400 JSON and stores nothing (never U+FFFD in a name)', async () => {
    const body = Buffer.concat([
      Buffer.from('{"external_id":"UTF-BAD","name":"Ann '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    const res = await rawRequest(
      port,
      `POST /api/f1/sync/bookings HTTP/1.1\r\nHost: ${host}\r\n${auth}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      body,
    );
    assertApiError(res, 400, 'bad_request', 'bad UTF-8');
    assert.match(res.body.error, /not valid UTF-8/);
    assert.equal((await desk.sync('GET', '/bookings/UTF-BAD')).status, 404);
  });

  test('a compressed body is 415 JSON naming the encoding, and stores nothing', async () => {
    const body = gzipSync(JSON.stringify({ external_id: 'GZIP-1', name: 'Zip' }));
    const res = await rawRequest(
      port,
      `POST /api/f1/sync/bookings HTTP/1.1\r\nHost: ${host}\r\n${auth}Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      body,
    );
    assertApiError(res, 415, 'unsupported_media_type', 'gzip');
    assert.match(res.body.error, /gzip/);
    assert.equal((await desk.sync('GET', '/bookings/GZIP-1')).status, 404);
  });

  test('a UTF-8 body with a byte-order mark is read, and non-ASCII text is kept exactly', async () => {
    const res = await desk.sync(
      'POST',
      '/bookings',
      `\uFEFF${JSON.stringify({ external_id: 'BOM-1', name: 'Zoë Ørsted 日本' })}`,
    );
    assert.equal(res.status, 201, res.text);
    assert.equal((await desk.sync('GET', '/bookings/BOM-1')).body.name, 'Zoë Ørsted 日本');
  });

  test('two Host headers are 400 JSON, whichever comes first (a proxy and the desk could read different ones)', async () => {
    for (const hosts of [
      [host, 'evil.example'],
      ['evil.example', host],
      [host, host],
      [host, `localhost:${port}`],
    ]) {
      const head = hosts.map((h) => `Host: ${h}\r\n`).join('');
      const res = await rawRequest(
        port,
        `GET /api/f1/sync/products HTTP/1.1\r\n${head}${auth}Connection: close\r\n\r\n`,
      );
      assertApiError(res, 400, 'bad_request', hosts.join(' + '));
      assert.match(res.body.error, /more than one Host header/);
    }
    const write = await rawRequest(
      port,
      `DELETE /api/f1/sync/bookings/NO-PRODUCT HTTP/1.1\r\nHost: ${host}\r\nhost: evil.example\r\n${auth}Connection: close\r\n\r\n`,
    );
    assertApiError(write, 400, 'bad_request', 'DELETE with two Hosts');
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).status, 200, 'nothing was deleted');
  });

  test('an absolute-form request target naming another host is refused; naming this server it is served', async () => {
    for (const target of [
      'http://evil.example/api/f1/sync/bookings',
      `http://evil.example:${port}/api/f1/sync/products`,
      'http://127.0.0.2/api/f1/sync/products',
      'https://evil.example/',
      `ftp://${host}/api/f1/sync/products`,
    ]) {
      const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${auth}Connection: close\r\n\r\n`);
      assert.ok(
        [400, 403].includes(res.code),
        `${target}: ${res.headers.split('\r\n')[0]} ${JSON.stringify(res.body)}`,
      );
      assert.match(res.headers, /content-type: application\/json/i, target);
      assert.ok(['bad_request', 'forbidden'].includes(res.body.status), target);
      assert.match(res.body.error, /evil\.example|127\.0\.0\.2|ftp/, `${target}: the error names what is wrong`);
    }
    const deleted = await rawRequest(
      port,
      `DELETE http://evil.example/api/f1/sync/bookings/NO-PRODUCT HTTP/1.1\r\nHost: ${host}\r\n${auth}Connection: close\r\n\r\n`,
    );
    assert.equal(deleted.code, 403, JSON.stringify(deleted.body));
    assert.equal((await desk.sync('GET', '/bookings/NO-PRODUCT')).status, 200, 'nothing was deleted');
    const own = await rawRequest(
      port,
      `GET http://${host}/api/f1/sync/products HTTP/1.1\r\nHost: ${host}\r\n${auth}Connection: close\r\n\r\n`,
    );
    assert.equal(own.code, 200, JSON.stringify(own.body));
    assert.ok(Array.isArray(own.body.products), 'the products');
  });

  test('an Expect other than 100-continue is 417 JSON; 100-continue still works', async () => {
    for (const expect of ['bogus', '200-ok', 'continue']) {
      const res = await rawRequest(
        port,
        `GET /api/f1/sync/products HTTP/1.1\r\nHost: ${host}\r\n${auth}Expect: ${expect}\r\nConnection: close\r\n\r\n`,
      );
      assertApiError(res, 417, 'expectation_failed', `Expect: ${expect}`);
      assert.match(res.body.error, /Expect/);
    }
    const refusedWrite = JSON.stringify({ external_id: 'EXPECT-1', jump_on: '2026-06-20' });
    const res = await rawRequest(
      port,
      `POST /api/f1/sync/bookings HTTP/1.1\r\nHost: ${host}\r\n${auth}Expect: bogus\r\nContent-Type: application/json\r\nContent-Length: ${refusedWrite.length}\r\nConnection: close\r\n\r\n`,
      Buffer.from(refusedWrite),
    );
    assertApiError(res, 417, 'expectation_failed', 'POST with Expect: bogus');
    assert.equal((await desk.sync('GET', '/bookings/EXPECT-1')).status, 404, 'nothing was stored');

    const body = JSON.stringify({ external_id: 'EXPECT-2', jump_on: '2026-06-20' });
    const continued = await continueRequest(
      port,
      `POST /api/f1/sync/bookings HTTP/1.1\r\nHost: ${host}\r\n${auth}Expect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      Buffer.from(body),
    );
    assert.equal(continued.code, 201, JSON.stringify(continued.body));
    assert.equal(continued.body.external_id, 'EXPECT-2');
  });

  test('a client writing a body of 16× the limit before it reads gets the whole 413 JSON, not a reset', async () => {
    // More than loopback's socket buffers take in (about 4 MiB here): the client is still writing when
    // the 413 is decided. A body they hold whole (3 MiB) would pass with no drain at all.
    const body = Buffer.alloc(16 * BODY_LIMIT, 0x20);
    for (let i = 0; i < 5; i++) {
      const res = await rawRequest(
        port,
        `POST /api/f1/sync/bookings HTTP/1.1\r\nHost: ${host}\r\n${auth}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        body,
      );
      assertApiError(res, 413, 'content_too_large', `attempt ${i + 1}`);
      assert.match(res.body.error, /larger than the 1 MiB limit/);
    }
  });

  test('after all of this the server still answers', async () => {
    assert.equal((await desk.sync('GET', '/bookings')).status, 200);
    assert.equal((await desk.request('/')).status, 200);
  });
});
