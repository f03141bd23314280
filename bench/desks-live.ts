/**
 * Several desks at one venue, live (docs/desks.md), part of `npm run bench -- --only desks`:
 *
 *  (t) a write at one desk until it is on another desk's screen, over a venue LAN of network
 *      namespaces: the main desk (`serve --lan`) in one, a desk paired with it by a real code in
 *      another, and between them the venue's bridge and the main desk's TLS. Both ways: made at
 *      the paired desk and seen at the main desk, made at the main desk and seen at the paired
 *      desk; each a check-in (desk API) or a booking edit (Sync API, as the booking system or the
 *      booking form sends it). "Seen": the other desk's change stream named the booking and asking
 *      again, as a screen does, gave the new value (bench/desks-live-probe.ts). p50/p99 from the
 *      write's sending. Target: p99 within 2 s (docs/desks.md "Live").
 *  (t') the same over a slow, lossy Wi-Fi at the paired desk (tc netem 300 ms, 5 % loss; without netem, nftables and a relay: test/support/venue-netns.ts), info.
 *
 * The writer and the watcher are processes of their own in their desks' namespaces; the times are
 * the machine's one wall clock. Needs root (namespaces): where a venue cannot be made, the line
 * says why and the figure is skipped, never made up.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { dateInZone } from '../shared/dates';
import { NetemUnavailable, openVenue, type Venue, type VenueProcess } from '../test/support/venue-netns';
import { check, ms, percentile, type Line } from './common';
import { BENCH_TIMEZONE } from './bench-seed';
import { seedMainDesk } from './desks-catch-up';

const NODE = process.execPath;
const CLI = join(import.meta.dirname, '..', 'bin', 'dropzone-desk.mjs');
const PROBE = join(import.meta.dirname, 'desks-live-probe.ts');
const LAN_PORT = 4781;
const DESK_PORT = 4780;
/** Writes per direction: half check-ins, half edits; each on a booking of its own in turn. */
const WRITES = Number(process.env.BENCH_DESKS_LIVE_WRITES ?? 100);
const LOSSY_WRITES = Math.max(10, Math.round(WRITES / 4));
/** Between two writes of one writer: more than a change's way across, so one write is timed at a time. */
const GAP_MS = 250;
const TARGET_P99_MS = 2_000;
const WAIT_LIMIT_MS = 120_000;

interface Row {
  id: number;
  external_id: string;
}

