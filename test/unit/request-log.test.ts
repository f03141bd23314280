import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { FileSecretStore } from '../../electron/common/secret-store';
import { dropQueryValues } from '../../electron/server/log/redact';
import { RequestLog, toDetail, type NewCall } from '../../electron/server/log/request-log';

const call = (over: Partial<NewCall> = {}): NewCall => ({
  time: '2026-06-15T10:00:00.000Z',
  method: 'GET',
  path: '/api/f1/sync/bookings',
  mode: 'local',
  caller: 'token',
  callerLabel: 'booking system',
  dropzoneId: 1,
  forwarded: false,
  httpStatus: 200,
  status: null,
  durationMs: 1,
  requestBytes: 0,
  responseBytes: 10,
  contractChecked: false,
  deviations: [],
  deviationCount: 0,
  upstreamUrl: null,
  remoteError: null,
  details: {
    deskUrl: 'http://127.0.0.1:1/api/f1/sync/bookings',
    request: { headers: {}, body: null, bodyNote: null },
    response: { headers: {}, body: '{}', bodyNote: null },
    upstreamHeaders: null,
  },
  ...over,
});

describe('the request log', () => {
  test('keeps the last N summaries and the last M with details; ids go on rising', () => {
    const log = new RequestLog({ maxEntries: 5, maxDetailed: 2 });
    for (let i = 0; i < 8; i++) log.add(call({ httpStatus: 200 + i }));
    const seen = log.seenBy(1);
    assert.equal(seen.size, 5);
    assert.equal(seen.get(3), undefined, 'dropped');
    assert.equal(seen.get(4)?.httpStatus, 203);
    assert.equal(seen.get(6)?.details, null, 'summary only');
    assert.notEqual(seen.get(7)?.details, null);
    assert.notEqual(seen.get(8)?.details, null);
    assert.equal(seen.get(9), undefined);
    assert.equal(toDetail(seen.get(6)!).request, null);
    assert.match(toDetail(seen.get(6)!).curl, /^curl /);
  });

  test('counts deviating responses even after their entries are gone', () => {
    const log = new RequestLog({ maxEntries: 2, maxDetailed: 1 });
    log.add(call({ deviationCount: 3, deviations: [{ field: 'x', expected: 'y' }] }));
    log.add(call());
    log.add(call());
    log.add(call({ deviationCount: 1 }));
    assert.equal(log.seenBy(1).deviationCount, 2);
    assert.equal(log.seenBy(2).deviationCount, 0, "another dropzone's deviations are not counted");
  });

  test('pages newest first with a cursor, and polls for newer calls with after', () => {
    const log = new RequestLog();
    for (let i = 0; i < 10; i++) log.add(call({ method: i % 2 ? 'POST' : 'GET' }));
    const first = log.seenBy(1).query({ limit: '3', method: 'post' });
    assert.deepEqual(
      first.entries.map((e) => e.id),
      [10, 8, 6],
    );
    assert.equal(first.nextCursor, 6);
    const second = log.seenBy(1).query({ limit: '3', method: 'post', cursor: '6' });
    assert.deepEqual(
      second.entries.map((e) => e.id),
      [4, 2],
    );
    assert.equal(second.nextCursor, null);
    assert.deepEqual(
      log
        .seenBy(1)
        .query({ after: '8' })
        .entries.map((e) => e.id),
      [10, 9],
    );
  });

  test("filters by caller, and leaves the desk's own calls out on request", () => {
    const log = new RequestLog();
    log.add(call({ caller: 'desk', callerLabel: null }));
    log.add(call({ caller: 'token', callerLabel: 'Booking system' }));
    log.add(call({ caller: 'invalid', callerLabel: null }));
    log.add(call({ caller: 'none', callerLabel: null }));
    assert.deepEqual(
      log
        .seenBy(1)
        .query({ exclude_desk: 'true' })
        .entries.map((e) => e.id),
      [4, 3, 2],
    );
    assert.deepEqual(
      log
        .seenBy(1)
        .query({ exclude_desk: 'false' })
        .entries.map((e) => e.id),
      [4, 3, 2, 1],
    );
    assert.deepEqual(
      log
        .seenBy(1)
        .query({ caller: 'desk' })
        .entries.map((e) => e.id),
      [1],
    );
    assert.deepEqual(
      log
        .seenBy(1)
        .query({ caller: 'token', exclude_desk: '1' })
        .entries.map((e) => e.id),
      [2],
    );
  });
});

