import type { Filmer } from '../../../../shared/schemas/filmer';
import { IMPORT_LEASE_RENEW_MS, IMPORT_LIMITS, type ImportKind, type ImportRowInput, type ImportState } from '../../../../shared/schemas/imports';
import { FilmerMatcher, sendMatchedFilmers } from './filmer-matching';
import { outcomeOfResult, type RowOutcome } from './outcomes';

/** A row the wizard sends: where it sits, its cells (for the history) and the record built from them. */
export interface SendItem {
  index: number;
  number: number;
  cells: string[];
  key: string | null;
  record: Record<string, unknown>;
}

/** A row recorded without being sent (left out), with its reason. */
export interface KeptBackItem {
  index: number;
  number: number;
  cells: string[];
  key: string | null;
  outcome: RowOutcome;
}

/** Everything the sender needs from outside: the server's endpoints. Tests and the bench pass real ones. */
export interface ImportTransport {
  sendBatch(kind: ImportKind, records: readonly object[]): Promise<unknown[]>;
  listFilmers(): Promise<Filmer[]>;
  recordRows(importId: number, rows: ImportRowInput[]): Promise<void>;
  setState(importId: number, state: ImportState): Promise<void>;
  /** The window still holds the running import (a heartbeat); absent: nothing renews it but the rows writes. */
  renewLease?(importId: number): Promise<void>;
}

export interface SendJob {
  kind: ImportKind;
  importId: number | null;
  items: readonly SendItem[];
  keptBack: readonly KeptBackItem[];
  chunkSize: number;
  transport: ImportTransport;
  /** Asked between chunks: a chunk on its way is never abandoned (the server may have stored it). */
  isCancelled: () => boolean;
  /** Each chunk's outcomes as they arrive (also the not-sent rows at the end). */
  onOutcomes: (outcomes: { index: number; outcome: RowOutcome }[]) => void;
  /** The history could not be written; the import itself goes on. */
  onHistoryError: (error: unknown) => void;
  /** Pause before the one retry of a chunk that got no answer. */
  retryDelayMs?: number;
  /** How often the lease is renewed while sending (IMPORT_LEASE_RENEW_MS; tests pass less). */
  leaseRenewMs?: number;
}

export interface SendSummary {
  cancelled: boolean;
  /** Why the import stopped early, when a chunk got no answer twice. */
  stoppedBy: string | null;
}

export const CHUNK_SIZE = 500;

const cellsForHistory = (cells: string[]) => cells.map((c) => (c.length > IMPORT_LIMITS.maxCellLength ? c.slice(0, IMPORT_LIMITS.maxCellLength) : c));

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every row about to be sent is recorded as, before the first batch goes. */
export const PENDING_MESSAGE = 'not sent yet: no answer recorded for this row; retrying it is safe';

const toRow = (item: { number: number; cells: string[]; key: string | null }, outcome: RowOutcome): ImportRowInput => ({
  row_number: item.number,
  cells: cellsForHistory(item.cells),
  key: item.key,
  status: outcome.status,
  message: outcome.message,
  record_id: outcome.recordId,
});

/** A row for the history and what to record of it; made into the call's row only as its call goes. */
interface HistoryEntry {
  item: { number: number; cells: string[]; key: string | null };
  outcome: RowOutcome;
}

/**
 * Rows per history call: building and sending one such call takes the page about 10 ms (10,000
 * rows in one call held it for ~50 ms, a long task), and the server stores it in a few.
 */
export const HISTORY_ROWS_PER_CALL = 2_000;
/** History calls on their way at once: the page builds the next while the server stores one. */
const HISTORY_CALLS_IN_FLIGHT = 2;

/**
 * History writes go out in calls of at most HISTORY_ROWS_PER_CALL rows, two on their way at a
 * time, but not behind the batches: chunk n is recorded while chunk n+1 is on its way. Rows added
 * while both calls are busy go together in the next. `settled` waits for all added so far. Calls
 * on their way together never hold the same row: each row is recorded once per phase, and the
 * pending rows are settled before any outcome is added.
 */
interface Recorder {
  add(entries: readonly HistoryEntry[]): void;
  /**
   * add, one turn of the page later: the next batch, sent meanwhile, reaches the server first,
   * and these rows are stored while the page reads its answer, rather than the batch waiting behind them.
   */
  addSoon(entries: readonly HistoryEntry[]): void;
  settled(): Promise<void>;
}

