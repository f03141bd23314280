import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, beforeEach, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { addDays } from '../../shared/dates';
import { LIMITS } from '../../shared/limits';
import { copyFileOf } from '../../electron/offline/remote-copy';
import type { TestDesk } from '../support/desk';
import { door } from '../support/gate-proxy';
import { direct, REMOTE_OTHER_TOKEN, REMOTE_TOKEN, useProxy, waitForSession } from '../support/remote';
import { waitFor } from '../support/wait-for';
import {
  FAST_OUTBOX,
  outboxSummary,
  startOutboxPair,
  TODAY,
  waitForSummary,
  type OutboxPair,
} from '../support/outbox-pair';
import type { OutboxSummary } from '../../shared/schemas/outbox';

// Proxy mode's outbox when the remote misbehaves: each fault holds what it should (one record,
// or everything for credentials) and nothing more, and what cannot be queued is refused as the
// Sync API would refuse it.

const RECORDS = 6;
const key = (i: number) => `FAULT-${i}`;

let pair: OutboxPair;
let desk: TestDesk;

before(async () => {
  pair = await startOutboxPair({
    seedRemote: async (remote) => {
      const bookings = Array.from({ length: RECORDS }, (_, i) => ({
        external_id: key(i),
        name: `Guest ${i}`,
        jump_on: i % 2 === 0 ? TODAY : addDays(TODAY, 1),
      }));
      const res = await direct(remote, 'POST', '/bookings/batch', { bookings });
      assert.equal(res.status, 200, res.text);
    },
  });
  desk = pair.desk;
  // The copy holds every record before the line goes down.
  await waitFor(
    () => Array.from({ length: RECORDS }, (_, i) => copyBooking(key(i))).every(Boolean),
    'the records in the copy',
  );
});

after(async () => {
  await pair.dispose();
});

function copyBooking(externalId: string) {
  const copy = desk.offline.copy();
  return copy ? copy.store.bookings.byExternalId(copy.dropzone.id, externalId) : undefined;
}

async function remoteName(externalId: string): Promise<string | undefined> {
  const res = await direct(pair.remote, 'GET', `/bookings/${externalId}`);
  return res.status === 200 ? (res.body.name as string) : undefined;
}

/** The line down; a write sent now is queued (the remote is known offline, or gives no answer). */
async function lineDown(): Promise<void> {
  await pair.proxy.set({ kind: 'refuse' });
}

async function queue(body: Record<string, unknown>): Promise<number> {
  const res = await desk.sync('POST', '/bookings', body);
  assert.ok(res.status === 200 || res.status === 201, res.text);
  const id = res.headers.get('x-desk-queued');
  assert.ok(id, `queued: ${res.text}`);
  return Number(id);
}

async function opDetail(id: number) {
  const res = await desk.desk('GET', `/outbox/${id}`);
  assert.equal(res.status, 200, res.text);
  return res.body;
}

async function drained(): Promise<void> {
  await pair.proxy.set({ kind: 'pass' });
  await waitForSummary(desk, (s) => s.waiting === 0 && s.paused === null, 'the outbox drained');
}

/** The pair's connection settings (startOutboxPair's), with the remote's token. */
const PAIR_SETTINGS = { request_timeout_ms: 1_000, connect_timeout_ms: 500 };

/** The remote's tokens revoked (every dropzone's, or those `where` picks), as a remote revokes them, and restored. */
function remoteTokens() {
  const remoteStore = new Database(pair.remote.storeFile);
  remoteStore.pragma('busy_timeout = 5000');
  return {
    store: remoteStore,
    revoke: (where = '1 = 1') =>
      remoteStore.prepare(`UPDATE api_tokens SET token_hash = 'revoked:' || token_hash WHERE ${where}`).run(),
    restore: () =>
      remoteStore
        .prepare("UPDATE api_tokens SET token_hash = substr(token_hash, 9) WHERE token_hash LIKE 'revoked:%'")
        .run(),
    close: () => remoteStore.close(),
  };
}