describe('the request log, per dropzone', () => {
  /** Dropzone 1's, dropzone 2's and credential-less calls, interleaved: ids 1–12. */
  const mixed = (limits?: { maxEntries: number; maxDetailed: number }) => {
    const log = new RequestLog(limits);
    const owners = [1, 2, null, 1, 1, 2, null, 2, 1, null, 2, 1];
    for (const dropzoneId of owners)
      log.add(call(dropzoneId === null ? { dropzoneId, caller: 'invalid', callerLabel: null } : { dropzoneId }));
    return log;
  };

  test("each desk sees its dropzone's calls and the credential-less ones, never another dropzone's", () => {
    const log = mixed();
    assert.deepEqual(
      log
        .seenBy(1)
        .query({})
        .entries.map((e) => e.id),
      [12, 10, 9, 7, 5, 4, 3, 1],
    );
    assert.deepEqual(
      log
        .seenBy(2)
        .query({})
        .entries.map((e) => e.id),
      [11, 10, 8, 7, 6, 3, 2],
    );
    assert.deepEqual(
      log
        .seenBy(3)
        .query({})
        .entries.map((e) => e.id),
      [10, 7, 3],
      'a dropzone without calls sees only the credential-less ones',
    );
    assert.equal(log.seenBy(1).size, 8);
    assert.equal(log.seenBy(2).size, 7);
    assert.equal(log.seenBy(1).get(2), undefined, "dropzone 2's call");
    assert.equal(log.seenBy(1).get(3)?.id, 3);
    assert.equal(log.seenBy(2).get(12), undefined);
  });

  test('pages and polls over the merged calls: no entry twice, none skipped', () => {
    const seen = mixed().seenBy(2);
    const pages: number[][] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = seen.query({ limit: '2', ...(cursor === undefined ? {} : { cursor }) });
      pages.push(page.entries.map((e) => e.id));
      if (page.nextCursor === null) break;
      cursor = String(page.nextCursor);
    }
    assert.deepEqual(pages, [[11, 10], [8, 7], [6, 3], [2]]);
    assert.deepEqual(
      seen.query({ after: '7' }).entries.map((e) => e.id),
      [11, 10, 8],
    );
    assert.deepEqual(
      seen.query({ cursor: '9', after: '2' }).entries.map((e) => e.id),
      [8, 7, 6, 3],
    );
    assert.deepEqual(
      seen.query({ caller: 'invalid', limit: '1', cursor: '10' }).entries.map((e) => e.id),
      [7],
    );
  });

  test("the bounds hold per dropzone: a busy one does not push out another's calls", () => {
    const log = new RequestLog({ maxEntries: 3, maxDetailed: 1 });
    log.add(call({ dropzoneId: 2 }));
    log.add(call({ dropzoneId: null, caller: 'none', callerLabel: null }));
    for (let i = 0; i < 10; i++) log.add(call({ dropzoneId: 1 }));
    for (let i = 0; i < 10; i++) log.add(call({ dropzoneId: null, caller: 'none', callerLabel: null }));
    assert.deepEqual(
      log
        .seenBy(2)
        .query({})
        .entries.map((e) => e.id),
      [22, 21, 20, 1],
    );
    assert.notEqual(log.seenBy(2).get(1)?.details, null, "dropzone 2's one call keeps its details");
    assert.deepEqual(
      log
        .seenBy(1)
        .query({})
        .entries.map((e) => e.id),
      [22, 21, 20, 12, 11, 10],
    );
    assert.equal(log.seenBy(1).get(11)?.details, null);
    assert.notEqual(log.seenBy(1).get(12)?.details, null);
  });

  test("a call without a valid credential keeps its query's parameter names, not their values", () => {
    assert.equal(
      dropQueryValues('/api/f1/sync/bookings?q[email_cont]=jane%40example.com&page=2'),
      '/api/f1/sync/bookings?q[email_cont]=<not kept>&page=<not kept>',
    );
    assert.equal(
      dropQueryValues('/api/f1/sync/bookings?flag&&x='),
      '/api/f1/sync/bookings?flag=<not kept>&&x=<not kept>',
    );
    assert.equal(dropQueryValues('/api/f1/sync/bookings'), '/api/f1/sync/bookings');
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
