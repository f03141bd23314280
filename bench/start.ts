/**
 * (s) Start: `dropzone-desk serve` (what `npm run serve` runs) spawned on a store of 100,000
 * bookings, timed from the spawn to the first `200` on GET /api/f1/sync/products, as a booking
 * system polling a desk that just started would see it. Five starts per store, the median and the
 * slowest; an empty store beside it. Target: under 300 ms at 100,000 bookings.
 *
 * The bundles are built (or found up to date) by a start before the clock runs: the figure is a
 * start as a venue meets it every morning, not the first start after a code change.
 */
import { spawn } from 'node:child_process';
import { CODE_CACHE_AFTER_MS } from '../scripts/code-cache.mjs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { storePath } from '../electron/store/open';
import { Store } from '../electron/store/store';
import { freePort } from '../test/support/ports';
import { check, fmt, median, type Line } from './common';
import { fill } from './scale';

const STARTS = 5;
const TARGET_MS = 300;
const LAUNCHER = join(import.meta.dirname, '..', 'bin', 'dropzone-desk.mjs');

/**
 * Milliseconds from the spawn to the first 200 on the products route; the desk is stopped after,
 * or `servesOnMs` later (long enough to keep its code cache, as a desk that served before has).
 */
async function timeOneStart(dataDir: string, token: string, servesOnMs = 0): Promise<number> {
  // The desk is told a free port, so the bench can ask it before it prints anything.
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [LAUNCHER, 'serve', '--no-ui-build', '--port', String(port), '--data-dir', dataDir],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      check(child.exitCode === null, `the desk stopped while starting: ${errors}`);
      check(performance.now() - started < 60_000, `no answer within 60 s: ${errors}`);
      const answered = await fetch(`http://127.0.0.1:${port}/api/f1/sync/products`, {
        headers: { authorization: `Bearer ${token}` },
      }).then(
        (response) => response.status,
        () => 0,
      );
      if (answered === 200) {
        const elapsed = performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, servesOnMs));
        return elapsed;
      }
      check(answered === 0, `the first answer was HTTP ${answered}, not 200`);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** A store with `bookings` bookings (bench/scale.ts's fill) and an API token for it. */
function storeOf(dir: string, bookings: number, today: string): string {
  mkdirSync(dir, { recursive: true });
  fill(dir, 0, bookings, today);
  const store = Store.open(storePath(dir));
  try {
    const dropzone = store.dropzones.byKey('bench');
    check(dropzone !== undefined, 'the bench dropzone is missing');
    return store.tokens.issue(dropzone!.id, 'bench start', new Date().toISOString()).token;
  } finally {
    store.close();
  }
}

export async function benchStart(
  root: string,
  today: string,
  line: Line,
  pass: (ok: boolean) => string,
): Promise<void> {
  console.log(
    `Start: spawn of dropzone-desk serve to the first 200 on GET /api/f1/sync/products, ${STARTS} starts each`,
  );
  line('', 'median (slowest)', 'target', 'result');
  for (const bookings of [0, 100_000]) {
    const dir = join(root, `start-${bookings}`);
    const token = storeOf(dir, bookings, today);
    // Untimed: migrations on a new store, the bundles built if the sources changed, and the code
    // cache kept after the start (scripts/code-cache.mjs), as any desk that served once has it.
    await timeOneStart(dir, token, CODE_CACHE_AFTER_MS + 1_000);
    const times: number[] = [];
    for (let i = 0; i < STARTS; i++) times.push(await timeOneStart(dir, token));
    const targeted = bookings === 100_000;
    line(
      `(s) start, ${bookings === 0 ? 'empty store' : `${fmt(bookings)} bookings`}`,
      `${median(times).toFixed(0)} ms (${Math.max(...times).toFixed(0)})`,
      targeted ? `< ${TARGET_MS} ms` : '(info)',
      targeted ? pass(median(times) < TARGET_MS) : '',
    );
  }
}
