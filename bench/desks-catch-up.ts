/**
 * Several desks at one venue (docs/desks.md), `npm run bench -- --only desks`:
 *
 *  (q) a paired desk cut off from its main desk: 500 writes made there apart, as reception makes
 *      them (check-ins through the desk API, booking edits through the Sync API as the booking form
 *      saves them apart), one per call, on 500 distinct bookings of today; p50/p99 of the accept (info).
 *  (r) the line restored: the time until everything landed at the main desk: the paired desk has
 *      no mark waiting and its outbox nothing waiting or held for a person, and the main desk's
 *      store holds every check-in (once) and every edit. Target: within 60 s. The line stays cut a
 *      minute in all (APART_S), and nothing is pressed ("Send now"): the desks come back by
 *      themselves, from the waits a real cut leaves them in.
 *
 * The main desk (local mode, ~600 bookings of today) runs in a process of its own, as it would on
 * another computer; the paired desk runs in the bench's, and reaches the main desk over plain HTTP
 * on loopback through a line the bench cuts and restores (bench/cuttable-line.ts). The LAN's TLS and
 * pairing are left out: the main desk's session token stands for the paired desk's credential, as in
 * test/api/paired-desk.test.ts.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { dateInZone } from '../shared/dates';
import { startDesk, type RunningDesk } from '../electron/start';
import { storePath } from '../electron/store/open';
import { mulberry32 } from '../scripts/seeded-random';
import { BENCH_TIMEZONE, benchSeedFile } from './bench-seed';
import { check, Client, FIRST, fmt, LAST, ms, PACKAGES, percentile, type Line } from './common';
import { startLine, type CuttableLine } from './cuttable-line';
import { startDeskProcess, type DeskProcess } from './scale';

const TIMEZONE = BENCH_TIMEZONE;
const BOOKINGS_TODAY = 600;
const WRITES = 500;
const MAIN_TOKEN = 'bench-main-token-eeeeeeeeeeeeeee';
const MAIN_NAME = 'Reception';
const RECORDED_BY = 'Bench';
const TARGET_CATCH_UP_S = 60;
/**
 * How long the line stays cut (BENCH_DESKS_APART_S; fewer for a quick look). A minute: long enough
 * for the waits after a failure (the link's reconnect, the outbox's backoff) to reach their caps, as
 * after a real cut; a cut of a second or two measures a paired desk that has hardly started waiting.
 */
const APART_S = Number(process.env.BENCH_DESKS_APART_S ?? 60);
/** Each wait's limit: past it the bench stops and says what it waited for. */
const WAIT_LIMIT_MS = 5 * 60_000;
const POLL_MS = 100;

interface Row {
  id: number;
  external_id: string;
}

