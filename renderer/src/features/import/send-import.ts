import type { Filmer } from '../../../../shared/schemas/filmer';
import { IMPORT_LIMITS, type ImportKind, type ImportRowInput, type ImportState } from '../../../../shared/schemas/imports';
import { FilmerMatcher } from './filmer-matching';
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

/**
 * Sends the rows in chunks through the batch endpoint and records every row's outcome in the
 * import's history as it goes. A chunk that gets no answer (network, dead remote, 5xx) is tried
 * once more after a pause; if it fails again the import stops there: that chunk's rows and the
 * rest are `not_sent`, with the cause, and "Retry failed rows" sends them later (safe: bookings
 * upsert by external id, filmers are matched to what the server already has first).
 */
export async function sendImport(job: SendJob): Promise<SendSummary> {
  const { kind, transport, importId } = job;
  // History writes queue up behind each other but not behind the batches: chunk n is recorded
  // while chunk n+1 is on its way. They all land before the state is set at the end.
  let recording: Promise<void> = Promise.resolve();
  const record = (rows: ImportRowInput[]) => {
    if (importId === null || rows.length === 0) return;
    recording = recording.then(async () => {
      try {
        for (let i = 0; i < rows.length; i += IMPORT_LIMITS.maxRowsPerCall) await transport.recordRows(importId, rows.slice(i, i + IMPORT_LIMITS.maxRowsPerCall));
      } catch (error) {
        job.onHistoryError(error);
      }
    });
  };
  const toRow = (item: { number: number; cells: string[]; key: string | null }, outcome: RowOutcome): ImportRowInput => ({
    row_number: item.number,
    cells: cellsForHistory(item.cells),
    key: item.key,
    status: outcome.status,
    message: outcome.message,
    record_id: outcome.recordId,
  });

  record(job.keptBack.map((item) => toRow(item, item.outcome)));

  let matcher: FilmerMatcher | null = null;
  const prepare = async (refresh: boolean) => {
    if (kind === 'filmers' && (refresh || matcher === null)) matcher = new FilmerMatcher(await transport.listFilmers());
  };
  const attempt = async (chunk: readonly SendItem[], refresh: boolean) => {
    await prepare(refresh);
    const records = chunk.map((item) => (matcher ? matcher.addressed(item.record) : item.record));
    return transport.sendBatch(kind, records);
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
    record(chunk.map((item, i) => toRow(item, (outcomes[i] as { outcome: RowOutcome }).outcome)));
    next += chunk.length;
  }

  if (next < job.items.length) {
    const rest = job.items.slice(next);
    const message = cancelled
      ? 'not sent: the import was cancelled'
      : `not sent: no answer from the server (${stoppedBy}); the import stopped here. Retry sends it`;
    const outcome: RowOutcome = { status: 'not_sent', message, recordId: null };
    job.onOutcomes(rest.map((item) => ({ index: item.index, outcome })));
    record(rest.map((item) => toRow(item, outcome)));
  }
  await recording;
  if (importId !== null) {
    try {
      await transport.setState(importId, cancelled ? 'cancelled' : 'finished');
    } catch (error) {
      job.onHistoryError(error);
    }
  }
  return { cancelled, stoppedBy };
}
