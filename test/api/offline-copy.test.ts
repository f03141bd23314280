import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { addDays, dateInZone } from '../../shared/dates';
import { CopyRefresher } from '../../electron/offline/copy-refresher';
import { copyFileOf, RemoteCopy } from '../../electron/offline/remote-copy';
import { RemoteClient } from '../../electron/proxy/remote-client';
import type { DropzoneRecord } from '../../electron/store/records';
import type { TestDesk } from '../support/desk';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { direct, REMOTE_TOKEN, startRemoteDesk } from '../support/remote';

// The copy of a remote (our own server started a second time, behind a switchable fault proxy):
// what a refresh takes, what it drops only after a show confirms it, what survives a restart.

const ZONE = 'Europe/Amsterdam';
const today = dateInZone(new Date(), ZONE);
const deskDropzone: DropzoneRecord = {
  id: 1,
  key: 'test',
  name: 'Desk dropzone',
  timezone: ZONE,
  currency: 'EUR',
  created_at: new Date().toISOString(),
} as DropzoneRecord;

let remote: TestDesk;
let proxy: FaultProxy;
let client: RemoteClient;
let dataDir: string;

const get = (path: string) => client.send({ method: 'GET', path, headers: { accept: 'application/json' } });
const openCopy = (credentials = { kind: 'bearer' as const, token: REMOTE_TOKEN }, remoteUrl = proxy.url) =>
  RemoteCopy.open({ dataDir, remoteUrl, credentials, deskDropzone, now: () => new Date() });
async function book(externalId: string, jumpOn: string, extra: Record<string, unknown> = {}) {
  const res = await direct(remote, 'POST', '/bookings', {
    external_id: externalId,
    name: `Guest ${externalId}`,
    mobile: '+31 6 1234 5678',
    jump_on: jumpOn,
    ...extra,
  });
  assert.ok(res.status === 201 || res.status === 200, `${externalId}: ${res.status} ${res.text}`);
  return res.body;
}

before(async () => {
  remote = await startRemoteDesk();
  proxy = await startFaultProxy(remote.url);
  client = new RemoteClient({
    remoteUrl: proxy.url,
    credentials: { kind: 'bearer', token: REMOTE_TOKEN },
    requestTimeoutMs: 1_500,
    connectTimeoutMs: 1_000,
  });
  dataDir = mkdtempSync(join(tmpdir(), 'desk-copy-'));
  await book('C-TODAY', today);
  await book('C-TOMORROW', addDays(today, 1));
  await book('C-EDGE-BACK', addDays(today, -14));
  await book('C-EDGE-AHEAD', addDays(today, 14));
  await book('C-OUTSIDE', addDays(today, 15));
  await book('C-GOES', today);
  await book('C-MOVES', today);
});