/** One write made apart: a check-in (desk API) or a booking edit (Sync API), and what the main desk should hold after. */
type Write =
  { kind: 'check-in'; booking: Row } | { kind: 'edit'; booking: Row; field: 'mobile' | 'reference'; value: string };

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    check(performance.now() - started < WAIT_LIMIT_MS, `waited ${WAIT_LIMIT_MS / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function json<T>(reply: { status: number; text: string }, what: string): T {
  check(reply.status === 200, () => `${what} answered HTTP ${reply.status}: ${reply.text.slice(0, 300)}`);
  return JSON.parse(reply.text) as T;
}

/** The main desk's store: 600 bookings of today through the Sync API, then closed (its own process serves it). */
export async function seedMainDesk(dir: string, today: string): Promise<void> {
  const seeding = await startDesk({
    dataDir: join(dir, 'data'),
    port: 0,
    seedFile: benchSeedFile(dir, MAIN_TOKEN),
    logErrors: false,
    backups: false,
  });
  const sync = new Client(seeding.url, MAIN_TOKEN);
  try {
    const random = mulberry32(47);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    const bookings = Array.from({ length: BOOKINGS_TODAY }, (_, i) => ({
      external_id: `DESKS-${String(i).padStart(4, '0')}`,
      name: `${pick(FIRST)} ${pick(LAST)}`,
      email: `guest.${i}@example.com`,
      mobile: `+31 6 ${String(30_000_000 + i).padStart(8, '0')}`,
      jump_on: today,
      camera_package: pick(PACKAGES),
    }));
    for (let i = 0; i < bookings.length; i += 300) {
      const reply = await sync.request(
        'POST',
        '/api/f1/sync/bookings/batch',
        JSON.stringify({ bookings: bookings.slice(i, i + 300) }),
      );
      const { results } = json<{ results: { status: string }[] }>(reply, 'the seed batch');
      check(
        results.every((r) => r.status === 'created'),
        `the seed batch: ${JSON.stringify(results.find((r) => r.status !== 'created'))}`,
      );
    }
  } finally {
    sync.close();
    await seeding.close();
  }
}

/** The writes reception makes apart: every other one a check-in, the others a phone or a note changed. */
function writesOn(rows: Row[]): Write[] {
  return rows.slice(0, WRITES).map((booking, i): Write => {
    if (i % 2 === 0) return { kind: 'check-in', booking };
    return i % 4 === 1
      ? { kind: 'edit', booking, field: 'mobile', value: `+31 6 ${String(90_000_000 + i).padStart(8, '0')}` }
      : { kind: 'edit', booking, field: 'reference', value: `Bench note ${i}: paid the video at the desk` };
  });
}

interface MainDeskView {
  /** Bench check-ins at the main desk: marks received, bookings marked, bookings whose mark in force is the bench's. */
  marks: number;
  markedBookings: number;
  inForce: number;
  /** Edits whose value the main desk's booking holds. */
  edits: number;
}

/** What of the writes the main desk's store holds (read-only, beside the running main desk). */
function mainDeskView(storeFile: string, writes: Write[], today: string): MainDeskView {
  const db = new Database(storeFile, { readonly: true, fileMustExist: true });
  try {
    const marks = db
      .prepare<[string], { marks: number; booked: number }>(
        'SELECT count(*) AS marks, count(DISTINCT booking_id) AS booked FROM check_in_marks WHERE recorded_by = ?',
      )
      .get(RECORDED_BY)!;
    const inForce = db
      .prepare<[string, string], { n: number }>(
        "SELECT count(*) AS n FROM check_ins WHERE day = ? AND recorded_by = ? AND state = 'arrived'",
      )
      .get(today, RECORDED_BY)!.n;
    const held = new Map(
      db
        .prepare<[string], { external_id: string; mobile: string | null; reference: string | null }>(
          'SELECT external_id, mobile, reference FROM bookings WHERE jump_on = ?',
        )
        .all(today)
        .map((b) => [b.external_id, b]),
    );
    const edits = writes.filter((w) => w.kind === 'edit' && held.get(w.booking.external_id)?.[w.field] === w.value);
    return { marks: marks.marks, markedBookings: marks.booked, inForce, edits: edits.length };
  } finally {
    db.close();
  }
}

/** How the paired desk settled the check-ins it made apart (its copy's `main_desk_marks`): outcome → count. */
function markOutcomes(paired: RunningDesk, dataDir: string): Record<string, number> {
  const folder = join(dataDir, 'copies');
  const counts: Record<string, number> = {};
  check(paired.offline.copy() !== null, 'the paired desk has no copy of its main desk open');
  for (const name of readdirSync(folder).filter((n) => n.endsWith('.sqlite3'))) {
    const db = new Database(join(folder, name), { readonly: true, fileMustExist: true });
    try {
      for (const { outcome, n } of db
        .prepare<[], { outcome: string | null; n: number }>(
          'SELECT outcome, count(*) AS n FROM main_desk_marks GROUP BY outcome',
        )
        .all())
        counts[outcome ?? 'waiting'] = (counts[outcome ?? 'waiting'] ?? 0) + n;
    } finally {
      db.close();
    }
  }
  return counts;
}

interface PairedView {
  state: string;
  marksWaiting: number;
  waiting: number;
  attention: number;
}

async function pairedView(desk: Client): Promise<PairedView> {
  const session = json<{ main_desk: { state: string; marks_waiting: number } | null }>(
    await desk.request('GET', '/api/desk/session'),
    "the paired desk's session",
  );
  check(session.main_desk !== null, 'the paired desk names no main desk');
  const outbox = json<{ waiting: number; attention: number }>(
    await desk.request('GET', '/api/desk/outbox/summary'),
    "the paired desk's outbox summary",
  );
  return {
    state: session.main_desk!.state,
    marksWaiting: session.main_desk!.marks_waiting,
    waiting: outbox.waiting,
    attention: outbox.attention,
  };
}

export async function benchDesksCatchUp(root: string, line: Line, pass: (ok: boolean) => string): Promise<void> {
  const today = dateInZone(new Date(), TIMEZONE);
  const mainDir = join(root, 'desks-main');
  const pairedDir = join(root, 'desks-paired', 'data');
  mkdirSync(mainDir, { recursive: true });
  mkdirSync(pairedDir, { recursive: true });
  let main: DeskProcess | undefined;
  let lineToMain: CuttableLine | undefined;
  let paired: RunningDesk | undefined;
  const clients: Client[] = [];
  try {
    await seedMainDesk(mainDir, today);
    const mainStore = storePath(join(mainDir, 'data'));
    main = await startDeskProcess(join(mainDir, 'data'));
    lineToMain = await startLine(main.url);
    paired = await startDesk({
      dataDir: pairedDir,
      port: 0,
      logErrors: false,
      backups: false,
      mainDesk: { url: lineToMain.url, fingerprint: '', credential: main.token, name: MAIN_NAME },
    });
    const desk = new Client(paired.url, paired.sessionToken);
    clients.push(desk);
    await paired.readersStarted();
    await waitUntil('the paired desk to reach its main desk', async () =>
      (await pairedView(desk)).state === 'answering' ? true : undefined,
    );
    const copyOfMain = paired.offline;
    await waitUntil("the paired desk's copy to hold today's bookings", () =>
      copyOfMain.copy()?.sliceAges().has(`day:${today}`) ? true : undefined,
    );
    // Today's bookings as reception's list shows them (by the main desk's ids).
    const rows: Row[] = [];
    for (let page = 1; rows.length < BOOKINGS_TODAY; page++) {
      const { bookings } = json<{ bookings: Row[] }>(
        await desk.request('GET', `/api/desk/bookings?from=${today}&to=${today}&per_page=200&page=${page}`),
        "the paired desk's list of today",
      );
      check(bookings.length > 0, `the paired desk lists ${rows.length} bookings of today, not ${BOOKINGS_TODAY}`);
      rows.push(...bookings.map(({ id, external_id }) => ({ id, external_id })));
    }
    const writes = writesOn(rows);
    const checkIns = writes.filter((w) => w.kind === 'check-in').length;
    const edits = writes.length - checkIns;
    const sync = new Client(paired.url, paired.sessionToken);
    clients.push(sync);

    // (q) The line cut; once the paired desk says so, reception goes on there.
    await lineToMain.cut();
    const cutAt = performance.now();
    await waitUntil('the paired desk to say its main desk is not answering', async () =>
      (await pairedView(desk)).state === 'not_answering' ? true : undefined,
    );
    const noticedSeconds = (performance.now() - cutAt) / 1000;
    const accepts: Record<Write['kind'], number[]> = { 'check-in': [], edit: [] };
    for (const write of writes) {
      const started = performance.now();
      const reply =
        write.kind === 'check-in'
          ? await desk.request(
              'PUT',
              `/api/desk/bookings/by-id/${write.booking.id}/check-in`,
              JSON.stringify({ state: 'arrived', recorded_by: RECORDED_BY }),
            )
          : await sync.request(
              'POST',
              '/api/f1/sync/bookings',
              JSON.stringify({ external_id: write.booking.external_id, [write.field]: write.value }),
            );
      accepts[write.kind].push(performance.now() - started);
      check(
        reply.status === 200,
        `a ${write.kind} made apart answered HTTP ${reply.status}: ${reply.text.slice(0, 300)}`,
      );
    }
    const writtenSeconds = (performance.now() - cutAt) / 1000;
    const kept = await pairedView(desk);
    check(
      kept.state === 'not_answering' && kept.marksWaiting === checkIns && kept.waiting === edits,
      `after the writes apart the paired desk holds ${JSON.stringify(kept)}, not ${checkIns} marks and ${edits} writes waiting`,
    );
    check(mainDeskView(mainStore, writes, today).marks === 0, 'a check-in made apart is at the main desk already');
    for (const [kind, label] of [
      ['check-in', `(q) apart: ${checkIns} × PUT …/check-in`],
      ['edit', `    apart: ${edits} × POST /bookings (an edit)`],
    ] as const) {
      const sorted = [...accepts[kind]].sort((a, b) => a - b);
      line(label, `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}`, '(info)');
    }

    // (r) Apart for a while yet, then the line back: nothing pressed, the time until every write is at the main desk.
    const apartMs = APART_S * 1000 - (performance.now() - cutAt);
    if (apartMs > 0) await new Promise((resolve) => setTimeout(resolve, apartMs));
    const apartSeconds = (performance.now() - cutAt) / 1000;
    await lineToMain.restore();
    const restoredAt = performance.now();
    const firstSeen: Record<string, number> = {};
    const note = (what: string, done: boolean) => {
      if (done) firstSeen[what] ??= (performance.now() - restoredAt) / 1000;
    };
    let last: { paired: PairedView; main: MainDeskView } | undefined;
    await waitUntil('every write made apart to land at the main desk', async () => {
      const now = { paired: await pairedView(desk), main: mainDeskView(mainStore, writes, today) };
      last = now;
      check(
        now.paired.attention === 0,
        `writes made apart are held for a person at the paired desk: ${JSON.stringify(now)}`,
      );
      check(now.main.marks <= checkIns, `the main desk holds more check-ins than were made: ${JSON.stringify(now)}`);
      note('answering', now.paired.state === 'answering');
      note('marks sent', now.paired.marksWaiting === 0);
      note('outbox sending', now.paired.waiting < edits);
      note('check-ins at the main desk', now.main.marks === checkIns && now.main.inForce === checkIns);
      note('edits at the main desk', now.main.edits === edits);
      const landed =
        now.paired.marksWaiting === 0 &&
        now.paired.waiting === 0 &&
        now.main.marks === checkIns &&
        now.main.markedBookings === checkIns &&
        now.main.inForce === checkIns &&
        now.main.edits === edits;
      return landed ? true : undefined;
    }).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}; last seen: ${JSON.stringify(last)}`);
    });
    const catchUpSeconds = (performance.now() - restoredAt) / 1000;
    line(
      `(r) back: all ${WRITES} at the main desk`,
      `${catchUpSeconds.toFixed(1)} s`,
      `< ${TARGET_CATCH_UP_S} s`,
      pass(catchUpSeconds < TARGET_CATCH_UP_S),
    );
    line('    writes/s over the catch-up', `${fmt(WRITES / catchUpSeconds)} writes/s`, '(info)');
    const after = (what: string) => `${firstSeen[what]?.toFixed(1) ?? '?'} s`;
    line('    the paired desk says "answering" after', after('answering'), '(info)');
    line('    every check-in at the main desk after', after('check-ins at the main desk'), '(info)');
    line(
      '    edits: the first / every one landed after',
      `${after('outbox sending')} / ${after('edits at the main desk')}`,
      '(info)',
    );
    console.log(
      `  the paired desk said "not answering" ${noticedSeconds.toFixed(1)} s after the cut, had the ${WRITES} writes ${writtenSeconds.toFixed(1)} s after it; the line was back after ${apartSeconds.toFixed(1)} s`,
    );

    // Each landed once: one mark per booking at the main desk, each settled as recorded, each edit sent.
    const outcomes = markOutcomes(paired, pairedDir);
    check(
      outcomes.recorded === checkIns && Object.keys(outcomes).length === 1,
      `the paired desk settled its marks as ${JSON.stringify(outcomes)}, not ${checkIns} recorded`,
    );
    const settled = json<{ ops: { outcome: string | null }[]; total: number }>(
      await desk.request('GET', '/api/desk/outbox?state=settled&per_page=500'),
      "the paired desk's settled writes",
    );
    const byOutcome: Record<string, number> = {};
    for (const op of settled.ops) byOutcome[op.outcome ?? 'none'] = (byOutcome[op.outcome ?? 'none'] ?? 0) + 1;
    check(
      settled.total === edits && byOutcome.sent === edits,
      `the paired desk's outbox settled ${settled.total} writes as ${JSON.stringify(byOutcome)}, not ${edits} sent`,
    );
  } finally {
    for (const client of clients) client.close();
    await paired?.close();
    await lineToMain?.close();
    await main?.stop().catch(() => undefined);
    rmSync(join(root, 'desks-main'), { recursive: true, force: true });
    rmSync(join(root, 'desks-paired'), { recursive: true, force: true });
  }
}