function historyRecorder(job: SendJob): Recorder {
  const { importId, transport } = job;
  const waiting: HistoryEntry[] = [];
  let draining: Promise<void> | null = null;

  const drain = async (id: number) => {
    const onTheirWay = new Set<Promise<void>>();
    while (waiting.length > 0 || onTheirWay.size > 0) {
      if (waiting.length > 0 && onTheirWay.size < HISTORY_CALLS_IN_FLIGHT) {
        const rows = waiting.splice(0, HISTORY_ROWS_PER_CALL).map(({ item, outcome }) => toRow(item, outcome));
        const call: Promise<void> = transport
          .recordRows(id, rows)
          .catch((error: unknown) => job.onHistoryError(error))
          .finally(() => onTheirWay.delete(call));
        onTheirWay.add(call);
      } else {
        await Promise.race(onTheirWay);
      }
    }
    draining = null;
  };

  const add = (entries: readonly HistoryEntry[]) => {
    if (importId === null || entries.length === 0) return;
    for (const entry of entries) waiting.push(entry);
    draining ??= drain(importId);
  };
  // Timers fire in order: the last one scheduled has fired once the ones before it have.
  let lastSoon: Promise<void> = Promise.resolve();
  return {
    add,
    addSoon(entries) {
      lastSoon = new Promise((resolve) => setTimeout(() => resolve(add(entries)), 0));
    },
    settled: async () => {
      await lastSoon;
      while (draining) await draining;
    },
  };
}

/**
 * Sends the rows in chunks through the batch endpoint and records every row's outcome in the
 * import's history as it goes. Before the first batch, every row to be sent is recorded as
 * `pending` (with the left-out rows; calls of HISTORY_ROWS_PER_CALL rows, each one transaction),
 * so a window closed mid-send leaves an import that still lists every row. While it sends, the
 * import's lease is renewed, so the history shows it running, not interrupted.
 * A chunk that gets no answer (network, dead remote, 5xx) is tried once more after a pause; if it
 * fails again the import stops there: that chunk's rows and the rest are `not_sent`, with the
 * cause, and "Retry failed rows" sends them later (safe: bookings upsert by external id, filmers
 * are matched to what the server already has first).
 */
export async function sendImport(job: SendJob): Promise<SendSummary> {
  const { transport, importId } = job;
  const recorder = historyRecorder(job);
  const pending: RowOutcome = { status: 'pending', message: PENDING_MESSAGE, recordId: null };
  recorder.add([...job.keptBack.map((item) => ({ item, outcome: item.outcome })), ...job.items.map((item) => ({ item, outcome: pending }))]);
  // Nothing goes out before every row is in the history (a failure to record is reported, and the send goes on).
  await recorder.settled();

  const renewLease = transport.renewLease;
  const heartbeat =
    importId !== null && renewLease
      ? setInterval(() => void renewLease(importId).catch(() => undefined), job.leaseRenewMs ?? IMPORT_LEASE_RENEW_MS)
      : undefined;
  try {
    return await sendChunks(job, recorder);
  } finally {
    clearInterval(heartbeat);
  }
}

async function sendChunks(job: SendJob, recorder: Recorder): Promise<SendSummary> {
  const { kind, transport, importId } = job;

  let matcher: FilmerMatcher | null = null;
  const prepare = async (refresh: boolean) => {
    if (kind === 'filmers' && (refresh || matcher === null)) matcher = new FilmerMatcher(await transport.listFilmers());
  };
  const attempt = async (chunk: readonly SendItem[], refresh: boolean) => {
    await prepare(refresh);
    const records = chunk.map((item) => item.record);
    // Filmers: each row addressed to the filmer it updates; a row that names two filmers is answered a conflict unsent.
    return matcher ? sendMatchedFilmers(matcher, records, (going) => transport.sendBatch(kind, going)) : transport.sendBatch(kind, records);
  };

  let cancelled = false;
  let stoppedBy: string | null = null;
  let next = 0;
  while (next < job.items.length) {
    if (job.isCancelled()) {
      cancelled = true;
      break;
    }
    const chunk = job.items.slice(next, next + job.chunkSize);
    let results: unknown[];
    try {
      results = await attempt(chunk, false);
    } catch {
      await sleep(job.retryDelayMs ?? 1_500);
      try {
        // Filmers are looked up again: the failed try may have created some of them after all.
        results = await attempt(chunk, true);
      } catch (error) {
        stoppedBy = errorText(error);
        break;
      }
    }
    const outcomes = chunk.map((item, i) => ({ index: item.index, outcome: outcomeOfResult(results[i]) }));
    job.onOutcomes(outcomes);
    recorder.addSoon(chunk.map((item, i) => ({ item, outcome: (outcomes[i] as { outcome: RowOutcome }).outcome })));
    next += chunk.length;
  }

  if (next < job.items.length) {
    const rest = job.items.slice(next);
    const message = cancelled
      ? 'not sent: the import was cancelled'
      : `not sent: no answer from the server (${stoppedBy}); the import stopped here. Retry sends it`;
    const outcome: RowOutcome = { status: 'not_sent', message, recordId: null };
    job.onOutcomes(rest.map((item) => ({ index: item.index, outcome })));
    recorder.add(rest.map((item) => ({ item, outcome })));
  }
  await recorder.settled();
  if (importId !== null) {
    try {
      await transport.setState(importId, cancelled ? 'cancelled' : 'finished');
    } catch (error) {
      job.onHistoryError(error);
    }
  }
  return { cancelled, stoppedBy };
}
