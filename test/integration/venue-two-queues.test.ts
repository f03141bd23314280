import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BASE_SEED, TEST_TODAY, TEST_TOKEN } from '../support/seed';
import { openVenue, type Venue, type VenueProcess } from '../support/venue-netns';
import { bundledScript } from '../support/bundled-script';
import { waitFor } from '../support/wait-for';

/**
 * Several desks at one venue, part 2: two queues. A paired desk cut off from its main desk while
 * the main desk, in proxy mode, is cut off from its remote (docs/desks.md, "A paired desk";
 * docs/offline.md, the outbox). A write made at the paired desk waits in its outbox, lands at the
 * main desk once the LAN is back, waits there in the main desk's outbox, and lands at the remote
 * once the line is back: once at each hop. Then the main desk is SIGKILLed while its outbox
 * replays to the remote, an answer lost on the way: nothing is lost, nothing is sent twice.
 *
 * The remote is our own server a second time, in a namespace of its own, on its loopback; a relay
 * there (test/support/netns-http-relay.ts) is its front door on the venue's network and writes down
 * every write that reaches it, with the remote's answer.
 */
const NODE = process.execPath;
const CLI = 'bin/dropzone-desk.mjs';
/** Every desk's own loopback port, inside its namespace. */
const LOOPBACK_PORT = 4780;
const LAN_PORT = 4781;
const RELAY_PORT = 4790;
/** The copy and the outbox at a test's pace: today's slice every second, a replay that retries within a second. */
const PACE = { DESK_COPY_TODAY_MS: '1000', DESK_OUTBOX_MAX_WAIT_MS: '1000' };

/** Bookings of today, edited in the two queues. */
const TODAY_BOOKINGS = [1, 2, 3, 4].map((n) => ({
  id: 300 + n,
  external_id: `TQ-${n}`,
  name: `Tara Queue ${n}`,
  email: `tara${n}@example.com`,
  mobile: `+31 6 1000 000${n}`,
  jump_on: TEST_TODAY,
}));
/** Bookings of a later day in the copy's window, for a replay long enough to be killed in. */
const KILL_COUNT = 240;
const KILL_BOOKINGS = Array.from({ length: KILL_COUNT }, (_, i) => ({
  id: 1000 + i,
  external_id: `K-${String(i).padStart(3, '0')}`,
  name: `Kay Replay ${i}`,
  jump_on: '2026-06-18',
}));

const venue = openVenue(['remote', 'main', 'desk']);
const skip = 'skip' in venue ? venue.skip : false;

interface Answer {
  status?: number;
  queued?: string | null;
  body?: any;
  error?: string;
}

/** One line of the relay's record (test/support/netns-http-relay.ts). */
interface RelayWrite {
  event: 'received' | 'answered' | 'failed';
  id: number;
  method?: string;
  path?: string;
  status?: number;
  caller_gone?: boolean;
  request?: any;
  response?: any;
}