async function waitFor<T>(what: string, probe: () => T | undefined | null | false): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    check(Date.now() - started < WAIT_LIMIT_MS, `waited ${WAIT_LIMIT_MS / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const lines = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** A desk's session token, from its "Desk:" line. */
async function servedToken(desk: VenueProcess, who: string): Promise<string> {
  const found = await waitFor(`the ${who} to serve`, () => {
    check(desk.child.exitCode === null, `the ${who} stopped:\n${desk.output()}`);
    return /Desk: +http:\/\/127\.0\.0\.1:\d+\/\?token=(\S+)/.exec(desk.output());
  });
  return found[1] as string;
}

/** One direction: the writer at one desk, the watcher at the other; ms from each write's sending to its sight. */
async function timeDirection(
  venue: Venue,
  from: { host: string; base: string; token: string },
  to: { host: string; base: string; token: string },
  rows: Row[],
  count: number,
  tag: string,
): Promise<{ delays: number[]; unseen: number }> {
  const watcher = venue.spawn(to.host, NODE, [
    '--import',
    'tsx',
    PROBE,
    'watch',
    to.base,
    to.token,
    JSON.stringify(rows),
  ]);
  try {
    await waitFor(`the watcher at the ${to.host} desk`, () => {
      check(watcher.child.exitCode === null, `the watcher stopped:\n${watcher.output()}`);
      return lines(watcher.output()).some((l) => l.ready);
    });
    const writes = Array.from({ length: count }, (_, i) => {
      const row = rows[i % rows.length] as Row;
      return { ...row, kind: i % 2 === 0 ? 'check-in' : 'edit', marker: `Live ${tag} ${i}` };
    });
    const writer = venue.spawn(from.host, NODE, [
      '--import',
      'tsx',
      PROBE,
      'write',
      from.base,
      from.token,
      JSON.stringify(writes),
      String(GAP_MS),
    ]);
    const code = await writer.exited;
    check(code === 0, `the writer at the ${from.host} desk failed:\n${writer.output()}`);
    const wrote = lines(writer.output()).filter((l) => l.wrote !== undefined);
    const refused = wrote.find((l) => l.status !== 200);
    check(refused === undefined, `a write was refused: ${JSON.stringify(refused)}`);
    // The last write has its change's way across (and the lossy link its retransmits) to be seen.
    const deadline = Date.now() + 10_000;
    const seenAt = new Map<string, number>();
    for (;;) {
      for (const l of lines(watcher.output())) if (typeof l.seen === 'string') seenAt.set(l.seen, l.at as number);
      if (seenAt.size >= wrote.length || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const delays = wrote.flatMap((l) => {
      const at = seenAt.get(l.wrote as string);
      return at === undefined ? [] : [at - (l.sent as number)];
    });
    return { delays, unseen: wrote.length - delays.length };
  } finally {
    await watcher.stop();
  }
}

function report(
  line: Line,
  label: string,
  result: { delays: number[]; unseen: number },
  target: boolean,
  pass: (ok: boolean) => string,
): void {
  const sorted = [...result.delays].sort((a, b) => a - b);
  const p99 = sorted.length === 0 ? Number.POSITIVE_INFINITY : percentile(sorted, 99);
  const value = `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(p99)} (${sorted.length} writes${result.unseen ? `, ${result.unseen} never seen` : ''})`;
  if (target) line(label, value, `p99 < ${TARGET_P99_MS / 1000} s`, pass(p99 < TARGET_P99_MS && result.unseen === 0));
  else line(label, value, '(info)');
}

export async function benchDesksLive(root: string, line: Line, pass: (ok: boolean) => string): Promise<void> {
  const venue = openVenue(['main', 'desk']);
  if ('skip' in venue) {
    line('(t) a write at one desk → on another', `skipped: ${venue.skip}`);
    return;
  }
  const today = dateInZone(new Date(), BENCH_TIMEZONE);
  const mainDir = join(root, 'live-main');
  const pairedDir = join(root, 'live-paired');
  mkdirSync(mainDir, { recursive: true });
  mkdirSync(pairedDir, { recursive: true });
  const processes: VenueProcess[] = [];
  try {
    await seedMainDesk(mainDir, today);
    const mainData = join(mainDir, 'data');
    const main = venue.spawn('main', NODE, [
      CLI,
      'serve',
      '--no-ui-build',
      '--port',
      String(DESK_PORT),
      '--data-dir',
      mainData,
      '--lan',
      '--lan-port',
      String(LAN_PORT),
    ]);
    processes.push(main);
    const mainToken = await servedToken(main, 'main desk');
    const lan = await waitFor("the main desk's LAN line", () =>
      new RegExp(`^LAN: (https://${venue.hosts.main!.address.replace(/\./g, '\\.')}:\\d+)`, 'm').exec(main.output()),
    );
    const paired = venue.run('main', NODE, [CLI, 'desks', 'pair', '--data-dir', mainData]);
    check(paired.status === 0, `desks pair: ${paired.stderr}`);
    const code = /^Pairing code: (\S+)$/m.exec(paired.stdout)?.[1];
    check(code !== undefined, `no pairing code in: ${paired.stdout}`);
    const desk = venue.spawn('desk', NODE, [
      CLI,
      'serve',
      '--no-ui-build',
      '--port',
      String(DESK_PORT),
      '--data-dir',
      pairedDir,
      '--join',
      lan[1] as string,
      '--code',
      code as string,
      '--name',
      'Video desk',
    ]);
    processes.push(desk);
    const deskToken = await servedToken(desk, 'paired desk');

    // Today's bookings, as the main desk lists them: the writes go round the first 40.
    const base = `http://127.0.0.1:${DESK_PORT}`;
    const listed = venue.run('main', NODE, [
      '--import',
      'tsx',
      join(import.meta.dirname, '..', 'test', 'support', 'netns-calls.ts'),
      base,
      '-',
      mainToken,
      JSON.stringify([{ path: `/api/desk/bookings?from=${today}&to=${today}&per_page=40` }]),
    ]);
    check(listed.status === 0, listed.stderr);
    const rows = (
      (JSON.parse(listed.stdout.trim().split('\n').at(-1) as string) as { body: { bookings: Row[] } }[])[0]?.body
        .bookings ?? []
    ).map(({ id, external_id }) => ({ id, external_id }));
    check(rows.length === 40, `the main desk lists ${rows.length} bookings of today, not 40`);

    const atMain = { host: 'main', base, token: mainToken };
    const atDesk = { host: 'desk', base, token: deskToken };
    const toMain = await timeDirection(venue, atDesk, atMain, rows, WRITES, 'p');
    report(line, "(t) paired desk → main desk's screen", toMain, true, pass);
    const toDesk = await timeDirection(venue, atMain, atDesk, rows, WRITES, 'm');
    report(line, "    main desk → paired desk's screen", toDesk, true, pass);
    try {
      const how = await venue.slowWifi('desk', {
        delayMs: 300,
        lossPercent: 5,
        to: [{ address: venue.hosts.main!.address, port: LAN_PORT }],
      });
      line("(t') the same over a slow, lossy Wi-Fi", `made with ${how}`);
    } catch (error) {
      if (!(error instanceof NetemUnavailable)) throw error;
      line("(t') the same over a slow, lossy Wi-Fi", `skipped: ${error.message}`);
      return;
    }
    const lossyToMain = await timeDirection(venue, atDesk, atMain, rows, LOSSY_WRITES, 'lp');
    report(line, "(t') paired → main, Wi-Fi 300 ms, 5 % loss", lossyToMain, false, pass);
    const lossyToDesk = await timeDirection(venue, atMain, atDesk, rows, LOSSY_WRITES, 'lm');
    report(line, '     main → paired, the same Wi-Fi', lossyToDesk, false, pass);
  } finally {
    for (const p of processes.reverse()) await p.stop();
    venue.close();
  }
}
