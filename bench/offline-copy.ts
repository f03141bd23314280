/**
 * Proxy mode's copy of the remote (docs/offline.md), `npm run bench -- --only copy`:
 *
 *  (l) the first full copy of 100,000 bookings (29 jump days of about 3,450) from a remote on the
 *      same machine (our own desk, in a process of its own): the time until every day, today's and
 *      tomorrow's shows, the filmers and the catalogue are in, and the requests it took;
 *  (m) the steady refresh's requests a minute, from what each slice cost in (l) and how often it
 *      is fetched (copy-refresher.ts DEFAULT_COPY_TIMING);
 *  (n) reads answered from the copy while the remote is down (its process stopped: connection
 *      refused), over HTTP one at a time: a Sync API list page of today, a name search within the
 *      window, a show, and reception's desk list searched by phone; target p99 < 15 ms.
 */
import { BENCH_TIMEZONE, benchSeedFile } from './bench-seed';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, dateInZone } from '../shared/dates';
import { DEFAULT_COPY_TIMING } from '../electron/offline/copy-refresher';
import { startDesk, type RunningDesk } from '../electron/start';
import { mulberry32 } from '../scripts/seeded-random';
import { check, Client, FIRST, fmt, LAST, ms, PACKAGES, percentile, type Line } from './common';
import { startDeskProcess } from './scale';

const TIMEZONE = BENCH_TIMEZONE;
const COPY_BOOKINGS = 100_000;
const REMOTE_TOKEN = 'bench-remote-token-aaaaaaaaaaaa';
const DESK_TOKEN = 'bench-desk-token-bbbbbbbbbbbbbb';
const WARMUP = 30;
const SAMPLES = 300;
const TARGET_P99_MS = 15;

/** 100,000 bookings over the copy's window (13 days back to 14 ahead: a day back stays creatable all day). */
async function fillRemote(dir: string, today: string): Promise<void> {
  const desk = await startDesk({
    dataDir: dir,
    port: 0,
    seedFile: benchSeedFile(join(dir, '..'), REMOTE_TOKEN),
    logErrors: false,
    backups: false,
  });
  try {
    const client = new Client(desk.url, REMOTE_TOKEN);
    const random = mulberry32(22);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    for (let start = 0; start < COPY_BOOKINGS; start += 500) {
      const bookings = Array.from({ length: Math.min(500, COPY_BOOKINGS - start) }, (_, k) => {
        const i = start + k;
        return {
          external_id: `CP-${String(i).padStart(6, '0')}`,
          name: `${pick(FIRST)} ${pick(LAST)}`,
          email: `guest.${i}@example.com`,
          mobile: `+31 6 ${String(10_000_000 + i).padStart(8, '0')}`,
          jump_on: addDays(today, -13 + (i % 28)),
          camera_package: pick(PACKAGES),
        };
      });
      const reply = await client.request('POST', '/api/f1/sync/bookings/batch', JSON.stringify({ bookings }));
      check(reply.status === 200, () => `filling the remote: HTTP ${reply.status} ${reply.text.slice(0, 200)}`);
    }
  } finally {
    await desk.close();
  }
}

