/**
 * Proxy mode's outbox (docs/offline.md), `npm run bench -- --only outbox`:
 *
 *  (o) 10,000 booking writes through the desk while the line to the remote is cut (connection
 *      refused), `POST /bookings` one per call: p50/p99 of the offline accept (the Sync API's rules
 *      on the copy, the copy and the outbox row in one transaction); target p99 < 15 ms. Then the
 *      line is restored ("Send now", as the Sync screen's button) and the time until all 10,000
 *      have landed on the remote (our own desk, a process of its own on the same machine);
 *  (p) the same 10,000 writes (other external ids) through the desk online, one per call: the
 *      rate a booking system gets when the remote answers. Target: the replay at least half of it.
 */
import { BENCH_TIMEZONE, benchSeedFile } from './bench-seed';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, dateInZone } from '../shared/dates';
import { startDesk, type RunningDesk } from '../electron/start';
import { mulberry32 } from '../scripts/seeded-random';
import { check, Client, FIRST, fmt, LAST, ms, PACKAGES, percentile, type Line } from './common';
import { startDeskProcess } from './scale';
import { startLine } from './cuttable-line';

const TIMEZONE = BENCH_TIMEZONE;
/** BENCH_OUTBOX_WRITES: fewer, for a quick look while working on the outbox (the figures are for 10,000). */
const WRITES = Number(process.env.BENCH_OUTBOX_WRITES ?? 10_000);
const REMOTE_TOKEN = 'bench-remote-token-cccccccccccc';
const DESK_TOKEN = 'bench-desk-token-dddddddddddddd';
const TARGET_ACCEPT_P99_MS = 15;
const TARGET_REPLAY_SHARE = 0.5;

function bookings(prefix: string, today: string): string[] {
  const random = mulberry32(31);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  return Array.from({ length: WRITES }, (_, i) =>
    JSON.stringify({
      external_id: `${prefix}-${String(i).padStart(5, '0')}`,
      name: `${pick(FIRST)} ${pick(LAST)}`,
      email: `guest.${i}@example.com`,
      mobile: `+31 6 ${String(20_000_000 + i).padStart(8, '0')}`,
      jump_on: addDays(today, i % 2),
      camera_package: pick(PACKAGES),
    }),
  );
}

export async function benchOutbox(root: string, line: Line, pass: (ok: boolean) => string): Promise<void> {
  const today = dateInZone(new Date(), TIMEZONE);
  const remoteDir = join(root, 'outbox-remote', 'data');
  mkdirSync(remoteDir, { recursive: true });
  // The remote's store, seeded with its token, then served by a process of its own.
  const seeding = await startDesk({
    dataDir: remoteDir,
    port: 0,
    seedFile: benchSeedFile(join(remoteDir, '..'), REMOTE_TOKEN),
    logErrors: false,
    backups: false,
  });
  await seeding.close();
  const remote = await startDeskProcess(remoteDir);
  const lineToRemote = await startLine(remote.url);
  let desk: RunningDesk | undefined;
  try {
    const deskDir = join(root, 'outbox-desk');
    mkdirSync(deskDir, { recursive: true });
    desk = await startDesk({
      dataDir: join(deskDir, 'data'),
      port: 0,
      seedFile: benchSeedFile(deskDir, DESK_TOKEN),
      logErrors: false,
      backups: false,
      connectionOverrides: {
        mode: 'proxy',
        remoteUrl: lineToRemote.url,
        credentials: { kind: 'bearer', token: REMOTE_TOKEN },
      },
    });
    await desk.offline.settled();
    // Today's and tomorrow's bookings copied (none yet): offline, a new booking of those days is a create the copy can tell.
    const copy = desk.offline.copy();
    check(copy !== null, 'the desk opened no copy of the remote');
    const started = performance.now();
    while (![today, addDays(today, 1)].every((day) => copy!.sliceAges().has(`day:${day}`))) {
      check(performance.now() - started < 60_000, "the copy did not fetch today's and tomorrow's bookings in a minute");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const outbox = desk.offline.outbox();
    check(outbox !== null, 'the desk opened no outbox');
    const sync = new Client(desk.url, DESK_TOKEN);
    const deskApi = new Client(desk.url, desk.sessionToken);

    // (o) The line cut: each write answered from the outbox.
    await lineToRemote.cut();
    const offline = bookings('OB', today);
    const accept: number[] = [];
    for (const body of offline) {
      const started = performance.now();
      const reply = await sync.request('POST', '/api/f1/sync/bookings', body);
      accept.push(performance.now() - started);
      check(reply.status === 201, () => `an offline write answered ${reply.status}: ${reply.text.slice(0, 200)}`);
    }
    check(outbox!.summary().waiting === WRITES, `the outbox holds ${outbox!.summary().waiting} writes`);
    accept.sort((a, b) => a - b);
    const p99 = percentile(accept, 99);
    line(
      `(o) offline accept, ${fmt(WRITES)} × POST /bookings`,
      `p50 ${ms(percentile(accept, 50))}, p99 ${ms(p99)}`,
      `p99 < ${TARGET_ACCEPT_P99_MS} ms`,
      pass(p99 < TARGET_ACCEPT_P99_MS),
    );

    await lineToRemote.restore();
    const replayStarted = performance.now();
    const retry = await deskApi.request('POST', '/api/desk/outbox/retry');
    check(retry.status === 204, `"send now" answered ${retry.status}`);
    for (;;) {
      const summary = outbox!.summary();
      check(summary.attention === 0, `writes held for a person: ${JSON.stringify(summary)}`);
      if (summary.waiting === 0) break;
      check(performance.now() - replayStarted < 15 * 60_000, 'the replay took over 15 minutes');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const replaySeconds = (performance.now() - replayStarted) / 1000;
    const replayRate = WRITES / replaySeconds;
    line(
      '    replay to the remote, line restored',
      `${fmt(replayRate)} writes/s`,
      '',
      `(${replaySeconds.toFixed(1)} s)`,
    );

    // (p) Online: the same writes, other external ids, each forwarded and answered by the remote.
    const online = bookings('ON', today);
    const onlineStarted = performance.now();
    for (const body of online) {
      const reply = await sync.request('POST', '/api/f1/sync/bookings', body);
      check(reply.status === 201, () => `an online write answered ${reply.status}: ${reply.text.slice(0, 200)}`);
    }
    const onlineSeconds = (performance.now() - onlineStarted) / 1000;
    const onlineRate = WRITES / onlineSeconds;
    line(
      `(p) online, ${fmt(WRITES)} × POST /bookings through the desk`,
      `${fmt(onlineRate)} writes/s`,
      '',
      `(${onlineSeconds.toFixed(1)} s)`,
    );
    const share = replayRate / onlineRate;
    line(
      '    replay / online',
      `${(share * 100).toFixed(0)} %`,
      `>= ${TARGET_REPLAY_SHARE * 100} %`,
      pass(share >= TARGET_REPLAY_SHARE),
    );
    sync.close();
    deskApi.close();
  } finally {
    await desk?.close();
    await lineToRemote.close();
    await remote.stop().catch(() => undefined);
    rmSync(join(root, 'outbox-remote'), { recursive: true, force: true });
    rmSync(join(root, 'outbox-desk'), { recursive: true, force: true });
  }
}
