import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BASE_SEED, TEST_TODAY, TEST_TOKEN } from '../support/seed';
import { NetemUnavailable, openVenue, type Venue, type VenueProcess } from '../support/venue-netns';
import { bundledScript } from '../support/bundled-script';
import { waitFor } from '../support/wait-for';

/**
 * A paired desk at a venue of network namespaces (docs/desks.md): the main desk in one (`serve
 * --lan`), a desk paired with it by a real code in another, a booking system in a third. The link
 * of the paired desk is cut with `ip link set … down`, slowed with `tc netem`, and the paired desk
 * is SIGKILLed mid-replay; what it did apart lands at the main desk once.
 */
const NODE = process.execPath;
const CLI = 'bin/dropzone-desk.mjs';
const LAN_PORT = 4781;
/** The paired desk's own loopback port, inside its namespace. */
const DESK_PORT = 4780;

const venue = openVenue(['main', 'desk', 'booking']);
const skip = 'skip' in venue ? venue.skip : false;

interface Answer {
  status?: number;
  queued?: string | null;
  body?: any;
  error?: string;
}

describe('a paired desk on the venue LAN: live, cut off, back, killed mid-replay', { skip }, () => {
  const v = venue as Venue;
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  let mainDir: string;
  let deskDir: string;
  let main: VenueProcess;
  let desk: VenueProcess;
  let lanUrl: string;
  let fingerprint: string;
  let deskToken: string;

  /** Calls from a namespace's own process (test/support/netns-calls.ts). */
  const calls = (host: string, base: string, token: string, list: object[]): Answer[] => {
    const result = v.run(host, NODE, [
      bundledScript('test/support/netns-calls.ts'),
      base,
      base.startsWith('https:') ? fingerprint : '-',
      token,
      JSON.stringify(list),
    ]);
    assert.equal(result.status, 0, result.stderr);
    return JSON.parse(result.stdout.trim().split('\n').at(-1) as string) as Answer[];
  };
  /** The paired desk's own API, from inside its namespace, as its window calls it. */
  const atDesk = (list: object[]) => calls('desk', `http://127.0.0.1:${DESK_PORT}`, deskToken, list);
  const deskSession = () => atDesk([{ path: '/api/desk/session' }])[0]?.body;
  const mainRows = <T>(sql: string, ...params: unknown[]): T[] => {
    const db = new Database(join(mainDir, 'desk.sqlite3'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  };

  const startDesk = async (extra: string[] = []): Promise<void> => {
    desk = v.spawn(
      'desk',
      NODE,
      [CLI, 'serve', '--no-ui-build', '--port', String(DESK_PORT), '--data-dir', deskDir, ...extra],
      // The copy and the outbox at a test's pace: today's slice every second, a replay that retries quickly.
      { DESK_COPY_TODAY_MS: '1000', DESK_OUTBOX_MAX_WAIT_MS: '1000' },
    );
    const line = await waitFor(
      () => {
        if (desk.child.exitCode !== null) throw new Error(`the paired desk exited:\n${desk.output()}`);
        return /Desk: +http:\/\/127\.0\.0\.1:\d+\/\?token=(\S+)/.exec(desk.output());
      },
      () => `the paired desk to serve:\n${desk.output()}`,
      { timeoutMs: 60_000 },
    );
    deskToken = line[1] as string;
  };

  before(async () => {
    mainDir = tempDir('venue-main-');
    deskDir = tempDir('venue-paired-');
    // The seed's day is today: the copy's window holds its bookings.
    writeFileSync(join(mainDir, 'seed.json'), JSON.stringify({ dates_relative_to: TEST_TODAY, ...BASE_SEED }));
    main = v.spawn('main', NODE, [
      CLI,
      'serve',
      '--no-ui-build',
      '--port',
      '0',
      '--data-dir',
      mainDir,
      '--seed',
      join(mainDir, 'seed.json'),
      '--lan',
      '--lan-port',
      String(LAN_PORT),
    ]);
    const lan = await waitFor(
      () => {
        if (main.child.exitCode !== null) throw new Error(`the main desk exited:\n${main.output()}`);
        return /^LAN: (https:\/\/10\.77\.0\.10:\d+) {2}\(certificate SHA-256 ([0-9A-F:]+)\)$/m.exec(main.output());
      },
      () => `the main desk's LAN line:\n${main.output()}`,
      { timeoutMs: 60_000 },
    );
    [lanUrl, fingerprint] = [lan[1] as string, lan[2] as string];
    const paired = v.run('main', NODE, [CLI, 'desks', 'pair', '--data-dir', mainDir]);
    assert.equal(paired.status, 0, paired.stderr);
    const code = /^Pairing code: (\S+)$/m.exec(paired.stdout)?.[1];
    assert.ok(code, paired.stdout);
    await startDesk(['--join', lanUrl, '--code', code, '--name', 'Video desk']);
    await waitFor(() => deskSession()?.copy?.as_of, "the paired desk's copy of today", { timeoutMs: 30_000 });
  });
  after(async () => {
    await desk?.stop();
    await main?.stop();
    v.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test("a booking the booking system syncs to the main desk's LAN address is at the paired desk at once", async () => {
    const [made] = calls('booking', lanUrl, TEST_TOKEN, [
      {
        method: 'POST',
        path: '/api/f1/sync/bookings',
        json: { external_id: 'NS-LIVE-1', name: 'Nina Netns', jump_on: new Date().toISOString().slice(0, 10) },
      },
    ]);
    assert.equal(made?.status, 201, JSON.stringify(made));
    await waitFor(
      () => atDesk([{ path: '/api/desk/bookings?q=NS-LIVE-1' }])[0]?.body?.bookings?.length === 1,
      'the synced booking at the paired desk',
      { timeoutMs: 5_000 },
    );
  });

  test('cut off mid-day: it says so within 10 s, reception goes on there; back, every mark and edit lands once', async () => {
    const today = (atDesk([{ path: '/api/desk/bookings?q=NS-LIVE-1' }])[0]?.body?.bookings ?? [])[0];
    assert.ok(today, 'the booking of today');
    v.cut('desk');
    const cut = Date.now();
    try {
      await waitFor(() => deskSession()?.main_desk?.state === 'not_answering', 'the paired desk to say so', {
        timeoutMs: 10_000,
      });
      assert.ok(Date.now() - cut <= 10_000);
      const [list, mark, edit] = atDesk([
        { path: '/api/desk/bookings?q=NS-LIVE-1' },
        {
          method: 'PUT',
          path: `/api/desk/bookings/by-id/${today.id}/check-in`,
          json: { state: 'arrived', recorded_by: 'Vic' },
        },
        {
          method: 'POST',
          path: '/api/f1/sync/bookings',
          json: { external_id: 'NS-LIVE-1', mobile: '+31 6 1234 5678' },
        },
      ]);
      assert.equal(list?.body?.bookings?.length, 1, 'the day goes on from the copy');
      assert.equal(mark?.status, 200, JSON.stringify(mark));
      assert.equal(edit?.status, 200, JSON.stringify(edit));
      assert.ok(edit?.queued, "the edit waits in the paired desk's outbox");
      const ledger = atDesk([{ path: '/api/desk/bookings/NS-LIVE-1/ledger' }])[0];
      assert.equal(ledger?.status, 503);
      assert.match(ledger?.body?.error, /This needs the main desk/);
    } finally {
      v.heal('desk');
    }
    await waitFor(
      () => {
        const s = deskSession();
        return s?.main_desk?.state === 'answering' && s.main_desk.marks_waiting === 0 && s.outbox?.waiting === 0;
      },
      'what was done apart to land',
      { timeoutMs: 60_000 },
    );
    const marks = mainRows<{ desk: string; state: string }>(
      'SELECT desk, state FROM check_in_marks WHERE booking_id = ?',
      today.id,
    );
    assert.deepEqual(marks, [{ desk: 'Video desk', state: 'arrived' }]);
    const [show] = calls('booking', lanUrl, TEST_TOKEN, [{ path: '/api/f1/sync/bookings/NS-LIVE-1' }]);
    assert.equal(show?.body?.mobile, '+31 6 1234 5678');
  });

  test('a slow, lossy Wi-Fi (300 ms, 5 % loss): the paired desk still reads and marks, and the mark lands', async (t) => {
    let how: string;
    try {
      how = await v.slowWifi('desk', { delayMs: 300, lossPercent: 5, to: [{ address: '10.77.0.10', port: LAN_PORT }] });
    } catch (error) {
      if (error instanceof NetemUnavailable) return t.skip(error.message);
      throw error;
    }
    t.diagnostic(`slowed with ${how}`);
    const before = mainRows<{ n: number }>("SELECT count(*) AS n FROM check_in_marks WHERE recorded_by = 'Wendy'")[0]!
      .n;
    try {
      const [list, mark] = atDesk([
        { path: '/api/desk/bookings?q=NS-LIVE-1' },
        {
          method: 'PUT',
          path: '/api/desk/bookings/by-id/103/check-in',
          json: { state: 'jumped', recorded_by: 'Wendy' },
        },
      ]);
      assert.equal(list?.status, 200, JSON.stringify(list));
      assert.equal(list?.body?.bookings?.length, 1);
      assert.equal(mark?.status, 200, JSON.stringify(mark));
      assert.equal(mark?.body?.check_in?.state, 'jumped');
      // Slow is not gone: the desk does not say the main desk is not answering, and the mark reaches it.
      await waitFor(
        () =>
          mainRows<{ n: number }>("SELECT count(*) AS n FROM check_in_marks WHERE recorded_by = 'Wendy'")[0]!.n ===
          before + 1,
        () => `the mark to land at the main desk over the slow link\n${desk.output().slice(-2000)}`,
        { timeoutMs: 60_000 },
      );
      assert.equal(deskSession()?.main_desk?.state, 'answering');
    } finally {
      v.fastWifi('desk');
    }
  });

  test('killed mid-replay: at its next start it sends the rest; each mark is at the main desk once', async () => {
    const MARKS = 100;
    const booking = (atDesk([{ path: '/api/desk/bookings?q=NS-LIVE-1' }])[0]?.body?.bookings ?? [])[0];
    const before = mainRows<{ n: number }>('SELECT count(*) AS n FROM check_in_marks')[0]!.n;
    v.cut('desk');
    let last: unknown;
    try {
      await waitFor(
        () => {
          last = deskSession()?.main_desk;
          return (last as { state?: string } | undefined)?.state === 'not_answering';
        },
        () => `the paired desk to say so; last: ${JSON.stringify(last)}\n${desk.output().slice(-2000)}`,
        { timeoutMs: 10_000 },
      );
      const answers = atDesk([
        {
          method: 'PUT',
          path: `/api/desk/bookings/by-id/${booking.id}/check-in`,
          json: { state: 'jumped', recorded_by: 'Vic' },
          repeat: MARKS,
        },
      ]);
      assert.ok(answers.every((a) => a.status === 200));
      assert.equal(deskSession()?.main_desk?.marks_waiting, MARKS);
    } finally {
      v.heal('desk');
    }
    // Some have landed, not all: the desk dies in the middle.
    await waitFor(
      () => mainRows<{ n: number }>('SELECT count(*) AS n FROM check_in_marks')[0]!.n > before + 5,
      'the replay to be under way',
      { timeoutMs: 30_000, intervalMs: 5 },
    );
    await desk.stop('SIGKILL');
    const landedBeforeKill = mainRows<{ n: number }>('SELECT count(*) AS n FROM check_in_marks')[0]!.n - before;
    await startDesk();
    await waitFor(() => deskSession()?.main_desk?.marks_waiting === 0, 'the rest to land', { timeoutMs: 60_000 });
    const after = mainRows<{ n: number; keys: number }>(
      'SELECT count(*) AS n, count(DISTINCT key) AS keys FROM check_in_marks WHERE booking_id = ? AND desk = ?',
      booking.id,
      'Video desk',
    )[0]!;
    // The earlier test's mark, and every one of these exactly once.
    assert.equal(after.n, MARKS + 1, `landed before the kill: ${landedBeforeKill}`);
    assert.equal(after.keys, after.n);
  });
});
