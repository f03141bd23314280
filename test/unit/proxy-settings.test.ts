import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { credentialsFromEnv, viewCredentials } from '../../electron/proxy/credentials';
import { applyUpdate, effectiveConnection, type StoredConnection } from '../../electron/proxy/settings';
import { checkRemoteUrl } from '../../shared/remote-url';

const STORED: StoredConnection = {
  mode: 'local',
  remoteUrl: null,
  credentials: null,
  requestTimeoutMs: 30000,
  connectTimeoutMs: 5000,
  updatedAt: null,
};
const NOW = new Date('2026-06-15T10:00:00.000Z');

describe('remote URLs', () => {
  test('one spelling for what people type; clear refusals otherwise', () => {
    assert.deepEqual(checkRemoteUrl(' https://Sync.Example.com/ '), { ok: true, url: 'https://sync.example.com' });
    assert.deepEqual(checkRemoteUrl('http://127.0.0.1:8080/base//'), { ok: true, url: 'http://127.0.0.1:8080/base' });
    for (const [input, message] of [
      ['', /must not be empty/],
      ['sync.example.com', /absolute URL/],
      ['file:///etc/passwd', /http:\/\/ or https:\/\//],
      ['https://u:p@example.com', /user name or password/],
      ['https://example.com/#x', /query string or fragment/],
      ['https://example.com/api/f1/sync/', /without \/api\/f1\/sync .*https:\/\/example\.com$/],
    ] as const) {
      const checked = checkRemoteUrl(input);
      assert.equal(checked.ok, false, input);
      if (!checked.ok) assert.match(checked.error, message, input);
    }
  });
});

describe('connection settings: stored, overridden for a run, changed', () => {
  test("this run's overrides sit on top of the stored settings and are named", () => {
    const effective = effectiveConnection(STORED, {
      mode: 'proxy',
      remoteUrl: 'https://r.example',
      credentials: { kind: 'bearer', token: 't' },
    });
    assert.equal(effective.mode, 'proxy');
    assert.equal(effective.remoteUrl, 'https://r.example');
    assert.deepEqual(effective.overridden, ['mode', 'remote_url', 'credentials']);
  });

  test('a change replaces what it names and ends the override of the same setting; the rest is kept', () => {
    const overrides = {
      mode: 'proxy' as const,
      remoteUrl: 'https://flag.example',
      credentials: { kind: 'bearer' as const, token: 'env' },
    };
    const stored = { ...STORED, remoteUrl: 'https://stored.example' };
    const result = applyUpdate(stored, overrides, { request_timeout_ms: 1000 }, NOW);
    assert.ok(result.ok);
    assert.deepEqual(result.overrides, overrides, 'a timeout change leaves the flags in force');
    assert.equal(result.stored.requestTimeoutMs, 1000);
    assert.equal(result.stored.updatedAt, NOW.toISOString());

    const local = applyUpdate(stored, overrides, { mode: 'local' }, NOW);
    assert.ok(local.ok);
    assert.equal(
      effectiveConnection(local.stored, local.overrides).mode,
      'local',
      '--mode proxy no longer holds once Settings say local',
    );
    assert.deepEqual(local.overrides, {
      remoteUrl: 'https://flag.example',
      credentials: { kind: 'bearer', token: 'env' },
    });

    const none = applyUpdate(stored, overrides, { credentials: { kind: 'none' } }, NOW);
    assert.ok(none.ok);
    assert.equal(effectiveConnection(none.stored, none.overrides).credentials, null);
  });

  test('proxy mode needs a URL that will still be there after this run', () => {
    const noUrl = applyUpdate(STORED, {}, { mode: 'proxy' }, NOW);
    assert.equal(noUrl.ok, false);
    if (!noUrl.ok) assert.equal(noUrl.problem.field, 'remote_url');
    const flagUrlOnly = applyUpdate(STORED, { remoteUrl: 'https://flag.example' }, { mode: 'proxy' }, NOW);
    assert.equal(flagUrlOnly.ok, false);
    if (!flagUrlOnly.ok) assert.match(flagUrlOnly.problem.error, /for this run only; send remote_url too/);
    const forget = applyUpdate(
      { ...STORED, mode: 'proxy', remoteUrl: 'https://x.example' },
      {},
      { remote_url: null },
      NOW,
    );
    assert.equal(forget.ok, false);
    assert.ok(applyUpdate(STORED, {}, { mode: 'proxy', remote_url: 'https://x.example' }, NOW).ok);
  });

  test('credentials are shown by kind only; DESK_REMOTE_TOKEN gives a bearer token', () => {
    assert.deepEqual(viewCredentials({ kind: 'bearer', token: 'secret' }), { kind: 'bearer', set: true });
    assert.deepEqual(viewCredentials({ kind: 'header', name: 'X-Key', value: 'secret' }), {
      kind: 'header',
      name: 'X-Key',
      set: true,
    });
    assert.deepEqual(viewCredentials(null), { kind: 'none', set: false });
    assert.deepEqual(credentialsFromEnv({ DESK_REMOTE_TOKEN: ' abc ' }), { kind: 'bearer', token: 'abc' });
    assert.equal(credentialsFromEnv({}), undefined);
    assert.throws(() => credentialsFromEnv({ DESK_REMOTE_TOKEN: 'a b' }), /visible ASCII/);
  });
});
