import { addDays, daysBetween } from '../../shared/dates';
import { backoffDelay } from '../../shared/backoff';
import type { RemoteResult } from '../proxy/remote-client';
import { isObject } from '../../shared/objects';
import { beginCopyRead, type CopyRead, type RemoteCopy } from './remote-copy';

/** How often each slice is fetched again (docs/offline.md, "What the refresh costs the remote"). */
export interface CopyTiming {
  todayMs: number;
  tomorrowMs: number;
  otherDaysMs: number;
  todayShowsMs: number;
  tomorrowShowsMs: number;
  filmersMs: number;
  catalogueMs: number;
  /** After a failed request: the first wait, doubling up to the last. */
  retryStartMs: number;
  retryMaxMs: number;
}

export const DEFAULT_COPY_TIMING: CopyTiming = {
  todayMs: 60_000,
  tomorrowMs: 5 * 60_000,
  otherDaysMs: 30 * 60_000,
  todayShowsMs: 10 * 60_000,
  tomorrowShowsMs: 30 * 60_000,
  filmersMs: 5 * 60_000,
  catalogueMs: 5 * 60_000,
  retryStartMs: 2_000,
  retryMaxMs: 60_000,
};

/** GET on the remote's Sync API (path below /api/f1/sync), with the desk's credentials. */
export type RemoteGet = (path: string) => Promise<RemoteResult>;

/** A request the remote did not answer usefully: the round stops, the slice keeps its age. */
class RemoteDidNotAnswer extends Error {}

const PAGE_SIZE = 200;
/** A day whose pages disagree with its count (rows moved while it was paged) is fetched again, this often. */
const DAY_ATTEMPTS = 3;

interface Slice {
  name: string;
  everyMs: number;
  /** Lower first, among slices equally due (the first copy fetches today before the rest). */
  rank: number;
  run: () => Promise<void>;
}

export interface RefresherState {
  /** The last time a request of the refresh was answered. */
  lastAnswerAt: string | null;
  /** Since when requests have failed (null: the last one was answered). */
  failingSince: string | null;
  lastError: string | null;
  requests: number;
}

/**
 * Keeps a RemoteCopy fresh: one slice at a time, the most overdue first, by slices the remote
 * answers exactly (one jump day per fetch, so offset paging cannot skip a booking that moves to
 * another day). A booking gone from its day is shown before it is dropped: 404 gone, 200 moved.
 * One lane, no parallel requests: the refresh never competes with reception's own calls.
 */
