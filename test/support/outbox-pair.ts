import type { CopyTiming } from '../../electron/offline/copy-refresher';
import type { OutboxTiming } from '../../electron/offline/outbox-timing';
import type { OutboxSummary } from '../../shared/schemas/outbox';
import { startTestDesk, type ApiResponse, type TestDesk } from './desk';
import { startFaultProxy, type FaultProxy } from './fault-proxy';
import { direct, FAST_HEALTH, startRemoteDesk, useProxy, waitForSession } from './remote';
import { TEST_NOW } from './seed';
import { waitFor } from './wait-for';

/**
 * Proxy mode's outbox under test: the remote (our own server a second time) behind a fault proxy,
 * and a desk in proxy mode in front of it with every wait of the copy and the outbox shortened, its
 * clock moving from TEST_NOW on (a write's next attempt, a decision's time to undo fall due).
 */

export const TODAY = TEST_NOW.slice(0, 10);

/** The copy refreshes today and tomorrow often (a change at the remote shows within a second). */
export const FAST_COPY: CopyTiming = {
  todayMs: 300,
  tomorrowMs: 300,
  otherDaysMs: 60_000,
  todayShowsMs: 300,
  tomorrowShowsMs: 60_000,
  filmersMs: 1_000,
  catalogueMs: 60_000,
  retryStartMs: 50,
  retryMaxMs: 200,
};

export const FAST_OUTBOX: OutboxTiming = {
  firstMs: 50,
  maxMs: 400,
  idleMs: 100,
  concurrency: 6,
  batchSize: 100,
  decisionGraceMs: 100,
};

export interface OutboxPair {
  remote: TestDesk;
  proxy: FaultProxy;
  desk: TestDesk;
  dispose(): Promise<void>;
}

export async function startOutboxPair(
  options: {
    outboxTiming?: OutboxTiming;
    /** Runs against the remote before the desk first copies it (bookings the copy must hold). */
    seedRemote?: (remote: TestDesk) => Promise<void>;
    proxyBodies?: boolean;
  } = {},
): Promise<OutboxPair> {
  const remote = await startRemoteDesk();
  await options.seedRemote?.(remote);
  const proxy = await startFaultProxy(remote.url);
  const started = Date.now();
  const now = () => new Date(Date.parse(TEST_NOW) + (Date.now() - started));
  const desk = await startTestDesk({
    deskOptions: {
      healthTiming: FAST_HEALTH,
      copyTiming: FAST_COPY,
      outboxTiming: options.outboxTiming ?? FAST_OUTBOX,
      now,
    },
  });
  await useProxy(desk, proxy.url, { request_timeout_ms: 1_000, connect_timeout_ms: 500 });
  await waitForSession(desk, (s) => s.copy?.as_of !== null && s.copy?.as_of !== undefined, 20_000);
  await desk.offline.settled();
  return {
    remote,
    proxy,
    desk,
    dispose: async () => {
      await desk.dispose();
      await proxy.close();
      await remote.dispose();
    },
  };
}

export async function outboxSummary(desk: TestDesk): Promise<OutboxSummary> {
  const res = await desk.desk<OutboxSummary>('GET', '/outbox/summary');
  if (res.status !== 200) throw new Error(`outbox summary answered ${res.status}: ${res.text}`);
  return res.body;
}

/** Waits until the outbox's summary satisfies `done`; returns it. */
export async function waitForSummary(
  desk: TestDesk,
  done: (summary: OutboxSummary) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<OutboxSummary> {
  let last: OutboxSummary | undefined;
  return waitFor(
    async () => {
      last = await outboxSummary(desk);
      return done(last) && last;
    },
    () => `${what}; last summary: ${JSON.stringify(last)}`,
    { timeoutMs },
  ).catch(async (error: Error) => {
    // What waits for a person, in the failure itself: a run that fails once under load says why.
    if (!last?.attention) throw error;
    const attention = await desk.desk('GET', '/outbox/attention.csv').catch(() => undefined);
    throw new Error(`${error.message}\nwaiting for a person:\n${attention?.text ?? '(could not be read)'}`, {
      cause: error,
    });
  });
}

/** Reception's own call to the Sync API: the desk's session token instead of a booking system's. */
export function asReception<T = any>(desk: TestDesk, method: string, path: string, body?: unknown) {
  return desk.sync<T>(method, path, body, { authorization: `Bearer ${desk.sessionToken}` });
}

/** Every booking the remote holds on these days, by external id (every page). */
export async function remoteBookings(
  remote: TestDesk,
  from: string,
  to: string,
): Promise<{ byExternalId: Map<string, Record<string, unknown>>; duplicates: string[] }> {
  const byExternalId = new Map<string, Record<string, unknown>>();
  const duplicates: string[] = [];
  for (let page = 1; ; page++) {
    const res: ApiResponse = await direct(
      remote,
      'GET',
      `/bookings?include_all=true&per_page=200&page=${page}&q[jump_on_gteq]=${from}&q[jump_on_lteq]=${to}`,
    );
    if (res.status !== 200) throw new Error(`the remote's list answered ${res.status}: ${res.text}`);
    const elements = res.body.bookings as Record<string, unknown>[];
    for (const element of elements) {
      const key = String(element.external_id);
      if (byExternalId.has(key)) duplicates.push(key);
      byExternalId.set(key, element);
    }
    if (elements.length < 200) break;
  }
  return { byExternalId, duplicates };
}
