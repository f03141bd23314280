import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ConnectionView } from '../../shared/schemas/connection';
import {
  formErrorsOf,
  formValuesOf,
  saveRequest,
  testRequest,
} from '../../renderer/src/features/settings/connection/connection-form';

const LOCAL: ConnectionView = {
  mode: 'local',
  remote_url: null,
  api_base: null,
  credentials: { kind: 'none', set: false },
  request_timeout_ms: 30_000,
  connect_timeout_ms: 5_000,
  overridden: [],
  secret_store: 'file',
  updated_at: null,
  health: {
    state: 'unknown',
    cause: null,
    result: null,
    checked_at: null,
    since: null,
    next_check_at: null,
    catalogue_version: null,
  },
};
const PROXY_WITH_TOKEN: ConnectionView = {
  ...LOCAL,
  mode: 'proxy',
  remote_url: 'https://sync.example.com',
  credentials: { kind: 'bearer', set: true },
};

test('saving proxy mode without a URL or a header name names both fields at once', () => {
  const values = { ...formValuesOf(LOCAL), mode: 'proxy' as const, credKind: 'header' as const };
  assert.deepEqual(Object.keys(saveRequest(values, LOCAL).errors ?? {}).sort(), ['headerName', 'remoteUrl']);
});

test('a blank secret keeps the stored one: nothing about credentials is sent', () => {
  const checked = saveRequest(formValuesOf(PROXY_WITH_TOKEN), PROXY_WITH_TOKEN);
  assert.deepEqual(checked.body, { mode: 'proxy', remote_url: 'https://sync.example.com' });
});

test('a new token, a cleared URL and a changed timeout are sent; an unchanged timeout is not', () => {
  const values = {
    ...formValuesOf(PROXY_WITH_TOKEN),
    mode: 'local' as const,
    remoteUrl: ' ',
    token: ' t0k ',
    timeoutMs: 9_000,
  };
  assert.deepEqual(saveRequest(values, PROXY_WITH_TOKEN).body, {
    mode: 'local',
    remote_url: null,
    credentials: { kind: 'bearer', token: 't0k' },
    request_timeout_ms: 9_000,
  });
});

test('local mode saves without credentials being checked', () => {
  assert.deepEqual(saveRequest(formValuesOf(LOCAL), LOCAL).body, { mode: 'local' });
});

test('a test needs a URL (typed or stored) and complete credentials, whatever the mode', () => {
  assert.deepEqual(testRequest(formValuesOf(LOCAL), LOCAL).errors, {
    remoteUrl: 'Enter the remote server’s base URL to test',
  });
  const bearer = { ...formValuesOf(LOCAL), remoteUrl: 'http://127.0.0.1:9', credKind: 'bearer' as const };
  assert.deepEqual(testRequest(bearer, LOCAL).errors, { token: 'Enter the bearer token the remote expects' });
  assert.deepEqual(testRequest({ ...formValuesOf(PROXY_WITH_TOKEN), remoteUrl: '' }, PROXY_WITH_TOKEN).body, {
    request_timeout_ms: 30_000,
  });
});

test('the server’s field keys land on the form’s fields; unknown ones above the form', () => {
  assert.deepEqual(
    formErrorsOf({
      remote_url: 'must be http(s)',
      'credentials.token': 'too short',
      'credentials.kind': 'bad',
      other: 'x',
      also: 'y',
    }),
    {
      remoteUrl: 'must be http(s)',
      token: 'too short',
      credentials: 'bad',
      form: 'x; y',
    },
  );
});
