import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import Database from 'better-sqlite3';
import { Store } from '../../electron/store/store';
import { startServe } from '../support/serve-process';
import { waitFor } from '../support/wait-for';

/**
 * `serve` SIGKILLed while six booking systems write (single upserts and batches, answered only
 * after their group commit, store/group-commit.ts): the store opens whole after it, every write
 * that was answered is there, and a new start serves it. What was sent but never answered may or
 * may not be there; that is what a caller sends again.
 */

const dir = mkdtempSync(join(tmpdir(), 'desk-store-kill-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const CLIENTS = 6;
const BATCH = 20;
/** A day the desk takes bookings for (past days are refused as too old). */
const JUMP_ON = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

test('SIGKILL mid-write: the store is whole and holds every write that was answered', async () => {
  const dataDir = join(dir, 'killed');
  const serve = await startServe(['--data-dir', dataDir, '--port', '0']);
  const acknowledged = new Set<string>();
  /** Any answer but success while the desk runs: the test is then wrong, not the desk. */
  const refused: string[] = [];
  let killed = false;
  const send = (path: string, body: unknown) =>
    fetch(`${serve.url}/api/f1/sync${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${serve.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const client = async (c: number) => {
    for (let i = 0; !killed; i++) {
      try {
        if (i % 3 === 2) {
          const ids = Array.from({ length: BATCH }, (_, k) => `K-${c}-${i}-${k}`);
          const res = await send('/bookings/batch', {
            bookings: ids.map((id) => ({ external_id: id, name: `Guest ${id}`, jump_on: JUMP_ON })),
          });
          const text = await res.text();
          if (res.status !== 200) refused.push(text);
          else
            (JSON.parse(text) as { results: { status: string }[] }).results.forEach((result, k) => {
              if (result.status === 'created') acknowledged.add(ids[k]!);
              else refused.push(JSON.stringify(result));
            });
        } else {
          const id = `K-${c}-${i}`;
          const res = await send('/bookings', { external_id: id, name: `Guest ${id}`, jump_on: JUMP_ON });
          const text = await res.text();
          if (res.status === 201) acknowledged.add(id);
          else refused.push(text);
        }
      } catch {
        // The connection died with the process: this write was never answered.
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
  try {
    await waitFor(
      () => {
        if (refused.length > 0) throw new Error(`a write was refused: ${refused[0]}`);
        return acknowledged.size >= 600;
      },
      'six hundred writes answered',
      { timeoutMs: 60_000 },
    );
    assert.equal(await serve.stop('SIGKILL'), null, 'killed, not exited');
  } finally {
    killed = true;
    serve.child.kill('SIGKILL');
    await Promise.all(clients);
  }

  const file = join(dataDir, 'desk.sqlite3');
  const raw = new Database(file);
  assert.equal(raw.pragma('integrity_check', { simple: true }), 'ok');
  raw.close();
  const store = Store.open(file);
  try {
    const dropzoneId = store.dropzones.all()[0]!.id;
    const missing = [...acknowledged].filter((id) => !store.bookings.byExternalId(dropzoneId, id));
    assert.deepEqual(missing, [], `every one of the ${acknowledged.size} answered writes is in the store`);
  } finally {
    store.close();
  }

  const again = await startServe(['--data-dir', dataDir, '--port', '0']);
  try {
    const someone = [...acknowledged][0]!;
    const res = await fetch(`${again.url}/api/f1/sync/bookings/${someone}`, {
      headers: { authorization: `Bearer ${again.token}` },
    });
    assert.equal(res.status, 200, 'the next start serves the store');
  } finally {
    assert.equal(await again.stop('SIGTERM'), 0);
  }
});