/**
 * Each test of the shared pair starts as the first one did, whatever the one before it left (a
 * failure must not make the next ones wait for what it held): the line up and nothing held on it,
 * the remote taking the desk's token, the desk on the pair's settings with a fresh copy, nothing
 * waiting or held for a person in the outbox.
 */
async function cleanSlate(): Promise<void> {
  pair.proxy.hold(null);
  await pair.proxy.set({ kind: 'pass' });
  const tokens = remoteTokens();
  try {
    tokens.restore();
  } finally {
    tokens.close();
  }
  const target = desk.connection.target();
  const onPairSettings =
    target?.credentials?.kind === 'bearer' &&
    target.credentials.token === REMOTE_TOKEN &&
    target.requestTimeoutMs === PAIR_SETTINGS.request_timeout_ms &&
    target.connectTimeoutMs === PAIR_SETTINGS.connect_timeout_ms;
  if (!onPairSettings) {
    await useProxy(desk, pair.proxy.url, PAIR_SETTINGS);
    await desk.offline.settled();
  }
  // What is held for a person is discarded (what waited behind it may be held next), what waits is sent.
  let last: OutboxSummary | undefined;
  await waitFor(
    async () => {
      last = await outboxSummary(desk);
      if (last.waiting === 0 && last.attention === 0 && last.paused === null) return true;
      if (last.attention > 0) await discardHeld();
      else await desk.desk('POST', '/outbox/retry');
      return false;
    },
    () => `a clean outbox before the test; last summary: ${JSON.stringify(last)}`,
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  await waitForSession(desk, (s) => s.health?.state === 'online' && typeof s.copy?.as_of === 'string', 20_000);
}

async function discardHeld(): Promise<void> {
  const held = await desk.desk('GET', '/outbox?state=attention&per_page=500');
  for (const op of (held.body?.ops ?? []) as { id: number }[])
    await desk.desk('PUT', `/outbox/${op.id}/decision`, { action: 'discard', by: 'the next test' });
}

describe('the remote answers 5xx, refuses a write, or refuses the credentials', () => {
  beforeEach(cleanSlate);

  test('the remote answering again after a cut does not cut short the Retry-After a record was given', async () => {
    await lineDown();
    const id = await queue({ external_id: key(3), name: 'Asked to wait' });
    const asked = 3;
    await pair.proxy.set({ kind: 'status', status: 503, retryAfterSeconds: asked });
    const first = await waitFor(async () => {
      const detail = await opDetail(id);
      return /503/.test(detail.last_error ?? '') && detail;
    }, 'the first attempt answered 503');
    const answeredAt = Date.parse(first.last_attempt_at);
    // A cut, and the remote back: "answering again" ends the waits the silence made, not this one.
    await lineDown();
    await waitForSession(desk, (s) => s.health?.state === 'offline');
    await pair.proxy.set({ kind: 'pass' });
    await waitForSession(desk, (s) => s.health?.state === 'online');
    const detail = await waitFor(async () => {
      const d = await opDetail(id);
      return d.state === 'settled' && d;
    }, 'the write settled');
    assert.ok(
      Date.parse(detail.settled_at) - answeredAt >= asked * 1000,
      `settled ${detail.settled_at}, answered 503 at ${first.last_attempt_at}`,
    );
    assert.equal(await remoteName(key(3)), 'Asked to wait');
  });

  test('a 503 with Retry-After: the record is tried again no sooner than asked, and then lands', async () => {
    await lineDown();
    // A booking of tomorrow: the copy's refresh does not read it meanwhile (only today's are shown often).
    const id = await queue({ external_id: key(1), name: 'Renamed while away' });
    const asked = 2;
    await pair.proxy.set({ kind: 'status', status: 503, retryAfterSeconds: asked });
    const first = await waitFor(async () => {
      const detail = await opDetail(id);
      return detail.attempts > 0 && /503/.test(detail.last_error ?? '') && detail;
    }, 'the first attempt answered 503');
    const answeredAt = Date.parse(first.last_attempt_at);
    assert.ok(Date.parse(first.next_attempt_at) - answeredAt >= asked * 1000, JSON.stringify(first));
    // The line is good again at once; the record still waits for what the remote asked.
    await pair.proxy.set({ kind: 'pass' });
    const detail = await waitFor(async () => {
      const d = await opDetail(id);
      return d.state === 'settled' && d;
    }, 'the write settled');
    assert.ok(Date.parse(detail.settled_at) - answeredAt >= asked * 1000, `settled ${detail.settled_at}`);
    // No attempt between the 503 and the wait's end: the next entry after it is the write landing.
    const history = detail.history as { at: string; what: string }[];
    const answered = history.findIndex((entry) => /503/.test(entry.what));
    assert.match(history[answered + 1]?.what ?? '', /^settled/, JSON.stringify(history));
    assert.equal(await remoteName(key(1)), 'Renamed while away');
  });

  test('a write the remote refuses, first in line, holds its own record and nothing else', async () => {
    await lineDown();
    // A filmer's new external id that someone takes at the remote before the desk's write lands.
    const renamed = await desk.sync('POST', '/filmers', { id: 1, external_id: 'F-TAKEN' });
    assert.equal(renamed.status, 200, renamed.text);
    const filmerOp = Number(renamed.headers.get('x-desk-queued'));
    assert.ok(filmerOp > 0);
    const taken = await direct(pair.remote, 'POST', '/filmers', {
      external_id: 'F-TAKEN',
      name: 'Taken at the remote',
      email: 'taken@example.com',
    });
    assert.equal(taken.status, 201, taken.text);
    const later = [];
    for (let i = 1; i < RECORDS; i++) later.push(await queue({ external_id: key(i), name: `Behind the refusal ${i}` }));
    assert.ok(later.every((id) => id > filmerOp));

    await pair.proxy.set({ kind: 'pass' });
    const summary = await waitForSummary(desk, (s) => s.waiting === 0, 'every other write landed');
    assert.equal(summary.attention, 1);
    for (let i = 1; i < RECORDS; i++) assert.equal(await remoteName(key(i)), `Behind the refusal ${i}`);
    const held = await opDetail(filmerOp);
    assert.equal(held.state, 'attention');
    assert.equal(held.attention, 'refused');
    assert.match(held.remote_error ?? '', /already been taken/);
    const filmer = await direct(pair.remote, 'GET', '/filmers/1');
    assert.equal(filmer.body.external_id, 'F-1', 'the refused write changed nothing at the remote');

    const discarded = await desk.desk('PUT', `/outbox/${filmerOp}/decision`, { action: 'discard', by: 'Rita' });
    assert.equal(discarded.status, 200, discarded.text);
    await waitForSummary(desk, (s) => s.waiting === 0 && s.attention === 0, 'the refusal discarded');
  });

  test('credentials refused (the token revoked at the remote): everything pauses, nothing is dropped, and it resumes once they work', async () => {
    await lineDown();
    const ids = [];
    for (let i = 0; i < RECORDS; i++) ids.push(await queue({ external_id: key(i), name: `Paused ${i}` }));
    const tokens = remoteTokens();
    // Read in the remote's store itself: its API refuses every token meanwhile.
    const nameThere = tokens.store.prepare(
      'SELECT name FROM bookings WHERE external_id = ? AND dropzone_id = (SELECT id FROM dropzones ORDER BY id LIMIT 1)',
    );
    try {
      tokens.revoke();
      await pair.proxy.set({ kind: 'pass' });
      const paused = await waitForSummary(desk, (s) => s.paused === 'credentials', 'the outbox paused');
      assert.equal(paused.waiting, RECORDS, 'every write still waits');
      assert.equal(paused.attention, 0);
      // Another write meanwhile is held too: the remote refuses the desk's credentials.
      const more = await desk.sync('POST', '/bookings', { external_id: key(0), name: 'Paused, then more' });
      assert.equal(more.status, 200, more.text);
      assert.ok(more.headers.get('x-desk-queued'), 'queued behind the paused ones');
      for (let i = 0; i < RECORDS; i++) {
        const there = nameThere.get(key(i)) as { name: string } | undefined;
        assert.ok(there, key(i));
        assert.notEqual(there.name, `Paused ${i}`, 'nothing was sent with the refused credentials');
      }
      tokens.restore();
      await desk.desk('POST', '/outbox/retry');
      const resumed = await waitForSummary(desk, (s) => s.waiting === 0 && s.paused === null, 'the outbox resumed');
      assert.equal(resumed.attention, 0);
    } finally {
      tokens.restore();
      tokens.close();
    }
    assert.equal(await remoteName(key(0)), 'Paused, then more');
    for (let i = 1; i < RECORDS; i++) assert.equal(await remoteName(key(i)), `Paused ${i}`);
  });

  test('new credentials: the waiting writes follow them to the same dropzone only, and land', async () => {
    await lineDown();
    for (let i = 0; i < RECORDS; i++) await queue({ external_id: key(i), name: `New token ${i}` });
    const tokens = remoteTokens();
    // The remote stops taking the desk's token (its dropzone's tokens revoked); the other dropzone's still work.
    const ours = 'dropzone_id = (SELECT id FROM dropzones ORDER BY id LIMIT 1)';
    const settings = (token?: string) => ({
      ...PAIR_SETTINGS,
      ...(token ? { credentials: { kind: 'bearer', token } } : {}),
    });
    try {
      tokens.revoke(ours);
      await pair.proxy.set({ kind: 'pass' });
      await waitForSummary(desk, (s) => s.paused === 'credentials', 'the outbox paused');
      // A token of another dropzone of the same remote: the writes must not follow it there.
      await useProxy(desk, pair.proxy.url, settings(REMOTE_OTHER_TOKEN));
      await desk.offline.settled();
      assert.equal((await outboxSummary(desk)).waiting, 0, "the other dropzone's copy has an outbox of its own");
      // Back to the refused token (its writes still held), then a new token of the same dropzone.
      await useProxy(desk, pair.proxy.url, settings());
      await desk.offline.settled();
      assert.ok((await outboxSummary(desk)).waiting >= RECORDS, 'the first copy kept its writes');
      const created = await pair.remote.admin('POST', '/api-tokens', { label: 'the new desk token' });
      assert.equal(created.status, 201, created.text);
      await useProxy(desk, pair.proxy.url, settings(created.body.token));
      await desk.offline.settled();
      const landed = await waitForSummary(desk, (s) => s.waiting === 0 && s.attention === 0, 'the writes to land');
      assert.equal(landed.paused, null);
    } finally {
      tokens.restore();
      tokens.close();
    }
    for (let i = 0; i < RECORDS; i++) assert.equal(await remoteName(key(i)), `New token ${i}`);
    // The first credentials again for the tests after this one: a copy of their own, fetched anew.
    await useProxy(desk, pair.proxy.url, settings());
    await desk.offline.settled();
    await waitForSession(desk, (s) => typeof s.copy?.as_of === 'string', 20_000);
  });
});

describe('a refresh on its way while a write lands', () => {
  beforeEach(cleanSlate);

  test('a list the remote answered before a write landed, taken in after it settled, does not undo it in the copy: the next write offline lands without a person', async () => {
    const tomorrow = addDays(TODAY, 1);
    const copy = desk.offline.copy()!;
    // The answer below is held for as long as the write takes to land: more than the pair's 1 s on a slow machine.
    await useProxy(desk, pair.proxy.url, { ...PAIR_SETTINGS, request_timeout_ms: 10_000 });
    await lineDown();
    const landing = await queue({ external_id: key(1), name: 'Landed while a refresh was on its way' });
    // Tomorrow's list is read by the remote before the write reaches it, and reaches the copy only
    // once the write has settled (the outbox took the remote's record in): the order a busy desk met.
    const listRead = door();
    let listReadYet = false;
    void listRead.reached.then(() => (listReadYet = true));
    const sliceAge = () => copy.store.remoteCopy.sliceRefreshedAt(`day:${tomorrow}`);
    pair.proxy.hold({
      answer: ({ method, url }) =>
        method === 'GET' && url.includes(`jump_on_gteq%5D=${tomorrow}`) ? listRead.hold() : undefined,
      request: ({ method }) => (method === 'POST' ? listRead.reached : undefined),
    });
    await pair.proxy.set({ kind: 'pass' });
    await waitFor(() => listReadYet, "tomorrow's list read by the remote");
    await waitFor(async () => (await opDetail(landing)).state === 'settled', 'the write settled');
    const ageBefore = sliceAge();
    listRead.open();
    await waitFor(() => sliceAge() !== ageBefore, 'the list read before the write taken into the copy');
    pair.proxy.hold(null);
    assert.equal(copyBooking(key(1))?.name, 'Landed while a refresh was on its way');

    // What the desk accepts offline next is judged on what the remote holds: it lands, nobody asked.
    await lineDown();
    const next = await queue({ external_id: key(1), name: 'Next, offline' });
    await pair.proxy.set({ kind: 'pass' });
    const detail = await waitFor(async () => {
      const d = await opDetail(next);
      return d.state !== 'waiting' && d;
    }, 'the next write settled or held');
    assert.equal(detail.state, 'settled', JSON.stringify(detail));
    assert.equal(await remoteName(key(1)), 'Next, offline');
  });
});

describe('what the outbox does not take', () => {
  beforeEach(cleanSlate);

  test('a filmer create offline: 503 with Retry-After, no id, nothing queued', async () => {
    await lineDown();
    // Known offline, the create is not sent at all (one sent and unanswered is looked up later instead).
    await waitForSession(desk, (s) => s.health?.state === 'offline');
    try {
      const before = await outboxSummary(desk);
      for (const [path, body] of [
        ['/filmers', { name: 'New Filmer', email: 'new@example.com' }],
        [
          '/filmers/batch',
          {
            filmers: [
              { id: 2, name: 'Ivo Again' },
              { name: 'New Filmer', email: 'n@example.com' },
            ],
          },
        ],
      ] as const) {
        const res = await desk.sync('POST', path, body);
        assert.equal(res.status, 503, res.text);
        assert.equal(res.body.status, 'remote_unreachable');
        assert.equal(res.body.id, undefined);
        assert.ok(Number(res.headers.get('retry-after')) > 0);
        assert.equal(res.headers.get('x-desk-queued'), null);
      }
      assert.deepEqual(await outboxSummary(desk), before);
    } finally {
      await drained();
    }
  });

  test('hostile input offline gets the Sync API’s own answer and queues nothing', async () => {
    const cases: [string, string, string | Record<string, unknown>][] = [
      ['malformed JSON', '/bookings', '{"external_id": "FAULT-1", "name": '],
      ['malformed JSON in a batch', '/bookings/batch', '{"bookings": [{'],
      ['a name that is a number', '/bookings', { external_id: key(1), name: 42 }],
      ['an external id that is an object', '/bookings', { external_id: { $ne: null }, name: 'X', jump_on: TODAY }],
      ['bookings that is not an array', '/bookings/batch', { bookings: 'all of them' }],
      ['a batch element of the wrong type', '/bookings/batch', { bookings: [7] }],
      [
        'a batch one too long',
        '/bookings/batch',
        {
          bookings: Array.from({ length: LIMITS.batchMaxElements + 1 }, (_, i) => ({
            external_id: `HOSTILE-${i}`,
            name: 'Too many',
            jump_on: TODAY,
          })),
        },
      ],
      ['a filmer with a string id', '/filmers', { id: '1', name: 'Fay' }],
    ];
    // The remote's own answers, as the desk forwards them online.
    const online = new Map<string, { status: number; body: unknown }>();
    for (const [name, path, body] of cases) {
      const res = await desk.sync('POST', path, body);
      online.set(name, { status: res.status, body: res.body });
      // A batch answers 200 with each element's refusal (spec 4.5); the rest are refused whole.
      assert.ok(res.status === 200 || (res.status >= 400 && res.status < 500), `${name}: online ${res.text}`);
      assert.equal(res.headers.get('x-desk-queued'), null, name);
    }
    await lineDown();
    try {
      const before = await outboxSummary(desk);
      const copyBefore = copyBooking(key(1));
      for (const [name, path, body] of cases) {
        const res = await desk.sync('POST', path, body);
        assert.equal(res.headers.get('x-desk-queued'), null, name);
        assert.deepEqual({ status: res.status, body: res.body }, online.get(name), name);
      }
      assert.deepEqual(await outboxSummary(desk), before);
      assert.deepEqual(copyBooking(key(1)), copyBefore, 'the copy is unchanged');
    } finally {
      await drained();
    }
  });
});

describe('a second process reading the copy while writes are queued', () => {
  beforeEach(cleanSlate);

  test('it sees the outbox and the copy agree in every read: each waiting write’s values in its record', async () => {
    await lineDown();
    const copy = desk.offline.copy()!;
    const reader = startCopyReader(copyFileOf(desk.dataDir, copy.remoteKey));
    try {
      await waitFor(() => reader.reads().length > 0, 'the reader’s first look');
      for (let n = 0; n < 60; n++) {
        const bookings = Array.from({ length: 5 }, (_, i) => ({
          external_id: key((n + i) % RECORDS),
          name: `Round ${n} element ${i}`,
          reference: `R-${n}-${i}`,
        }));
        const res = await desk.sync('POST', '/bookings/batch', { bookings });
        assert.equal(res.status, 200, res.text);
        assert.ok(res.headers.get('x-desk-queued'));
      }
      const waiting = (await outboxSummary(desk)).waiting;
      // The reader's last look after the last write: every write in it.
      await waitFor(
        () => reader.reads().at(-1)?.waiting === waiting,
        () => `the reader to see ${waiting} waiting`,
      );
      const reads = reader.reads();
      for (const look of reads) assert.equal(look.disagrees, null, 'the copy and the outbox agree in every look');
      for (let i = 1; i < reads.length; i++) assert.ok(reads[i]!.waiting >= reads[i - 1]!.waiting);
    } finally {
      await reader.stop();
      await drained();
    }
  });
});

/**
 * Another process (node and better-sqlite3, read-only) looking at the copy's file in a loop: in
 * each look, one read transaction, the waiting writes and, for each record, whether the copy holds
 * the values its waiting writes want (the copy change and the outbox row commit together).
 */
function startCopyReader(file: string) {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1], { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const look = db.transaction(() => {
      const ops = db.prepare("SELECT record_key, after FROM outbox_ops WHERE state = 'waiting' AND action = 'upsert' ORDER BY id").all();
      const wanted = new Map();
      for (const op of ops) wanted.set(op.record_key, { ...wanted.get(op.record_key), ...JSON.parse(op.after) });
      let disagrees = null;
      for (const [externalId, fields] of wanted) {
        const row = db.prepare('SELECT * FROM bookings WHERE external_id = ?').get(externalId);
        for (const [name, value] of Object.entries(fields))
          if (!row || row[name] !== value) disagrees ??= externalId + '.' + name + ': copy ' + (row && row[name]) + ', queued ' + value;
      }
      return { waiting: ops.length, disagrees };
    });
    let stopping = false;
    process.stdin.on('data', () => (stopping = true));
    const loop = () => {
      process.stdout.write(JSON.stringify(look()) + '\\n');
      if (!stopping) setTimeout(loop, 5);
      else process.exit(0);
    };
    loop();
  `;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit');
  return {
    reads: (): { waiting: number; disagrees: string | null }[] =>
      output
        .split('\n')
        .slice(0, -1) // the last line may be half written
        .map((line) => JSON.parse(line)),
    stop: async () => {
      if (child.exitCode === null) {
        child.stdin.write('stop');
        await exited;
      }
    },
  };
}

describe('many records held for a person', () => {
  // The replay looks at a few lanes' first writes at a time (four batches' worth): the held ones
  // among them must not hide the writes behind them that can be sent.
  const BATCH = 3;
  const HELD = BATCH * 4 + 2;
  let small: OutboxPair;

  before(async () => {
    small = await startOutboxPair({
      outboxTiming: { ...FAST_OUTBOX, batchSize: BATCH },
      seedRemote: async (remote) => {
        const bookings = Array.from({ length: HELD + 1 }, (_, i) => ({
          external_id: `HELD-${i}`,
          name: `Held ${i}`,
          jump_on: TODAY,
        }));
        assert.equal((await direct(remote, 'POST', '/bookings/batch', { bookings })).status, 200);
      },
    });
    const copy = small.desk.offline.copy()!;
    await waitFor(() => copy.store.bookings.byExternalId(copy.dropzone.id, `HELD-${HELD}`), 'the records in the copy');
  });

  after(async () => {
    await small.dispose();
  });

  test('more records held than the replay looks at: a write queued after them still lands', async () => {
    await small.proxy.set({ kind: 'refuse' });
    for (let i = 0; i < HELD; i++) {
      const res = await small.desk.sync('POST', '/bookings', { external_id: `HELD-${i}`, name: `Desk ${i}` });
      assert.ok(res.headers.get('x-desk-queued'), res.text);
    }
    // The remote deletes every one of them meanwhile: each is held ("deleted") for a person.
    for (let i = 0; i < HELD; i++)
      assert.equal((await direct(small.remote, 'DELETE', `/bookings/HELD-${i}`)).status, 204);
    await small.proxy.set({ kind: 'pass' });
    await waitForSummary(small.desk, (s) => s.attention === HELD && s.waiting === 0, 'every record held');

    await small.proxy.set({ kind: 'refuse' });
    const last = await small.desk.sync('POST', '/bookings', { external_id: `HELD-${HELD}`, name: 'After the held' });
    assert.ok(last.headers.get('x-desk-queued'), last.text);
    await small.proxy.set({ kind: 'pass' });
    await waitForSummary(small.desk, (s) => s.waiting === 0, 'the last write landed', 15_000);
    assert.equal((await direct(small.remote, 'GET', `/bookings/HELD-${HELD}`)).body.name, 'After the held');
  });
});

describe('the outbox full', () => {
  let full: OutboxPair;

  before(async () => {
    full = await startOutboxPair();
  });

  after(async () => {
    await full.dispose();
  });

  test('at capacity a write is refused with 503 and Retry-After, never dropped; a batch that does not fit is refused whole', async () => {
    await full.proxy.set({ kind: 'refuse' });
    const capacity = (await outboxSummary(full.desk)).capacity;
    const booking = (i: number) => ({ external_id: `FULL-${i}`, name: `Full ${i}`, jump_on: TODAY });
    const filled = await full.desk.sync('POST', '/bookings/batch', {
      bookings: Array.from({ length: capacity - 1 }, (_, i) => booking(i)),
    });
    assert.equal(filled.status, 200, filled.text.slice(0, 300));
    assert.equal((await outboxSummary(full.desk)).waiting, capacity - 1);

    const two = await full.desk.sync('POST', '/bookings/batch', {
      bookings: [booking(capacity), booking(capacity + 1)],
    });
    assert.equal(two.status, 503, two.text);
    assert.equal(two.body.status, 'remote_unreachable');
    assert.match(two.body.error, /outbox is full/);
    assert.ok(Number(two.headers.get('retry-after')) > 0);

    const last = await full.desk.sync('POST', '/bookings', booking(capacity));
    assert.equal(last.status, 201, last.text);
    assert.ok(last.headers.get('x-desk-queued'));
    for (const refused of [
      await full.desk.sync('POST', '/bookings', booking(capacity + 1)),
      await full.desk.sync('DELETE', '/bookings/FULL-0'),
      await full.desk.sync('POST', '/filmers', { id: 1, name: 'Fay Full' }),
    ]) {
      assert.equal(refused.status, 503, refused.text);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
      assert.equal(refused.headers.get('x-desk-queued'), null);
    }
    const summary = await outboxSummary(full.desk);
    assert.equal(summary.waiting, capacity);
    const copy = full.desk.offline.copy()!;
    assert.equal(copy.store.bookings.byExternalId(copy.dropzone.id, `FULL-${capacity + 1}`), undefined);
    assert.ok(copy.store.bookings.byExternalId(copy.dropzone.id, 'FULL-0'), 'the refused delete changed nothing');
  });
});

describe('records the copy does not hold', () => {
  beforeEach(cleanSlate);

  test('a booking moved offline into the window from a day the copy never held lands without a person', async () => {
    const made = await direct(pair.remote, 'POST', '/bookings', {
      external_id: 'FAR-1',
      name: 'Far Ahead',
      email: 'far@example.com',
      jump_on: addDays(TODAY, 40),
    });
    assert.equal(made.status, 201, made.text);
    await lineDown();
    // The copy has no such booking on a day it holds: it takes the write as a create.
    const res = await desk.sync('POST', '/bookings', {
      external_id: 'FAR-1',
      name: 'Moved In',
      jump_on: addDays(TODAY, 1),
    });
    assert.ok(res.status === 200 || res.status === 201, res.text);
    const id = Number(res.headers.get('x-desk-queued'));
    assert.ok(id > 0, res.text);
    await pair.proxy.set({ kind: 'pass' });
    const settled = await waitFor(async () => {
      const detail = await opDetail(id);
      return detail.state !== 'waiting' && detail;
    }, 'the write settled or held');
    assert.equal(settled.state, 'settled', JSON.stringify(settled));
    const there = await direct(pair.remote, 'GET', '/bookings/FAR-1');
    assert.equal(there.body.name, 'Moved In');
    assert.equal(there.body.jump_on, addDays(TODAY, 1));
    assert.equal(there.body.email, 'far@example.com', 'the field the write did not send is the remote’s');
  });

  test('offline, a delete or an update of a booking the copy cannot know: refused as not in the copy, never a 404, nothing queued', async () => {
    const far = addDays(TODAY, 40);
    for (const id of ['FAR-2', 'FAR-3']) {
      const made = await direct(pair.remote, 'POST', '/bookings', { external_id: id, name: 'Far', jump_on: far });
      assert.equal(made.status, 201, made.text);
    }
    await lineDown();
    try {
      const before = await outboxSummary(desk);
      for (const res of [
        await desk.sync('DELETE', '/bookings/FAR-2'),
        await desk.sync('POST', '/bookings', { external_id: 'FAR-3', email: 'new@example.com' }),
        await desk.sync('POST', '/bookings', { external_id: 'FAR-3', name: 'Far Renamed', jump_on: far }),
      ]) {
        assert.equal(res.status, 503, res.text);
        assert.equal(res.body.status, 'not_in_copy');
        assert.equal(res.headers.get('x-desk-queued'), null);
      }
      assert.deepEqual(await outboxSummary(desk), before, 'nothing queued');
    } finally {
      await drained();
    }
    assert.equal((await direct(pair.remote, 'GET', '/bookings/FAR-2')).status, 200);
    assert.equal((await direct(pair.remote, 'GET', '/bookings/FAR-3')).body.name, 'Far');
  });
});
