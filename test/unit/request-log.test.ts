import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { FileSecretStore } from '../../electron/proxy/secret-store';
import { RequestLog, toDetail, type NewCall } from '../../electron/server/request-log';

const call = (over: Partial<NewCall> = {}): NewCall => ({
  time: '2026-06-15T10:00:00.000Z', method: 'GET', path: '/api/f1/sync/bookings', mode: 'local', caller: 'token', callerLabel: 'booking system', forwarded: false, httpStatus: 200, status: null,
  durationMs: 1, requestBytes: 0, responseBytes: 10, contractChecked: false, deviations: [], deviationCount: 0, upstreamUrl: null, remoteError: null,
  details: { deskUrl: 'http://127.0.0.1:1/api/f1/sync/bookings', request: { headers: {}, body: null, bodyNote: null }, response: { headers: {}, body: '{}', bodyNote: null }, upstreamHeaders: null },
  ...over,
});

describe('the request log', () => {
  test('keeps the last N summaries and the last M with details; ids go on rising', () => {
    const log = new RequestLog({ maxEntries: 5, maxDetailed: 2 });
    for (let i = 0; i < 8; i++) log.add(call({ httpStatus: 200 + i }));
    assert.equal(log.size, 5);
    assert.equal(log.get(3), undefined, 'dropped');
    assert.equal(log.get(4)?.httpStatus, 203);
    assert.equal(log.get(6)?.details, null, 'summary only');
    assert.notEqual(log.get(7)?.details, null);
    assert.notEqual(log.get(8)?.details, null);
    assert.equal(log.get(9), undefined);
    assert.equal(toDetail(log.get(6)!).request, null);
    assert.match(toDetail(log.get(6)!).curl, /^curl /);
  });

  test('counts deviating responses even after their entries are gone', () => {
    const log = new RequestLog({ maxEntries: 2, maxDetailed: 1 });
    log.add(call({ deviationCount: 3, deviations: [{ field: 'x', expected: 'y' }] }));
    log.add(call());
    log.add(call());
    log.add(call({ deviationCount: 1 }));
    assert.equal(log.deviationCount, 2);
  });

  test('pages newest first with a cursor, and polls for newer calls with after', () => {
    const log = new RequestLog();
    for (let i = 0; i < 10; i++) log.add(call({ method: i % 2 ? 'POST' : 'GET' }));
    const first = log.query({ limit: '3', method: 'post' });
    assert.deepEqual(first.entries.map((e) => e.id), [10, 8, 6]);
    assert.equal(first.nextCursor, 6);
    const second = log.query({ limit: '3', method: 'post', cursor: '6' });
    assert.deepEqual(second.entries.map((e) => e.id), [4, 2]);
    assert.equal(second.nextCursor, null);
    assert.deepEqual(log.query({ after: '8' }).entries.map((e) => e.id), [10, 9]);
  });

  test("filters by caller, and leaves the desk's own calls out on request", () => {
    const log = new RequestLog();
    log.add(call({ caller: 'desk', callerLabel: null }));
    log.add(call({ caller: 'token', callerLabel: 'Booking system' }));
    log.add(call({ caller: 'invalid', callerLabel: null }));
    log.add(call({ caller: 'none', callerLabel: null }));
    assert.deepEqual(log.query({ exclude_desk: 'true' }).entries.map((e) => e.id), [4, 3, 2]);
    assert.deepEqual(log.query({ exclude_desk: 'false' }).entries.map((e) => e.id), [4, 3, 2, 1]);
    assert.deepEqual(log.query({ caller: 'desk' }).entries.map((e) => e.id), [1]);
    assert.deepEqual(log.query({ caller: 'token', exclude_desk: '1' }).entries.map((e) => e.id), [2]);
  });
});

describe('the secret file', { skip: process.platform === 'win32' && 'POSIX file modes' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-secrets-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('written 0600 whatever the umask, replaced whole, removed when cleared', () => {
    const store = new FileSecretStore(join(dir, 'secret.json'));
    assert.equal(store.read(), null);
    const umask = process.umask(0o000);
    try {
      store.write('{"kind":"bearer","token":"a"}');
    } finally {
      process.umask(umask);
    }
    assert.equal(statSync(store.file).mode & 0o777, 0o600);
    store.write('{"kind":"bearer","token":"b"}');
    assert.equal(readFileSync(store.file, 'utf8'), '{"kind":"bearer","token":"b"}');
    assert.equal(statSync(store.file).mode & 0o777, 0o600);
    store.write(null);
    assert.equal(store.read(), null);
  });

  test('a file others can read is tightened on open; a symlink is refused', () => {
    const file = join(dir, 'loose.json');
    writeFileSync(file, 'x');
    chmodSync(file, 0o640);
    const store = new FileSecretStore(file);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.match(store.notice ?? '', /mode 0640\); tightened to 0600/);
    assert.equal(new FileSecretStore(file).notice, null, 'nothing to say the second time');
    symlinkSync(file, join(dir, 'link.json'));
    assert.throws(() => new FileSecretStore(join(dir, 'link.json')), /not a regular file/);
  });
});
