import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HealthMonitor, nextCheckDelay, healthStateOf, type HealthTiming } from '../../electron/proxy/health';
import type { ProbeReport } from '../../electron/proxy/probe';
import { classifyFailure, ResponseTooLargeError } from '../../electron/proxy/transport-errors';

const TIMING: HealthTiming = { okIntervalMs: 30_000, backoffStartMs: 2_000, backoffMaxMs: 60_000 };
const report = (ok: boolean, result: ProbeReport['result'], message = ''): ProbeReport => ({
  ok, result, message, testedUrl: 'http://r/api/f1/sync/products', httpStatus: null, durationMs: 1, catalogueVersion: ok ? 'v1' : null, productCount: null,
});
const waitFor = async (done: () => boolean) => {
  const deadline = Date.now() + 2_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('health of the remote', () => {
  test('backoff: 2 s, 4 s, 8 s… capped at 60 s; every 30 s while it answers', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 40].map((n) => nextCheckDelay(n, TIMING)), [2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    assert.equal(nextCheckDelay(0, TIMING), 30_000);
  });

  test('offline when nothing answers, error when something answers wrongly', () => {
    assert.equal(healthStateOf('ok'), 'online');
    for (const r of ['dns', 'refused', 'reset', 'unreachable', 'timeout'] as const) assert.equal(healthStateOf(r), 'offline');
    for (const r of ['tls', 'credentials_rejected', 'not_sync_api', 'http_error'] as const) assert.equal(healthStateOf(r), 'error');
  });

  test('checks at once, backs off while failing, recovers, and stops cleanly', async () => {
    const answers = [report(false, 'refused', 'connection refused (x)'), report(false, 'refused', 'connection refused (x)'), report(true, 'ok')];
    let calls = 0;
    const monitor = new HealthMonitor(async () => answers[Math.min(calls++, answers.length - 1)]!, { okIntervalMs: 10_000, backoffStartMs: 10, backoffMaxMs: 20 });
    assert.equal(monitor.view().state, 'unknown');
    monitor.start();
    await waitFor(() => monitor.view().state === 'offline');
    assert.equal(monitor.view().cause, 'connection refused (x)');
    await waitFor(() => monitor.view().state === 'online');
    assert.equal(calls, 3);
    assert.equal(monitor.view().catalogue_version, 'v1');
    assert.equal(monitor.view().cause, null);
    monitor.observe('refused', 'connection refused (y)');
    assert.equal(monitor.view().state, 'offline', 'a failed call shows at once');
    monitor.stop();
    assert.deepEqual(monitor.view(), { state: 'unknown', cause: 'local mode: no remote to check', result: null, checked_at: null, next_check_at: null, catalogue_version: null });
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(calls, after, 'no checks after stop');
  });
});

describe('what went wrong, in words', () => {
  const ctx = { host: 'sync.example.com', port: '443', connectTimeoutMs: 5000, requestTimeoutMs: 3000, timedOut: false };
  const err = (props: object) => Object.assign(new Error((props as { message?: string }).message ?? 'x'), props);

  test('each cause gets its status and a message that says what failed', () => {
    const cases: [unknown, string, string, string][] = [
      [err({ code: 'ECONNREFUSED', address: '127.0.0.1', port: 1234 }), 'refused', 'remote_unreachable', 'remote unreachable: connection refused (127.0.0.1:1234)'],
      [new AggregateError([err({ code: 'ECONNREFUSED', address: '::1', port: 443 })]), 'refused', 'remote_unreachable', 'remote unreachable: connection refused (::1:443)'],
      [err({ code: 'ENOTFOUND' }), 'dns', 'remote_unreachable', 'remote unreachable: DNS lookup failed: sync.example.com does not resolve (ENOTFOUND)'],
      [err({ code: 'ECONNRESET' }), 'reset', 'remote_unreachable', 'remote unreachable: connection closed by the remote before it answered (sync.example.com:443)'],
      [err({ code: 'CERT_HAS_EXPIRED', message: 'certificate has expired' }), 'tls', 'remote_unreachable', 'remote unreachable: TLS error with sync.example.com:443: certificate has expired (CERT_HAS_EXPIRED); is it really https, with a valid certificate?'],
      [err({ code: 'UND_ERR_CONNECT_TIMEOUT' }), 'timeout', 'remote_timeout', 'remote did not accept a connection within 5000 ms'],
      [err({ code: 'UND_ERR_HEADERS_TIMEOUT' }), 'timeout', 'remote_timeout', 'remote did not answer within 3000 ms'],
      [new ResponseTooLargeError(64 * 1024 * 1024), 'bad_response', 'remote_bad_response', "remote answer not passed on: the remote's answer is larger than the 64 MiB the desk passes on"],
      [err({ name: 'HTTPParserError', message: 'Expected HTTP/' }), 'bad_response', 'remote_bad_response', "remote answer not passed on: the remote's answer is not valid HTTP (Expected HTTP/)"],
      [err({ code: 'EHOSTUNREACH' }), 'unreachable', 'remote_unreachable', 'remote unreachable: no route to sync.example.com:443 (EHOSTUNREACH)'],
    ];
    for (const [error, kind, status, message] of cases) {
      const failure = classifyFailure(error, ctx);
      assert.deepEqual([failure.kind, failure.status, failure.error], [kind, status, message]);
    }
    assert.equal(classifyFailure(err({ code: 'UND_ERR_ABORTED' }), { ...ctx, timedOut: true }).error, 'remote did not answer within 3000 ms');
  });
});