describe('two queues: a paired desk cut off from a main desk cut off from its remote', { skip }, () => {
  const v = venue as Venue;
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  let remoteDir: string;
  let relayDir: string;
  let mainDir: string;
  let deskDir: string;
  let remote: VenueProcess;
  let relay: VenueProcess;
  let main: VenueProcess;
  let desk: VenueProcess;
  let remoteUrl: string;
  let lanUrl: string;
  let fingerprint: string;
  let mainToken: string;
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
  const loopback = `http://127.0.0.1:${LOOPBACK_PORT}`;
  /** The paired desk's own API, as its window calls it. */
  const atDesk = (list: object[]) => calls('desk', loopback, deskToken, list);
  /** The main desk's own API, as its window calls it. */
  const atMain = (list: object[]) => calls('main', loopback, mainToken, list);
  /** The remote's Sync API, with the booking system's token, from its own namespace. */
  const atRemote = (list: object[]) => calls('remote', loopback, TEST_TOKEN, list);
  const deskSession = () => atDesk([{ path: '/api/desk/session' }])[0]?.body;
  const mainSession = () => atMain([{ path: '/api/desk/session' }])[0]?.body;

  const rows = <T>(file: string, sql: string, ...params: unknown[]): T[] => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  };
  const remoteRows = <T>(sql: string, ...params: unknown[]) => rows<T>(join(remoteDir, 'desk.sqlite3'), sql, ...params);
  /** The main desk's copy of the remote (docs/offline.md): in proxy mode its check-ins live there. */
  const mainCopyRows = <T>(sql: string, ...params: unknown[]) => {
    const copies = readdirSync(join(mainDir, 'copies')).filter((name) => name.endsWith('.sqlite3'));
    assert.equal(copies.length, 1, `one copy of the remote: ${copies.join(', ')}`);
    return rows<T>(join(mainDir, 'copies', copies[0] as string), sql, ...params);
  };
  const relayWrites = (): RelayWrite[] => {
    const file = join(relayDir, 'writes.jsonl');
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as RelayWrite);
  };
  /**
   * Every booking element the remote answered from a write through the relay (after `from`
   * lines): its external id, the fields it carried, and the remote's status for it.
   */
  const bookingElementsAnswered = (from: number) =>
    relayWrites()
      .slice(from)
      .filter((w) => w.event === 'answered' && /^\/api\/f1\/sync\/bookings/.test(w.path ?? ''))
      .flatMap((w) => {
        const batch = Array.isArray(w.request?.bookings);
        const elements: any[] = batch ? w.request.bookings : [w.request];
        const results: any[] = batch ? (w.response?.results ?? []) : [w.response];
        return elements.map((element, i) => ({
          externalId: element.external_id as string,
          fields: Object.fromEntries(Object.entries(element).filter(([name]) => name !== 'external_id')),
          status: results[i]?.status as string | undefined,
          callerGone: w.caller_gone === true,
        }));
      });

  const serve = (host: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
    v.spawn(host, NODE, [CLI, 'serve', '--no-ui-build', '--port', String(LOOPBACK_PORT), ...args], env);
  const sessionToken = async (served: VenueProcess, what: string): Promise<string> => {
    const line = await waitFor(
      () => {
        if (served.child.exitCode !== null) throw new Error(`${what} exited:\n${served.output()}`);
        return /Desk: +http:\/\/127\.0\.0\.1:\d+\/\?token=(\S+)/.exec(served.output());
      },
      () => `${what} to serve:\n${served.output()}`,
      { timeoutMs: 60_000 },
    );
    return line[1] as string;
  };

  const startMain = async (): Promise<void> => {
    main = serve(
      'main',
      ['--data-dir', mainDir, '--mode', 'proxy', '--remote-url', remoteUrl, '--lan', '--lan-port', String(LAN_PORT)],
      { DESK_REMOTE_TOKEN: TEST_TOKEN, ...PACE },
    );
    mainToken = await sessionToken(main, 'the main desk');
    const lan = await waitFor(
      () => /^LAN: (https:\/\/[\d.]+:\d+) {2}\(certificate SHA-256 ([0-9A-F:]+)\)$/m.exec(main.output()),
      () => `the main desk's LAN line:\n${main.output()}`,
    );
    [lanUrl, fingerprint] = [lan[1] as string, lan[2] as string];
  };
  /**
   * The main desk's Settings → Connection at a test's pace: a call the remote leaves unanswered
   * fails after 4 s, not 30, so the main desk knows its line is down within seconds (its copy's
   * next refresh times out). An administrator action: set up with the passphrase, as a window would.
   * Stored in the main desk's store, so it holds after its restart too.
   */
  const quickTimeouts = () => {
    const script = `
      import { request } from 'node:http';
      const [base, token] = process.argv.slice(1);
      const call = (method, path, body, extra = {}) =>
        new Promise((resolve, reject) => {
          const req = request(new URL(path, base), {
            method,
            headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json', ...extra },
          });
          req.on('error', reject);
          req.on('response', (res) => {
            let text = '';
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
          });
          req.end(JSON.stringify(body));
        });
      const unlock = await call('PUT', '/api/desk/admin/passphrase', { passphrase: 'correct horse battery staple' });
      if (unlock.status !== 200) throw new Error('unlock: ' + JSON.stringify(unlock));
      const put = await call(
        'PUT',
        '/api/desk/connection',
        { request_timeout_ms: 4000, connect_timeout_ms: 1000 },
        { 'x-desk-admin': unlock.body.admin_token },
      );
      if (put.status !== 200) throw new Error('connection: ' + JSON.stringify(put));
    `;
    const result = v.run('main', NODE, ['--input-type=module', '-e', script, loopback, mainToken]);
    assert.equal(result.status, 0, result.stderr);
  };
  const startDesk = async (extra: string[] = []): Promise<void> => {
    desk = serve('desk', ['--data-dir', deskDir, ...extra], PACE);
    deskToken = await sessionToken(desk, 'the paired desk');
  };

  before(async () => {
    remoteDir = tempDir('venue-remote-');
    relayDir = tempDir('venue-relay-');
    mainDir = tempDir('venue-main-');
    deskDir = tempDir('venue-paired-');
    const seed = structuredClone(BASE_SEED) as any;
    seed.dropzones[0].bookings.push(...TODAY_BOOKINGS, ...KILL_BOOKINGS);
    // The seed's day is today: the copies' window holds its bookings.
    writeFileSync(join(remoteDir, 'seed.json'), JSON.stringify({ dates_relative_to: TEST_TODAY, ...seed }));
    remote = serve('remote', ['--data-dir', remoteDir, '--seed', join(remoteDir, 'seed.json')]);
    await sessionToken(remote, 'the remote');
    const remoteAddress = v.hosts.remote!.address;
    relay = v.spawn('remote', NODE, [
      bundledScript('test/support/netns-http-relay.ts'),
      remoteAddress,
      String(RELAY_PORT),
      loopback,
      relayDir,
    ]);
    await waitFor(
      () => {
        if (relay.child.exitCode !== null) throw new Error(`the relay exited:\n${relay.output()}`);
        return relay.output().includes('relay: listening');
      },
      () => `the relay to listen:\n${relay.output()}`,
    );
    remoteUrl = `http://${remoteAddress}:${RELAY_PORT}`;

    await startMain();
    quickTimeouts();
    await waitFor(() => mainSession()?.copy?.as_of, "the main desk's copy of today", { timeoutMs: 30_000 });
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
    await relay?.stop();
    await remote?.stop();
    v.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  test('both cut: each write waits in one queue, then the next, and lands once at each hop', async (t) => {
    const ids = new Map<string, number>(
      (atDesk([{ path: '/api/desk/bookings?q=TQ-' }])[0]?.body?.bookings ?? []).map((b: any) => [b.external_id, b.id]),
    );
    assert.equal(ids.size, TODAY_BOOKINGS.length, "today's bookings at the paired desk");
    const remoteBefore = remoteRows<{ bookings: number; finance: number; marks: number }>(
      `SELECT (SELECT count(*) FROM bookings) AS bookings, (SELECT count(*) FROM finance_events) AS finance,
              (SELECT count(*) FROM check_in_marks) AS marks`,
    )[0]!;
    const relayFrom = relayWrites().length;

    v.cut('remote');
    v.cut('desk');
    const cut = Date.now();
    try {
      await waitFor(() => mainSession()?.health?.state === 'offline', 'the main desk to know its remote is silent', {
        timeoutMs: 15_000,
      });
      await waitFor(
        () => deskSession()?.main_desk?.state === 'not_answering',
        'the paired desk to know its main desk is silent',
        { timeoutMs: 15_000 },
      );
      t.diagnostic(`both knew within ${Date.now() - cut} ms`);

      // At the paired desk: booking edits through its Sync API, and check-ins.
      const atPaired = atDesk([
        { method: 'POST', path: '/api/f1/sync/bookings', json: { external_id: 'TQ-1', mobile: '+31 6 2222 0001' } },
        { method: 'POST', path: '/api/f1/sync/bookings', json: { external_id: 'TQ-2', mobile: '+31 6 2222 0002' } },
        { method: 'POST', path: '/api/f1/sync/bookings', json: { external_id: 'TQ-3', name: 'Tara Renamed' } },
        {
          method: 'PUT',
          path: `/api/desk/bookings/by-id/${ids.get('TQ-1')}/check-in`,
          json: { state: 'arrived', recorded_by: 'Vic' },
        },
        {
          method: 'PUT',
          path: `/api/desk/bookings/by-id/${ids.get('TQ-2')}/check-in`,
          json: { state: 'arrived', recorded_by: 'Vic' },
        },
      ]);
      for (const answer of atPaired.slice(0, 3)) {
        assert.equal(answer.status, 200, JSON.stringify(answer));
        assert.equal(answer.body?.status, 'ok', JSON.stringify(answer));
        assert.ok(answer.queued, `queued at the paired desk: ${JSON.stringify(answer)}`);
      }
      for (const answer of atPaired.slice(3)) assert.equal(answer.status, 200, JSON.stringify(answer));

      // At the main desk: another field of a booking the paired desk edited, a booking of its own, a check-in.
      const atTheMain = atMain([
        {
          method: 'POST',
          path: '/api/f1/sync/bookings',
          json: { external_id: 'TQ-1', email: 'tara.main@example.com' },
        },
        { method: 'POST', path: '/api/f1/sync/bookings', json: { external_id: 'TQ-4', mobile: '+31 6 3333 0004' } },
        {
          method: 'PUT',
          path: `/api/desk/bookings/by-id/${ids.get('TQ-4')}/check-in`,
          json: { state: 'arrived', recorded_by: 'Mia' },
        },
      ]);
      for (const answer of atTheMain.slice(0, 2)) {
        assert.equal(answer.status, 200, JSON.stringify(answer));
        assert.ok(answer.queued, `queued at the main desk: ${JSON.stringify(answer)}`);
      }
      assert.equal(atTheMain[2]?.status, 200, JSON.stringify(atTheMain[2]));

      const paired = deskSession();
      assert.equal(paired?.outbox?.waiting, 3, JSON.stringify(paired?.outbox));
      assert.equal(paired?.main_desk?.marks_waiting, 2);
      assert.equal(mainSession()?.outbox?.waiting, 2);
    } catch (error) {
      v.heal('remote');
      throw error;
    } finally {
      v.heal('desk');
    }

    // The LAN back, the line to the remote still down: the paired desk's writes move to the main desk's queue.
    await waitFor(
      () => {
        const s = deskSession();
        return (
          s?.main_desk?.state === 'answering' &&
          s.main_desk.marks_waiting === 0 &&
          s.outbox?.waiting === 0 &&
          s.outbox?.attention === 0
        );
      },
      'the paired desk to hand its writes and marks over',
      { timeoutMs: 30_000 },
    );
    const waiting = atMain([{ path: '/api/desk/outbox?state=waiting&per_page=500' }])[0]?.body;
    const queued = (waiting?.ops ?? [])
      .flatMap((op: any) => op.fields.map((f: any) => `${op.record.key} ${f.name}=${f.desk}`))
      .sort();
    assert.deepEqual(queued, [
      'TQ-1 email=tara.main@example.com',
      'TQ-1 mobile=+31 6 2222 0001',
      'TQ-2 mobile=+31 6 2222 0002',
      'TQ-3 name=Tara Renamed',
      'TQ-4 mobile=+31 6 3333 0004',
    ]);
    assert.equal(waiting.summary.waiting, 5);
    assert.equal(waiting.summary.attention, 0);
    // The paired desk says where its writes are now: waiting at the main desk, for the main desk's remote.
    let seen: unknown;
    await waitFor(
      () => {
        const link = (seen = deskSession()?.main_desk);
        return link?.main_outbox_waiting === 5 && link.main_remote_state === 'offline';
      },
      () => `the paired desk to show the main desk's queue; last: ${JSON.stringify(seen)}`,
    );
    assert.deepEqual(bookingElementsAnswered(relayFrom), [], 'nothing reached the remote yet');

    // Check-ins are the desks' own (proxy mode): at the main desk, once each, never at the remote.
    const marks = () =>
      mainCopyRows<{ booking_id: number; desk: string | null; state: string; recorded_by: string }>(
        'SELECT booking_id, desk, state, recorded_by FROM check_in_marks ORDER BY booking_id',
      );
    const expectedMarks = [
      { booking_id: ids.get('TQ-1'), desk: 'Video desk', state: 'arrived', recorded_by: 'Vic' },
      { booking_id: ids.get('TQ-2'), desk: 'Video desk', state: 'arrived', recorded_by: 'Vic' },
      { booking_id: ids.get('TQ-4'), desk: null, state: 'arrived', recorded_by: 'Mia' },
    ];
    assert.deepEqual(marks(), expectedMarks);

    v.heal('remote');
    const healed = Date.now();
    await waitFor(
      () => {
        const s = mainSession();
        return s?.health?.state === 'online' && s.outbox?.waiting === 0 && s.outbox?.attention === 0;
      },
      () => `the main desk's queue to land at the remote: ${JSON.stringify(mainSession()?.outbox)}`,
      { timeoutMs: 45_000 },
    );
    t.diagnostic(`the main desk's queue landed ${Date.now() - healed} ms after the line was back`);

    // At the remote: each field as the desk that changed it wants, the rest as it was.
    const [one, two, three, four] = atRemote(
      ['TQ-1', 'TQ-2', 'TQ-3', 'TQ-4'].map((id) => ({ path: `/api/f1/sync/bookings/${id}` })),
    );
    assert.deepEqual(
      [one, two, three, four].map((a) => [a?.body?.name, a?.body?.email, a?.body?.mobile]),
      [
        ['Tara Queue 1', 'tara.main@example.com', '+31 6 2222 0001'],
        ['Tara Queue 2', 'tara2@example.com', '+31 6 2222 0002'],
        ['Tara Renamed', 'tara3@example.com', '+31 6 1000 0003'],
        ['Tara Queue 4', 'tara4@example.com', '+31 6 3333 0004'],
      ],
    );
    // Each write crossed the last hop once: one element per changed field, answered ok, nothing else sent.
    const sent = bookingElementsAnswered(relayFrom);
    const perField = sent
      .flatMap((e) =>
        Object.entries(e.fields).map(([name, value]) => `${e.externalId} ${name}=${String(value)} ${e.status}`),
      )
      .sort();
    assert.deepEqual(perField, [
      'TQ-1 email=tara.main@example.com ok',
      'TQ-1 mobile=+31 6 2222 0001 ok',
      'TQ-2 mobile=+31 6 2222 0002 ok',
      'TQ-3 name=Tara Renamed ok',
      'TQ-4 mobile=+31 6 3333 0004 ok',
    ]);
    // Nothing made twice, no ledger line made by an edit, no check-in at the remote.
    const remoteAfter = remoteRows<{
      bookings: number;
      finance: number;
      marks: number;
      external: number;
      distinct: number;
    }>(
      `SELECT (SELECT count(*) FROM bookings) AS bookings, (SELECT count(*) FROM finance_events) AS finance,
              (SELECT count(*) FROM check_in_marks) AS marks,
              (SELECT count(external_id) FROM bookings) AS external,
              (SELECT count(DISTINCT external_id) FROM bookings) AS "distinct"`,
    )[0]!;
    assert.deepEqual(
      { bookings: remoteAfter.bookings, finance: remoteAfter.finance, marks: remoteAfter.marks },
      remoteBefore,
    );
    assert.equal(remoteAfter.marks, 0, 'check-ins stay at the desks');
    assert.equal(remoteAfter.external, remoteAfter.distinct, 'no external id twice');
    // The main desk settled each write once, as sent; its marks are still one each.
    const settled = atMain([{ path: '/api/desk/outbox?state=settled&per_page=500' }])[0]?.body?.ops ?? [];
    assert.deepEqual(settled.map((op: any) => `${op.record.key} ${op.outcome}`).sort(), [
      'TQ-1 sent',
      'TQ-1 sent',
      'TQ-2 sent',
      'TQ-3 sent',
      'TQ-4 sent',
    ]);
    assert.deepEqual(marks(), expectedMarks);
    const desks = deskSession();
    assert.equal(desks?.outbox?.waiting, 0);
    assert.equal(desks?.main_desk?.marks_waiting, 0);
  });

  test('the main desk SIGKILLed while its queue replays to the remote, an answer lost: nothing lost, nothing sent twice', async () => {
    const remoteBefore = remoteRows<{ bookings: number; finance: number }>(
      'SELECT (SELECT count(*) FROM bookings) AS bookings, (SELECT count(*) FROM finance_events) AS finance',
    )[0]!;
    const relayFrom = relayWrites().length;
    const mobile = (i: number) => `+31 6 4444 ${String(i).padStart(4, '0')}`;

    v.cut('remote');
    try {
      await waitFor(() => mainSession()?.health?.state === 'offline', 'the main desk to know its remote is silent', {
        timeoutMs: 15_000,
      });
      // A batch through the paired desk's Sync API: passed on to its main desk (answering), into the main desk's queue.
      const [batch] = atDesk([
        {
          method: 'POST',
          path: '/api/f1/sync/bookings/batch',
          json: { bookings: KILL_BOOKINGS.map((b, i) => ({ external_id: b.external_id, mobile: mobile(i) })) },
        },
      ]);
      assert.equal(batch?.status, 200, JSON.stringify(batch).slice(0, 500));
      assert.ok(batch?.queued, 'queued at the main desk');
      assert.ok(
        (batch?.body?.results ?? []).every((r: any) => r.status === 'ok'),
        JSON.stringify(batch?.body).slice(0, 500),
      );
      assert.equal(mainSession()?.outbox?.waiting, KILL_COUNT);
      assert.equal(
        deskSession()?.outbox?.waiting,
        0,
        "the paired desk's own queue stays empty: its main desk answered",
      );
      // The remote slow to answer a write: the main desk dies while one is on its way.
      writeFileSync(join(relayDir, 'delays.json'), JSON.stringify({ read_ms: 10, write_ms: 1500 }));
    } finally {
      v.heal('remote');
    }

    // The second batch of the replay has reached the remote's door: the main desk dies before the answer.
    const caught = await waitFor(
      () => {
        const received = relayWrites()
          .slice(relayFrom)
          .filter((w) => w.event === 'received' && w.path?.startsWith('/api/f1/sync/bookings'));
        return received.length >= 2 ? received[1] : undefined;
      },
      () => `the replay to be under way: ${JSON.stringify(mainSession()?.outbox)}`,
      { timeoutMs: 45_000, intervalMs: 5 },
    );
    await main.stop('SIGKILL');
    // The remote took what it was sent; its answer found nobody.
    const lost = await waitFor(
      () => relayWrites().find((w) => w.event === 'answered' && w.id === caught.id),
      'the remote to answer the write whose caller died',
    );
    assert.equal(lost.caller_gone, true, 'the answer was lost');
    rmSync(join(relayDir, 'delays.json'));

    await startMain();
    await waitFor(
      () => {
        const s = mainSession();
        return s?.health?.state === 'online' && s.outbox?.waiting === 0 && s.outbox?.attention === 0;
      },
      () => `the rest of the queue to land: ${JSON.stringify(mainSession()?.outbox)}`,
      { timeoutMs: 45_000 },
    );

    // Every write landed, with its value.
    const landed = remoteRows<{ external_id: string; mobile: string }>(
      "SELECT external_id, mobile FROM bookings WHERE external_id LIKE 'K-%' ORDER BY external_id",
    );
    assert.deepEqual(
      landed,
      KILL_BOOKINGS.map((b, i) => ({ external_id: b.external_id, mobile: mobile(i) })),
    );
    // Each exactly once at the remote: the write whose answer was lost was read back, not sent again.
    const sent = bookingElementsAnswered(relayFrom);
    const times = new Map<string, number>();
    for (const element of sent) {
      assert.deepEqual(Object.keys(element.fields), ['mobile'], JSON.stringify(element));
      assert.equal(element.status, 'ok', JSON.stringify(element));
      times.set(element.externalId, (times.get(element.externalId) ?? 0) + 1);
    }
    assert.equal(times.size, KILL_COUNT);
    assert.deepEqual(
      [...times].filter(([, n]) => n !== 1),
      [],
      'no write reached the remote twice',
    );
    assert.ok(
      sent.some((e) => e.callerGone),
      'some landed with their answer lost',
    );
    const settled = (atMain([{ path: '/api/desk/outbox?state=settled&per_page=500' }])[0]?.body?.ops ?? []).filter(
      (op: any) => op.record.key.startsWith('K-'),
    );
    const outcomes = new Map<string, number>();
    for (const op of settled) outcomes.set(op.outcome, (outcomes.get(op.outcome) ?? 0) + 1);
    assert.equal(settled.length, KILL_COUNT, JSON.stringify([...outcomes]));
    assert.deepEqual(
      [...outcomes.keys()].filter((o) => o !== 'sent' && o !== 'already_there'),
      [],
      JSON.stringify([...outcomes]),
    );
    assert.ok(
      (outcomes.get('already_there') ?? 0) > 0,
      `the lost answers settled as already there: ${JSON.stringify([...outcomes])}`,
    );
    // Nothing made twice, no ledger line.
    const remoteAfter = remoteRows<{ bookings: number; finance: number }>(
      'SELECT (SELECT count(*) FROM bookings) AS bookings, (SELECT count(*) FROM finance_events) AS finance',
    )[0]!;
    assert.deepEqual(remoteAfter, remoteBefore);
  });
});
