import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { copyTimingFromEnv } from '../../electron/offline/copy-timing-env';
import { DEFAULT_COPY_TIMING } from '../../electron/offline/copy-refresher';
import type { ConnectionHealth } from '../../shared/schemas/health';
import type { CopyStatus } from '../../shared/schemas/session';
import { formatClockTime } from '../../renderer/src/lib/format';
import { copyAgeWords, remoteStatusWords } from '../../renderer/src/lib/remote-status-words';

// 13:02 and 13:01 UTC are 14:02 and 14:01 in Amsterdam (winter time), 02:02 the next day in Auckland.
const ZONE = 'Europe/Amsterdam';
const NOW = new Date('2026-11-27T13:10:00.000Z');
const COPY: CopyStatus = {
  as_of: '2026-11-27T13:01:00.000Z',
  from: '2026-11-13',
  to: '2026-12-11',
  failing_since: '2026-11-27T13:02:00.000Z',
  last_error: 'connect ECONNREFUSED',
};

function health(patch: Partial<ConnectionHealth>): ConnectionHealth {
  return {
    state: 'offline',
    cause: 'connection refused (127.0.0.1:4781)',
    result: 'refused',
    checked_at: '2026-11-27T13:09:58.000Z',
    since: '2026-11-27T13:02:00.000Z',
    next_check_at: null,
    catalogue_version: null,
    ...patch,
  };
}

describe('formatClockTime: the dropzone’s clock', () => {
  test('the time of day in the dropzone’s zone, the day added when it is not today there', () => {
    assert.equal(formatClockTime('2026-11-27T13:01:00.000Z', ZONE, NOW), '14:01');
    assert.equal(formatClockTime('2026-11-27T13:01:00.000Z', 'Pacific/Auckland', NOW), '02:01');
    assert.match(formatClockTime('2026-11-26T13:01:00.000Z', ZONE, NOW), /26.*14:01|14:01.*26/);
  });
});

describe('remoteStatusWords: the status bar in proxy mode', () => {
  test('online: the word, nothing beside it', () => {
    const words = remoteStatusWords(health({ state: 'online', result: 'ok', cause: null }), COPY, ZONE, NOW);
    assert.equal(words.label, 'Online');
    assert.equal(words.detail, null);
  });

  test('offline: the cause as the desk can tell it, since when, and how old the copy is', () => {
    const cases: [ConnectionHealth['result'], string][] = [
      ['refused', 'remote refused the connection'],
      ['reset', 'connection to the remote cut'],
      ['timeout', 'remote did not answer in time'],
      ['dns', 'venue network or DNS failing'],
      ['unreachable', 'venue network or DNS failing'],
    ];
    for (const [result, trouble] of cases) {
      const words = remoteStatusWords(health({ result }), COPY, ZONE, NOW);
      assert.equal(words.label, 'Offline', String(result));
      assert.equal(words.detail, `${trouble} since 14:02 (data as of 14:01)`);
      assert.match(words.tooltip, /keeps retrying/);
    }
  });

  test('a failing remote (5xx) and refused credentials are never called offline', () => {
    const failing = remoteStatusWords(health({ state: 'error', result: 'http_error' }), COPY, ZONE, NOW);
    assert.equal(failing.label, 'Remote failing');
    assert.equal(failing.detail, 'remote failing (server errors) since 14:02 (data as of 14:01)');
    const credentials = remoteStatusWords(health({ state: 'error', result: 'credentials_rejected' }), COPY, ZONE, NOW);
    assert.equal(credentials.label, 'Credentials refused');
    assert.equal(credentials.detail, 'since 14:02 · fix them in Settings');
    assert.doesNotMatch(`${credentials.label} ${credentials.detail} ${credentials.tooltip}`, /offline/i);
  });

  test('not the Sync API, or TLS: the error as before, the cause in the tooltip', () => {
    const words = remoteStatusWords(
      health({ state: 'error', result: 'not_sync_api', cause: 'HTTP 404 at /api/f1/sync/products' }),
      COPY,
      ZONE,
      NOW,
    );
    assert.equal(words.label, 'Error');
    assert.equal(words.detail, null);
    assert.match(words.tooltip, /HTTP 404 .* Fix the connection in Settings/);
  });

  test('no copy yet: says so instead of an age', () => {
    const words = remoteStatusWords(health({}), { ...COPY, as_of: null }, ZONE, NOW);
    assert.equal(words.detail, 'remote refused the connection since 14:02 (no copy yet)');
  });
});

describe('copyAgeWords: the Bookings screen’s note on the copy', () => {
  test('nothing in local mode, nor while the copy is two minutes old or less', () => {
    assert.equal(copyAgeWords(health({}), null, ZONE, NOW), null);
    const fresh = { ...COPY, as_of: new Date(NOW.getTime() - 120_000).toISOString() };
    assert.equal(copyAgeWords(health({}), fresh, ZONE, NOW), null);
  });

  test('older: why, and as of when, in the dropzone’s time', () => {
    assert.equal(
      copyAgeWords(health({}), COPY, ZONE, NOW),
      "Remote not answering — showing the desk's copy as of 14:01 (9 min ago)",
    );
    assert.equal(
      copyAgeWords(health({ state: 'online', result: 'ok' }), COPY, ZONE, NOW),
      "Copy not refreshed — showing the desk's copy as of 14:01 (9 min ago)",
    );
    const later = new Date(NOW.getTime() + 2 * 3_600_000);
    assert.match(copyAgeWords(health({}), COPY, ZONE, later)!, /\(2 h 9 min ago\)$/);
  });

  test('no copy yet', () => {
    assert.equal(
      copyAgeWords(health({}), { ...COPY, as_of: null }, ZONE, NOW),
      'Remote not answering — the desk has no copy of its bookings yet',
    );
  });
});

describe('copyTimingFromEnv: DESK_COPY_TODAY_MS, for tests', () => {
  test('unset: the defaults', () => {
    assert.equal(copyTimingFromEnv({}), undefined);
  });

  test('set: today as given, every other interval in proportion', () => {
    const timing = copyTimingFromEnv({ DESK_COPY_TODAY_MS: '2000' })!;
    assert.equal(timing.todayMs, 2000);
    const scale = 2000 / DEFAULT_COPY_TIMING.todayMs;
    for (const [key, ms] of Object.entries(DEFAULT_COPY_TIMING))
      assert.equal(timing[key as keyof typeof timing], Math.max(1, Math.round(ms * scale)), key);
  });

  test('not a number of milliseconds: refused with the variable’s name', () => {
    for (const raw of ['soon', '1.5', '50', '-2000'])
      assert.throws(() => copyTimingFromEnv({ DESK_COPY_TODAY_MS: raw }), /DESK_COPY_TODAY_MS/);
  });
});