export class CopyRefresher {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** The loop is on (start); stop() turns it off and ends a round between two slices. */
  private looping = false;
  private stopping = false;
  private failures = 0;
  private readonly state: RefresherState = { lastAnswerAt: null, failingSince: null, lastError: null, requests: 0 };
  private idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly copy: RemoteCopy,
    private readonly get: RemoteGet,
    private readonly now: () => Date,
    private readonly timing: CopyTiming = DEFAULT_COPY_TIMING,
  ) {}

  view(): RefresherState {
    return { ...this.state };
  }

  start(): void {
    if (this.looping) return;
    this.looping = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops the loop; resolves once a round in progress has ended (its slice written or not). */
  async stop(): Promise<void> {
    this.looping = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.idle;
  }

  /** Runs every due slice now (tests and the bench call it; the loop calls it on its own). */
  async refreshDue(): Promise<void> {
    for (;;) {
      const next = this.nextDue();
      if (!next || this.stopping) return;
      await next.run();
    }
  }

  private schedule(delayMs: number): void {
    if (!this.looping) return;
    this.timer = setTimeout(() => void this.round(), delayMs);
    this.timer.unref();
  }

  private async round(): Promise<void> {
    if (this.running || !this.looping) return;
    this.running = true;
    let done: () => void = () => undefined;
    this.idle = new Promise((resolve) => (done = resolve));
    try {
      await this.refreshDue();
      this.failures = 0;
    } catch (error) {
      // Anything else (the copy's file, say) is a failure of the round too: it backs off and says
      // why, and never ends the desk (the loop runs outside any request).
      if (!(error instanceof RemoteDidNotAnswer)) this.state.lastError = (error as Error).message;
      this.failures += 1;
    } finally {
      this.running = false;
      done();
    }
    this.schedule(this.failures > 0 ? this.retryDelay() : this.untilNextDue());
  }

  private retryDelay(): number {
    return backoffDelay(this.failures, { firstMs: this.timing.retryStartMs, maxMs: this.timing.retryMaxMs });
  }

  private untilNextDue(): number {
    const soonest = Math.min(...this.slices().map((s) => this.dueIn(s)));
    return Math.max(250, Math.min(soonest, 60_000));
  }

  // ---- which slice next --------------------------------------------------------------------

  private slices(): Slice[] {
    const w = this.copy.window();
    const t = this.timing;
    const slices: Slice[] = [
      { name: `day:${w.today}`, everyMs: t.todayMs, rank: 0, run: () => this.refreshDay(w.today) },
      { name: `day:${w.tomorrow}`, everyMs: t.tomorrowMs, rank: 1, run: () => this.refreshDay(w.tomorrow) },
      { name: 'filmers', everyMs: t.filmersMs, rank: 2, run: () => this.refreshFilmers() },
      { name: 'products', everyMs: t.catalogueMs, rank: 3, run: () => this.refreshCatalogue('products') },
      { name: 'upgrades', everyMs: t.catalogueMs, rank: 3, run: () => this.refreshCatalogue('upgrades') },
      { name: `shows:${w.today}`, everyMs: t.todayShowsMs, rank: 4, run: () => this.refreshShows(w.today) },
      { name: `shows:${w.tomorrow}`, everyMs: t.tomorrowShowsMs, rank: 5, run: () => this.refreshShows(w.tomorrow) },
    ];
    for (let day = w.from; day <= w.to; day = addDays(day, 1)) {
      if (day === w.today || day === w.tomorrow) continue;
      const distance = Math.abs(daysBetween(w.today, day));
      slices.push({ name: `day:${day}`, everyMs: t.otherDaysMs, rank: 5 + distance, run: () => this.refreshDay(day) });
    }
    return slices;
  }

  private dueIn(slice: Slice): number {
    const at = this.copy.store.remoteCopy.sliceRefreshedAt(slice.name);
    if (!at) return -Infinity;
    return Date.parse(at) + slice.everyMs - this.now().getTime();
  }

  private nextDue(): Slice | undefined {
    let best: { slice: Slice; due: number } | undefined;
    for (const slice of this.slices()) {
      const due = this.dueIn(slice);
      if (due > 0) continue;
      if (!best || slice.rank < best.slice.rank || (slice.rank === best.slice.rank && due < best.due))
        best = { slice, due };
    }
    return best?.slice;
  }

  // ---- the requests ------------------------------------------------------------------------

  /** One GET; 2xx and 404 are answers, anything else ends the round (the slice keeps its age). */
  private async fetchJson(path: string): Promise<{ status: number; body: unknown }> {
    this.state.requests += 1;
    const result = await this.get(path);
    if (!result.ok) return this.failed(result.failure.error);
    if (result.statusCode !== 404 && (result.statusCode < 200 || result.statusCode > 299))
      return this.failed(`the remote answered ${result.statusCode} to GET ${path.split('?')[0]}`);
    this.state.lastAnswerAt = this.now().toISOString();
    this.state.failingSince = null;
    this.state.lastError = null;
    try {
      const body: unknown = result.body.length > 0 ? JSON.parse(result.body.toString('utf8')) : null;
      return { status: result.statusCode, body };
    } catch {
      return this.failed(`the remote's answer to GET ${path.split('?')[0]} is not JSON`);
    }
  }

  private failed(error: string): never {
    this.state.failingSince ??= this.now().toISOString();
    this.state.lastError = error;
    throw new RemoteDidNotAnswer(error);
  }

  /**
   * A read of the remote and its answer taken in, as one CopyRead: what the desk's own writes
   * changed while it was on its way stays as they left it (remote-copy.ts).
   */
  private async reading<T>(run: (read: CopyRead) => Promise<T>): Promise<T> {
    const read = beginCopyRead();
    try {
      return await run(read);
    } finally {
      read.end();
    }
  }

  async refreshDay(day: string): Promise<void> {
    for (let attempt = 1; attempt <= DAY_ATTEMPTS; attempt++) {
      const missing = await this.reading(async (read) => {
        const { rows, total } = await this.fetchDay(day);
        const ids = new Set(rows.map((row) => (isObject(row) ? row.id : undefined)));
        // Rows that moved while the day was paged: a count that disagrees, or one row twice.
        if (ids.size !== rows.length || rows.length !== total) return undefined;
        return this.copy.replaceDay(day, rows, read);
      });
      if (!missing) continue;
      for (const booking of missing) await this.confirm(booking.external_id!);
      return;
    }
    this.failed(`the bookings of ${day} kept moving while they were paged`);
  }

  /** Every page of one jump day, and the count the last page gave. */
  private async fetchDay(day: string): Promise<{ rows: unknown[]; total: number }> {
    const filter = `q%5Bjump_on_gteq%5D=${day}&q%5Bjump_on_lteq%5D=${day}`;
    const rows: unknown[] = [];
    for (let page = 1; ; page++) {
      const { status, body } = await this.fetchJson(
        `/bookings?include_all=true&per_page=${PAGE_SIZE}&page=${page}&${filter}`,
      );
      if (status !== 200 || !isObject(body) || !Array.isArray(body.bookings))
        this.failed(`the remote's list of ${day} has no bookings array`);
      const answer = body as { bookings: unknown[]; pagination?: { total_count?: unknown; next_page?: unknown } };
      rows.push(...answer.bookings);
      if (answer.pagination?.next_page == null || answer.bookings.length === 0) {
        const total = answer.pagination?.total_count;
        return { rows, total: typeof total === 'number' ? total : rows.length };
      }
    }
  }

  /** Gone from its day: a show says whether it is gone (404) or moved to another day (200). */
  private async confirm(externalId: string): Promise<void> {
    await this.reading(async (read) => {
      const { status, body } = await this.fetchJson(`/bookings/${encodeURIComponent(externalId)}`);
      if (status === 404) this.copy.dropBooking(externalId, read);
      else this.copy.absorbBookingShow(body, read);
    });
  }

  async refreshShows(day: string): Promise<void> {
    for (const booking of this.copy.store.remoteCopy.bookingsOnDay(this.copy.dropzone.id, day)) {
      if (booking.external_id === null) continue;
      await this.confirm(booking.external_id);
    }
    this.copy.markShows(day);
  }

  async refreshFilmers(): Promise<void> {
    await this.reading(async (read) => {
      const { status, body } = await this.fetchJson('/filmers?include_all=true');
      if (status !== 200 || !Array.isArray(body)) this.failed("the remote's filmer list is not an array");
      this.copy.replaceFilmers(body as unknown[], read);
    });
  }

  async refreshCatalogue(kind: 'products' | 'upgrades'): Promise<void> {
    const { status, body } = await this.fetchJson(`/${kind}`);
    if (status !== 200 || !isObject(body) || !Array.isArray(body[kind]))
      this.failed(`the remote's ${kind} list has no ${kind} array`);
    const list = body as Record<string, unknown>;
    // Unchanged version: the items are as they were (only their age moves).
    if (typeof list.version === 'string' && list.version === this.copy.catalogueVersion(kind)) {
      this.copy.store.remoteCopy.markSlice(kind, this.now().toISOString());
      return;
    }
    const shows: unknown[] = [];
    for (const item of list[kind] as unknown[]) {
      if (!isObject(item) || typeof item.id !== 'number') continue;
      const shown = await this.fetchJson(`/${kind}/${item.id}`);
      if (shown.status === 200) shows.push(shown.body);
    }
    this.copy.replaceCatalogue(kind, list, shows);
  }
}
