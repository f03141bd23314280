import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { HealthMonitor, nextCheckDelay, healthStateOf, type HealthTiming } from '../../electron/proxy/health';
import type { ProbeReport } from '../../electron/proxy/probe';
import { classifyFailure, ResponseTooLargeError } from '../../electron/proxy/transport-errors';

const TIMING: HealthTiming = { okIntervalMs: 30_000, backoffStartMs: 2_000, backoffMaxMs: 60_000 };
const report = (ok: boolean, result: ProbeReport['result'], message = ''): ProbeReport => ({
  ok,
  result,
  message,
  testedUrl: 'http://r/api/f1/sync/products',
  httpStatus: null,
  durationMs: 1,
  catalogueVersion: ok ? 'v1' : null,
  productCount: null,
});
/** The monitor's probe is a promise: lets the check it started finish after a timer fired. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('health of the remote', () => {
  test('backoff: 2 s, 4 s, 8 s… capped at 60 s; every 30 s while it answers', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 40].map((n) => nextCheckDelay(n, TIMING)),
      [2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000],
    );
    assert.equal(nextCheckDelay(0, TIMING), 30_000);
  });

  test('offline when nothing answers, error when something answers wrongly', () => {
    assert.equal(healthStateOf('ok'), 'online');
    for (const r of ['dns', 'refused', 'reset', 'unreachable', 'timeout'] as const)
      assert.equal(healthStateOf(r), 'offline');
    for (const r of ['tls', 'credentials_rejected', 'not_sync_api', 'http_error'] as const)
      assert.equal(healthStateOf(r), 'error');
  });

  test('checks at once, backs off while failing, recovers, and stops cleanly', async (t) => {
    // The timers and the monitor's clock on one mocked time: each step happens when the test says.
    const start = Date.parse('2026-06-15T10:00:00.000Z');
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: start });
    const at = (ms: number) => new Date(start + ms).toISOString();
    const answers = [
      report(false, 'refused', 'connection refused (x)'),
      report(false, 'refused', 'connection refused (x)'),
      report(true, 'ok'),
    ];
    let calls = 0;
    const monitor = new HealthMonitor(
      async () => answers[Math.min(calls++, answers.length - 1)]!,
      { okIntervalMs: 10_000, backoffStartMs: 10, backoffMaxMs: 20 },
      () => new Date(),
    );
    assert.equal(monitor.view().state, 'unknown');
    monitor.start();
    assert.equal(monitor.view().next_check_at, at(0), 'the first check at once');

    t.mock.timers.tick(0);
    await settle();
    assert.deepEqual(
      [calls, monitor.view().state, monitor.view().cause, monitor.view().checked_at, monitor.view().next_check_at],
      [1, 'offline', 'connection refused (x)', at(0), at(10)],
    );
    t.mock.timers.tick(9);
    await settle();
    assert.equal(calls, 1, 'no check before the backoff is over');
    t.mock.timers.tick(1);
    await settle();
    assert.deepEqual(
      [calls, monitor.view().state, monitor.view().next_check_at],
      [2, 'offline', at(30)],
      'the backoff doubles (20 ms)',
    );
    t.mock.timers.tick(20);
    await settle();
    assert.deepEqual(
      [
        calls,
        monitor.view().state,
        monitor.view().cause,
        monitor.view().catalogue_version,
        monitor.view().next_check_at,
      ],
      [3, 'online', null, 'v1', at(10_030)],
    );

    monitor.observe('refused', 'connection refused (y)');
    assert.deepEqual(
      [monitor.view().state, monitor.view().next_check_at],
      ['offline', at(40)],
      'a failed call shows at once, and a check follows soon',
    );
    monitor.stop();
    assert.deepEqual(monitor.view(), {
      state: 'unknown',
      cause: 'local mode: no remote to check',
      result: null,
      checked_at: null,
      since: null,
      next_check_at: null,
      catalogue_version: null,
    });
    t.mock.timers.tick(60_000);
    await settle();
    assert.equal(calls, 3, 'no checks after stop');
  });

  test('a return to online after no answer is told once, whether a check or a call saw it; not at the first answer, not after an error', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const answers = [report(true, 'ok'), report(false, 'refused', 'refused'), report(true, 'ok')];
    let calls = 0;
    const monitor = new HealthMonitor(async () => answers[Math.min(calls++, answers.length - 1)]!, {
      okIntervalMs: 10_000,
      backoffStartMs: 10,
      backoffMaxMs: 20,
    });
    let told = 0;
    const stopListening = monitor.onAnsweringAgain(() => told++);
    monitor.start();
    t.mock.timers.tick(0);
    await settle();
    assert.equal(told, 0, 'online from "not checked yet" is no return');
    monitor.observe('ok', null);
    assert.equal(told, 0, 'online while online is no news');

    monitor.observe('timeout', 'no answer');
    monitor.observe('ok', null);
    assert.equal(told, 1, 'a call that answers after one that did not');

    monitor.observe('http_error', 'HTTP 503');
    monitor.observe('ok', null);
    assert.equal(told, 1, 'an error is an answer (its Retry-After stands): error then online is not told');

    monitor.observe('credentials_rejected', 'HTTP 401');
    assert.equal(monitor.view().state, 'error');
    t.mock.timers.tick(10);
    await settle();
    assert.deepEqual([calls, monitor.view().state], [2, 'offline'], 'the check after it: refused');
    t.mock.timers.tick(20);
    await settle();
    assert.deepEqual([calls, monitor.view().state, told], [3, 'online', 2], 'a check that answers after a failure');

    stopListening();
    monitor.observe('refused', 'refused');
    monitor.observe('ok', null);
    assert.equal(told, 2, 'nothing after the listener left');
    monitor.stop();
  });
});

describe('what went wrong, in words', () => {
  const ctx = {
    host: 'sync.example.com',
    port: '443',
    connectTimeoutMs: 5000,
    requestTimeoutMs: 3000,
    timedOut: false,
  };
  const err = (props: object) => Object.assign(new Error((props as { message?: string }).message ?? 'x'), props);

  test('each cause gets its status and a message that says what failed', () => {
    const cases: [unknown, string, string, string][] = [
      [
        err({ code: 'ECONNREFUSED', address: '127.0.0.1', port: 1234 }),
        'refused',
        'remote_unreachable',
        'remote unreachable: connection refused (127.0.0.1:1234)',
      ],
      [
        new AggregateError([err({ code: 'ECONNREFUSED', address: '::1', port: 443 })]),
        'refused',
        'remote_unreachable',
        'remote unreachable: connection refused (::1:443)',
      ],
      [
        err({ code: 'ENOTFOUND' }),
        'dns',
        'remote_unreachable',
        'remote unreachable: DNS lookup failed: sync.example.com does not resolve (ENOTFOUND)',
      ],
      [
        err({ code: 'ECONNRESET' }),
        'reset',
        'remote_unreachable',
        'remote unreachable: connection closed by the remote before it answered (sync.example.com:443)',
      ],
      [
        err({ code: 'CERT_HAS_EXPIRED', message: 'certificate has expired' }),
        'tls',
        'remote_unreachable',
        'remote unreachable: TLS error with sync.example.com:443: certificate has expired (CERT_HAS_EXPIRED); is it really https, with a valid certificate?',
      ],
      [
        err({ code: 'UND_ERR_CONNECT_TIMEOUT' }),
        'timeout',
        'remote_timeout',
        'remote did not accept a connection within 5000 ms',
      ],
      [err({ code: 'UND_ERR_HEADERS_TIMEOUT' }), 'timeout', 'remote_timeout', 'remote did not answer within 3000 ms'],
      [
        new ResponseTooLargeError(64 * 1024 * 1024),
        'bad_response',
        'remote_bad_response',
        "remote answer not passed on: the remote's answer is larger than the 64 MiB the desk passes on",
      ],
      [
        err({ name: 'HTTPParserError', message: 'Expected HTTP/' }),
        'bad_response',
        'remote_bad_response',
        "remote answer not passed on: the remote's answer is not valid HTTP (Expected HTTP/)",
      ],
      [
        err({ code: 'EHOSTUNREACH' }),
        'unreachable',
        'remote_unreachable',
        'remote unreachable: no route to sync.example.com:443 (EHOSTUNREACH)',
      ],
      [
        err({ code: 'UND_ERR_DESTROYED' }),
        'unreachable',
        'remote_unreachable',
        'remote unreachable: the desk is closing: the call to the remote was cut short (the remote may have received it)',
      ],
    ];
    for (const [error, kind, status, message] of cases) {
      const failure = classifyFailure(error, ctx);
      assert.deepEqual([failure.kind, failure.status, failure.error], [kind, status, message]);
    }
    assert.equal(
      classifyFailure(err({ code: 'UND_ERR_ABORTED' }), { ...ctx, timedOut: true }).error,
      'remote did not answer within 3000 ms',
    );
  });
});
