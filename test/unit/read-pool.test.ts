import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runRead, type ReadAnswer, type ReadRequest } from '../../electron/readers/read-ops';
import { ReadPool } from '../../electron/readers/read-pool';
import type { DropzoneRecord } from '../../electron/store/records';
import { Store } from '../../electron/store/store';
import { upsertBooking, upsertBookingBatch } from '../../electron/sync/bookings';

/**
 * Reader threads (electron/readers/): reads answered by the threads' own read-only connections,
 * a caller's acknowledged write seen by its next read, reads handed to the server's thread when a
 * thread cannot start, and threads that end when the pool closes (else this file would not exit).
 */
const dir = mkdtempSync(join(tmpdir(), 'desk-read-pool-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = new Date('2026-11-23T10:00:00Z');
const file = join(dir, 'desk.sqlite3');
const store = Store.open(file);
after(() => store.close());
const dropzone: DropzoneRecord = store.dropzones.byId(
  store.dropzones.insert({
    key: 'a',
    name: 'A',
    timezone: 'Europe/Amsterdam',
    currency: 'EUR',
    created_at: NOW.toISOString(),
  }),
)!;
const ctx = { store, dropzone, now: () => NOW };
upsertBookingBatch(ctx, {
  bookings: Array.from({ length: 450 }, (_, i) => ({
    external_id: `B-${i}`,
    name: `Guest ${i}`,
    jump_on: '2026-11-23',
  })),
});

const list = (query: Record<string, string>): ReadRequest => ({
  op: 'listBookings',
  dropzone,
  instant: NOW.toISOString(),
  query,
});
const body = (answer: ReadAnswer) =>
  JSON.parse(new TextDecoder().decode(answer.json!)) as {
    bookings: { external_id: string }[];
    pagination: { total_count: number };
  };

test('reads are answered by the threads, the same as on the server thread', async () => {
  let inline = 0;
  const pool = new ReadPool({ file, size: 2, inline: (r) => (inline++, runRead(store, r)) });
  try {
    assert.equal(pool.threads, 2);
    await pool.started();
    const queries: Record<string, string>[] = [
      {},
      { page: '3' },
      { 'q[name_cont]': 'guest 4' },
      { 'q[name_cont]': '4', per_page: '5' },
      { 'q[jump_on_lt]': '2026-11-23' },
    ];
    const answers = await Promise.all(queries.map((q) => pool.read(list(q))));
    assert.equal(inline, 0, 'no read fell back to the server thread');
    answers.forEach((answer, i) =>
      assert.deepEqual(answer, runRead(store, list(queries[i]!)), JSON.stringify(queries[i])),
    );
    assert.equal(body(answers[0]!).pagination.total_count, 450);
  } finally {
    await pool.close();
  }
  assert.equal(pool.threads, 0);
});

test('started() settles once every thread has opened its connection; one that cannot start does not hold it', async () => {
  const pool = new ReadPool({ file, size: 2, inline: () => assert.fail('no read should run inline') });
  const failing = new ReadPool({
    file: join(dir, 'missing', 'desk.sqlite3'),
    size: 1,
    inline: (r) => runRead(store, r),
  });
  try {
    assert.equal(pool.threadsStarted, 0, 'a thread starts asynchronously');
    await pool.started();
    assert.equal(pool.threadsStarted, 2);
    await failing.started();
    assert.equal(failing.threadsStarted, 0);
    assert.equal(failing.threads, 0);
  } finally {
    await pool.close();
    await failing.close();
  }
});

test('a write acknowledged on the writer is in the next read of a thread (read-your-writes), every time', async () => {
  const pool = new ReadPool({ file, size: 2, inline: () => assert.fail('no read should run inline') });
  try {
    await pool.started();
    for (let i = 0; i < 60; i++) {
      const name = `Reader Check ${i}`;
      assert.equal(upsertBooking(ctx, { external_id: `RYW-${i}`, name, jump_on: '2026-11-23' }).status, 'created');
      const seen = body(await pool.read(list({ 'q[name_cont]': name })));
      assert.deepEqual(
        seen.bookings.map((b) => b.external_id),
        [`RYW-${i}`],
        `write ${i} seen`,
      );
      const all = body(await pool.read(list({ 'q[name_cont]': 'reader check', per_page: '1' })));
      assert.equal(all.pagination.total_count, i + 1, `count after write ${i}`);
    }
  } finally {
    await pool.close();
  }
});

test("until a thread has started, reads are answered on the server thread; 'first-read' starts them at the first read", async () => {
  let inline = 0;
  const pool = new ReadPool({ file, size: 2, start: 'first-read', inline: (r) => (inline++, runRead(store, r)) });
  try {
    assert.equal(pool.threads, 0, 'no thread before a read');
    assert.deepEqual(await pool.read(list({ page: '2' })), runRead(store, list({ page: '2' })));
    assert.equal(inline, 1, 'the first read, answered while the threads start');
    assert.equal(pool.threads, 2, 'the first read started them');
    pool.startThreads();
    assert.equal(pool.threads, 2, 'started once');
    // The threads compile and open their connections meanwhile: a read does not wait for them.
    await pool.read(list({}));
    assert.equal(inline, 2);
    await pool.started();
    await pool.read(list({}));
    assert.equal(inline, 2, 'a started thread answers');
  } finally {
    await pool.close();
  }
});

test("'first-read': started() starts the threads it waits for (the bench times running threads)", async () => {
  let inline = 0;
  const pool = new ReadPool({ file, size: 1, start: 'first-read', inline: (r) => (inline++, runRead(store, r)) });
  try {
    assert.equal(pool.threads, 0);
    await pool.started();
    assert.equal(pool.threadsStarted, 1);
    await pool.read(list({}));
    assert.equal(inline, 0, 'answered by the thread');
  } finally {
    await pool.close();
  }
});

test('a thread that cannot open the store hands its reads to the server thread and says so', async () => {
  const errors: string[] = [];
  let inline = 0;
  const pool = new ReadPool({
    file: join(dir, 'missing', 'desk.sqlite3'),
    size: 1,
    inline: (r) => (inline++, runRead(store, r)),
    onError: (error) => errors.push(error.message),
  });
  try {
    const answer = await pool.read(list({}));
    assert.equal(body(answer).pagination.total_count, 510);
    assert.equal(inline, 1);
    // Once it is gone, reads run inline from the start; no thread is started again.
    await pool.started();
    assert.equal(pool.threads, 0);
    await pool.read(list({}));
    assert.equal(inline, 2);
    assert.ok(
      errors.some((e) => /reads run on the server thread/.test(e)),
      errors.join('; '),
    );
  } finally {
    await pool.close();
  }
});
