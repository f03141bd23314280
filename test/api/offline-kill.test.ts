import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { addDays, dateInZone } from '../../shared/dates';
import type { TestDesk } from '../support/desk';
import { direct, REMOTE_TOKEN, startRemoteDesk } from '../support/remote';
import { startServe } from '../support/serve-process';
import { waitFor } from '../support/wait-for';

// A desk killed (SIGKILL) while it makes its first copy of the remote: every slice it had marked
// holds exactly what the remote holds for it (a day is written in one transaction), the file is
// whole, and the next start finishes the copy.

// The desk starts on a fresh data folder: its dropzone takes this computer's time zone, and its copy's
// days are counted in it (a test in Amsterdam's time failed between 23:00 and 24:00 UTC).
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const today = dateInZone(new Date(), ZONE);
const PER_DAY = 120;
let remote: TestDesk;
let dataDir: string;

before(async () => {
  remote = await startRemoteDesk();
  for (let d = -13; d <= 14; d++) {
    const bookings = Array.from({ length: PER_DAY }, (_, i) => ({
      external_id: `K-${d}-${i}`,
      name: `Killed ${d} ${i}`,
      jump_on: addDays(today, d),
    }));
    assert.equal((await direct(remote, 'POST', '/bookings/batch', { bookings })).status, 200);
  }
  dataDir = mkdtempSync(join(tmpdir(), 'desk-kill-'));
});

after(async () => {
  await remote.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

function copyFile(): string | undefined {
  const dir = join(dataDir, 'copies');
  const file = (() => {
    try {
      return readdirSync(dir).find((name) => name.endsWith('.sqlite3'));
    } catch {
      return undefined;
    }
  })();
  return file && join(dir, file);
}

/** Each marked day slice of the copy, with the bookings it holds for that day. */
function markedDays(file: string): Map<string, number> {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    const days = new Map<string, number>();
    const slices = db.prepare("SELECT slice FROM copy_slices WHERE slice LIKE 'day:%'").pluck().all() as string[];
    for (const slice of slices) {
      const day = slice.slice(4);
      days.set(day, db.prepare('SELECT count(*) FROM bookings WHERE jump_on = ?').pluck().get(day) as number);
    }
    return days;
  } finally {
    db.close();
  }
}

const serve = () =>
  startServe(['--port', '0', '--data-dir', dataDir, '--mode', 'proxy', '--remote-url', remote.url], {
    DESK_REMOTE_TOKEN: REMOTE_TOKEN,
  });

test('killed mid-copy: every day it marked is whole, and the next start completes the copy', async () => {
  const first = await serve();
  // Kill it once a few days are in, while it is still copying.
  await waitFor(() => {
    const file = copyFile();
    return file !== undefined && markedDays(file).size >= 2;
  }, 'the first days of the copy');
  assert.equal(await first.stop('SIGKILL'), null);

  const file = copyFile()!;
  const marked = markedDays(file);
  assert.ok(marked.size >= 2);
  for (const [day, count] of marked) assert.equal(count, PER_DAY, `day ${day} is whole`);

  const second = await serve();
  try {
    await waitFor(() => markedDays(file).size === 29, 'every day of the window', { timeoutMs: 60_000 });
    for (const [day, count] of markedDays(file))
      assert.equal(count, day === addDays(today, -14) ? 0 : PER_DAY, `day ${day} after the restart`);
  } finally {
    await second.stop();
  }
});
