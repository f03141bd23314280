import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';

// The proxy tests of the copy and the outbox stand on this harness: each mode must be what it says.
let processed = 0;
const upstream = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    processed += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'ok', path: req.url }));
  });
});
let proxy: FaultProxy;

before(async () => {
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  proxy = await startFaultProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});
after(async () => {
  await proxy.close();
  upstream.close();
});

/** One request on a connection of its own (no pooled socket left over from an earlier mode). */
function call(
  timeoutMs = 2_000,
): Promise<{ status?: number; retryAfter?: string | null; body?: unknown; error?: string }> {
  return new Promise((resolve) => {
    const req = request(
      `${proxy.url}/api/f1/sync/products`,
      { method: 'POST', agent: false, timeout: timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            retryAfter: res.headers['retry-after'] ?? null,
            body: JSON.parse(Buffer.concat(chunks).toString()),
          }),
        );
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve({ error: 'timeout' });
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? String(error) }));
    req.end('{}');
  });
}

test('pass forwards; status answers itself with Retry-After and the remote never sees it', async () => {
  const before = processed;
  assert.deepEqual(await call(), {
    status: 200,
    retryAfter: null,
    body: { status: 'ok', path: '/api/f1/sync/products' },
  });
  await proxy.set({ kind: 'status', status: 503, retryAfterSeconds: 7 });
  const failing = await call();
  assert.equal(failing.status, 503);
  assert.equal(failing.retryAfter, '7');
  assert.equal(processed, before + 1);
  await proxy.set({ kind: 'pass' });
});

test('refuse closes the port and pass reopens the same one', async () => {
  await proxy.set({ kind: 'refuse' });
  assert.deepEqual(await call(), { error: 'ECONNREFUSED' });
  await proxy.set({ kind: 'pass' });
  assert.equal((await call()).status, 200);
});

test('hang holds the request unanswered; reset drops it before the remote; reset-after drops the answer after', async () => {
  await proxy.set({ kind: 'hang' });
  assert.deepEqual(await call(300), { error: 'timeout' });

  const before = processed;
  await proxy.set({ kind: 'reset' });
  assert.equal((await call()).error, 'ECONNRESET');
  assert.equal(processed, before, 'a reset on arrival never reaches the remote');

  await proxy.set({ kind: 'reset-after' });
  assert.equal((await call()).error, 'ECONNRESET');
  assert.equal(processed, before + 1, 'the remote processed the request whose answer was lost');
  await proxy.set({ kind: 'pass' });
});

test('slow delays each request by the given time', async () => {
  await proxy.set({ kind: 'slow', delayMs: 300 });
  const started = Date.now();
  assert.equal((await call()).status, 200);
  assert.ok(Date.now() - started >= 290);
  await proxy.set({ kind: 'pass' });
});