async function latency(client: Client, path: () => string) {
  const run = async () => {
    const started = performance.now();
    const reply = await client.request('GET', path());
    const elapsed = performance.now() - started;
    check(reply.status === 200, () => `GET ${path()} answered ${reply.status}: ${reply.text.slice(0, 200)}`);
    return elapsed;
  };
  for (let i = 0; i < WARMUP; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await run());
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

export async function benchOfflineCopy(root: string, line: Line, pass: (ok: boolean) => string): Promise<void> {
  const today = dateInZone(new Date(), TIMEZONE);
  const remoteDir = join(root, 'copy-remote', 'data');
  mkdirSync(remoteDir, { recursive: true });
  await fillRemote(remoteDir, today);
  const remote = await startDeskProcess(remoteDir);
  let desk: RunningDesk | undefined;
  try {
    const deskDir = join(root, 'copy-desk');
    mkdirSync(deskDir, { recursive: true });
    // The desk counts its requests to the remote by kind, to price each slice for (m).
    const started = performance.now();
    desk = await startDesk({
      dataDir: join(deskDir, 'data'),
      port: 0,
      seedFile: benchSeedFile(deskDir, DESK_TOKEN),
      logErrors: false,
      backups: false,
      connectionOverrides: {
        mode: 'proxy',
        remoteUrl: remote.url,
        credentials: { kind: 'bearer', token: REMOTE_TOKEN },
      },
    });
    const offline = desk.offline;
    await offline.settled();
    const copy = offline.copy();
    check(copy !== null, 'the desk opened no copy of the remote');
    const window = copy!.window();
    const wanted = [`shows:${window.today}`, `shows:${window.tomorrow}`, 'filmers', 'products', 'upgrades'];
    for (let day = window.from; day <= window.to; day = addDays(day, 1)) wanted.push(`day:${day}`);
    for (;;) {
      const ages = copy!.sliceAges();
      if (wanted.every((slice) => ages.has(slice))) break;
      check(performance.now() - started < 30 * 60_000, 'the first copy took over 30 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const requests = offline.status()!.refresh.requests;
    const held = copy!.store.bookings.count(copy!.dropzone.id);
    line(
      '(l) first full copy of the remote',
      `${fmt(held)} bookings in ${seconds.toFixed(1)} s, ${fmt(requests)} requests`,
      '(info)',
    );

    // (m): per slice, what one refresh costs (pages of 200, one show per booking) and how often it runs.
    const perDay = COPY_BOOKINGS / 28;
    const pages = Math.ceil(perDay / 200);
    const t = DEFAULT_COPY_TIMING;
    const perMinute = (requests: number, everyMs: number) => (requests * 60_000) / everyMs;
    const steady =
      perMinute(pages, t.todayMs) +
      perMinute(pages, t.tomorrowMs) +
      27 * perMinute(pages, t.otherDaysMs) +
      perMinute(perDay, t.todayShowsMs) +
      perMinute(perDay, t.tomorrowShowsMs) +
      perMinute(1, t.filmersMs) +
      2 * perMinute(1, t.catalogueMs);
    const lists = perMinute(pages, t.todayMs) + perMinute(pages, t.tomorrowMs) + 27 * perMinute(pages, t.otherDaysMs);
    line('(m) steady refresh at rest', `${fmt(steady, 1)} requests/min`, '(info)');
    line(`    of which the day lists (${fmt(perDay)} a day)`, `${fmt(lists, 1)} requests/min`, '(info)');
    const small = 60;
    const smallRate =
      perMinute(1, t.todayMs) +
      perMinute(1, t.tomorrowMs) +
      27 * perMinute(1, t.otherDaysMs) +
      perMinute(small, t.todayShowsMs) +
      perMinute(small, t.tomorrowShowsMs) +
      perMinute(1, t.filmersMs) +
      2 * perMinute(1, t.catalogueMs);
    line('    the same for 60 bookings a day', `${fmt(smallRate, 1)} requests/min`, '(info)');

    // (n): the remote's process stopped: every read is the copy's.
    await remote.stop();
    const sync = new Client(desk.url, DESK_TOKEN);
    const deskApi = new Client(desk.url, desk.sessionToken);
    const probe = await sync.request(
      'GET',
      `/api/f1/sync/bookings?q%5Bjump_on_gteq%5D=${today}&q%5Bjump_on_lteq%5D=${today}`,
    );
    check(probe.status === 200, () => `a list from the copy answered ${probe.status}: ${probe.text.slice(0, 200)}`);
    const random = mulberry32(7);
    const todays = copy!.store.remoteCopy.bookingsOnDay(copy!.dropzone.id, today).map((b) => b.external_id!);
    const figures: [string, { p50: number; p99: number }][] = [
      [
        "list, today's first page",
        await latency(sync, () => `/api/f1/sync/bookings?q%5Bjump_on_gteq%5D=${today}&q%5Bjump_on_lteq%5D=${today}`),
      ],
      [
        'q[name_cont], the whole window',
        await latency(
          sync,
          () =>
            `/api/f1/sync/bookings?q%5Bname_cont%5D=${encodeURIComponent(LAST[Math.floor(random() * LAST.length)]!)}&q%5Bjump_on_gteq%5D=${window.from}&q%5Bjump_on_lteq%5D=${window.to}`,
        ),
      ],
      [
        "a show of today's",
        await latency(sync, () => `/api/f1/sync/bookings/${todays[Math.floor(random() * todays.length)]}`),
      ],
      [
        'desk list, phone digits',
        await latency(deskApi, () => `/api/desk/bookings?q=${10_000_000 + Math.floor(random() * COPY_BOOKINGS)}`),
      ],
    ];
    for (const [label, { p50, p99 }] of figures)
      line(`(n) remote down: ${label}`, `p50 ${ms(p50)}, p99 ${ms(p99)}`, pass(p99 < TARGET_P99_MS));
  } finally {
    await desk?.close();
    await remote.stop().catch(() => undefined);
    rmSync(join(root, 'copy-remote'), { recursive: true, force: true });
    rmSync(join(root, 'copy-desk'), { recursive: true, force: true });
  }
}