after(async () => {
  await proxy.close();
  await remote.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the copy of a remote', () => {
  test('a first refresh takes the window (14 days back, 14 ahead), the shows of today and tomorrow, filmers and the catalogue', async () => {
    const copy = openCopy();
    try {
      const refresher = new CopyRefresher(copy, get, () => new Date());
      await refresher.refreshDue();
      const held = (day: string) =>
        copy.store.remoteCopy.bookingsOnDay(copy.dropzone.id, day).map((b) => b.external_id);
      assert.deepEqual(held(today).sort(), ['C-GOES', 'C-MOVES', 'C-TODAY']);
      assert.deepEqual(held(addDays(today, -14)), ['C-EDGE-BACK']);
      assert.deepEqual(held(addDays(today, 14)), ['C-EDGE-AHEAD']);
      assert.deepEqual(held(addDays(today, 15)), [], 'the day after the window is not copied');

      // The rows carry the remote's ids, and the remote's answers are kept as it gave them.
      const remoteShow = (await direct(remote, 'GET', '/bookings/C-TODAY')).body;
      const row = copy.store.bookings.byExternalId(copy.dropzone.id, 'C-TODAY')!;
      assert.equal(row.id, remoteShow.id);
      assert.equal(row.mobile, '+31 6 1234 5678');
      assert.deepEqual(JSON.parse(copy.store.remoteCopy.body('booking', row.id)!.show_body!), remoteShow);
      const edge = copy.store.bookings.byExternalId(copy.dropzone.id, 'C-EDGE-BACK')!;
      assert.equal(copy.store.remoteCopy.body('booking', edge.id)!.show_body, null, 'shows: today and tomorrow only');

      const remoteFilmers = (await direct(remote, 'GET', '/filmers?include_all=true')).body as { id: number }[];
      assert.deepEqual(
        copy.store.filmers.list(copy.dropzone.id, true).map((f) => f.id),
        remoteFilmers.map((f) => f.id).sort((a, b) => a - b),
      );
      const products = (await direct(remote, 'GET', '/products')).body;
      assert.equal(copy.catalogueVersion('products'), products.version);
      assert.equal(copy.store.catalogue.products(copy.dropzone.id).length, products.products.length);

      const ages = copy.sliceAges();
      for (const slice of [
        `day:${today}`,
        `day:${addDays(today, 14)}`,
        `shows:${today}`,
        'filmers',
        'products',
        'upgrades',
      ])
        assert.ok(ages.has(slice), `${slice} has an age`);
      assert.equal(ages.has(`day:${addDays(today, 15)}`), false);
    } finally {
      copy.close();
    }
  });

  test('a booking gone from its day is shown first: deleted at the remote it goes, moved it stays on its new day', async () => {
    assert.equal((await direct(remote, 'DELETE', '/bookings/C-GOES')).status, 204);
    await book('C-MOVES', addDays(today, 3));
    const copy = openCopy();
    try {
      const refresher = new CopyRefresher(copy, get, () => new Date());
      const before = refresher.view().requests;
      await refresher.refreshDay(today);
      assert.equal(copy.store.bookings.byExternalId(copy.dropzone.id, 'C-GOES'), undefined);
      assert.equal(copy.store.bookings.byExternalId(copy.dropzone.id, 'C-MOVES')?.jump_on, addDays(today, 3));
      assert.equal(refresher.view().requests - before, 3, 'one list page and a show for each of the two');
    } finally {
      copy.close();
    }
  });

  test("an answer the remote read before a write of the desk's landed leaves that record as the write left it; a later one does not", async () => {
    const day = addDays(today, 2);
    await book('C-RACE', day, { name: 'As read' });
    await book('C-RACE-GONE', day, { name: 'Deleted, then made again' });
    const copy = openCopy();
    const name = (externalId: string) => copy.store.bookings.byExternalId(copy.dropzone.id, externalId)?.name;
    // One answer held on its way to the copy: the remote has read and answered, the copy has not taken it in.
    let hold: { matches: (path: string) => boolean; reached: () => void; released: Promise<void> } | null = null;
    const holdNext = (matches: (path: string) => boolean) => {
      let reached!: () => void;
      let release!: () => void;
      const reachedNow = new Promise<void>((resolve) => (reached = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { matches, reached, released };
      return { reached: reachedNow, release };
    };
    const slowGet = async (path: string) => {
      const answer = await get(path);
      const held = hold;
      if (held?.matches(path)) {
        hold = null;
        held.reached();
        await held.released;
      }
      return answer;
    };
    try {
      const refresher = new CopyRefresher(copy, slowGet, () => new Date());
      await refresher.refreshDay(day);
      await refresher.refreshFilmers();
      assert.equal(name('C-RACE'), 'As read');

      // The day's list, read before the desk's write lands (a proxied write, or one the outbox sent).
      let held = holdNext((path) => path.includes(`jump_on_gteq%5D=${day}`));
      let refreshing = refresher.refreshDay(day);
      await held.reached;
      const written = await direct(remote, 'POST', '/bookings', { external_id: 'C-RACE', name: 'As written' });
      assert.equal(written.status, 200, written.text);
      copy.absorbBookingWrite(written.body);
      held.release();
      await refreshing;
      assert.equal(name('C-RACE'), 'As written', 'the list read before the write did not undo it');

      // A show read before the write, and a show that said "gone" before the write made it again.
      held = holdNext((path) => path.endsWith('/bookings/C-RACE'));
      refreshing = refresher.refreshShows(day);
      await held.reached;
      const again = await direct(remote, 'POST', '/bookings', { external_id: 'C-RACE', name: 'Written again' });
      copy.absorbBookingShow(again.body);
      held.release();
      await refreshing;
      assert.equal(name('C-RACE'), 'Written again', 'the show read before the write did not undo it');
      assert.equal((await direct(remote, 'DELETE', '/bookings/C-RACE-GONE')).status, 204);
      held = holdNext((path) => path.endsWith('/bookings/C-RACE-GONE'));
      refreshing = refresher.refreshShows(day);
      await held.reached;
      const made = await direct(remote, 'POST', '/bookings', {
        external_id: 'C-RACE-GONE',
        name: 'Made again',
        jump_on: day,
      });
      assert.equal(made.status, 201, made.text);
      copy.absorbBookingWrite(made.body);
      held.release();
      await refreshing;
      assert.equal(name('C-RACE-GONE'), 'Made again', 'the 404 read before the write did not drop it');

      // The filmers' list, read before a filmer's write landed.
      held = holdNext((path) => path.startsWith('/filmers?'));
      refreshing = refresher.refreshFilmers();
      await held.reached;
      const filmer = await direct(remote, 'POST', '/filmers', { id: 1, name: 'Fay Written' });
      assert.equal(filmer.status, 200, filmer.text);
      copy.absorbFilmerWrite(filmer.body);
      held.release();
      await refreshing;
      assert.equal(copy.store.filmers.byId(copy.dropzone.id, 1)?.name, 'Fay Written');

      // Answers read after the writes are taken in as ever: the remote's changes since show.
      assert.equal(
        (await direct(remote, 'POST', '/bookings', { external_id: 'C-RACE', name: 'Changed at the remote' })).status,
        200,
      );
      assert.equal((await direct(remote, 'POST', '/filmers', { id: 1, name: 'Fay Remote' })).status, 200);
      await refresher.refreshDay(day);
      await refresher.refreshFilmers();
      assert.equal(name('C-RACE'), 'Changed at the remote');
      assert.equal(copy.store.filmers.byId(copy.dropzone.id, 1)?.name, 'Fay Remote');
    } finally {
      copy.close();
    }
  });

  test('a day of more than one page is taken whole', async () => {
    const day = addDays(today, 5);
    const bookings = Array.from({ length: 450 }, (_, i) => ({
      external_id: `C-MANY-${i}`,
      name: `Many ${i}`,
      jump_on: day,
    }));
    assert.equal((await direct(remote, 'POST', '/bookings/batch', { bookings })).status, 200);
    const copy = openCopy();
    try {
      await new CopyRefresher(copy, get, () => new Date()).refreshDay(day);
      assert.equal(copy.store.remoteCopy.bookingsOnDay(copy.dropzone.id, day).length, 450);
    } finally {
      copy.close();
    }
  });

  for (const fault of [
    { kind: 'refuse' as const },
    { kind: 'reset' as const },
    { kind: 'hang' as const },
    { kind: 'status' as const, status: 503, retryAfterSeconds: 5 },
  ]) {
    test(`a remote that fails (${fault.kind}) leaves the copy and its ages as they were, and says since when`, async () => {
      const copy = openCopy();
      try {
        const agesBefore = copy.sliceAges();
        const countBefore = copy.store.remoteCopy.bookingsOnDay(copy.dropzone.id, today).length;
        await proxy.set(fault);
        const refresher = new CopyRefresher(copy, get, () => new Date());
        await assert.rejects(refresher.refreshDay(today));
        assert.deepEqual(copy.sliceAges(), agesBefore);
        assert.equal(copy.store.remoteCopy.bookingsOnDay(copy.dropzone.id, today).length, countBefore);
        const view = refresher.view();
        assert.ok(view.failingSince);
        assert.ok(view.lastError);
        await proxy.set({ kind: 'pass' });
        await refresher.refreshDay(today);
        assert.equal(refresher.view().failingSince, null);
      } finally {
        await proxy.set({ kind: 'pass' });
        copy.close();
      }
    });
  }

  test('the copy survives a restart, and another remote (or another credential) gets a copy of its own', async () => {
    const first = openCopy();
    const heldBefore = first.store.remoteCopy.bookingsOnDay(first.dropzone.id, today).length;
    const agesBefore = first.sliceAges();
    first.close();
    const again = openCopy();
    try {
      assert.equal(again.store.remoteCopy.bookingsOnDay(again.dropzone.id, today).length, heldBefore);
      assert.deepEqual(again.sliceAges(), agesBefore);
    } finally {
      again.close();
    }
    const other = openCopy({ kind: 'bearer', token: 'another-token-eeeeeeeeeeee' });
    const elsewhere = openCopy(undefined, 'http://127.0.0.1:9');
    try {
      assert.notEqual(other.remoteKey, elsewhere.remoteKey);
      for (const copy of [other, elsewhere]) {
        assert.equal(copy.store.remoteCopy.bookingsOnDay(copy.dropzone.id, today).length, 0);
        assert.ok(existsSync(copyFileOf(dataDir, copy.remoteKey)));
      }
    } finally {
      other.close();
      elsewhere.close();
    }
  });
});
