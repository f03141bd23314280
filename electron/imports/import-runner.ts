import { backoffDelay, type BackoffPolicy } from '../../shared/backoff';
import type { RowOutcome } from '../../shared/rules/import-outcomes';
import { IMPORT_CHUNK_SIZE } from '../../shared/schemas/imports/limits';
import type { ImportProgress } from '../../shared/schemas/imports/progress';
import type { ImportCounts } from '../../shared/schemas/imports/row-outcomes';
import type { Store } from '../store/store';
import type { BatchAnswer, BatchSender, ImportJobFacts, SendItem } from './import-job';

/** A batch that got no answer is tried once more, after the first wait of this policy. */
export const BATCH_RETRY_BACKOFF: BackoffPolicy = { firstMs: 1_500, maxMs: 1_500 };

export interface ImportRunnerOptions {
  store: Store;
  now: () => Date;
  /** Sends one batch (to the local store or the remote, by the connection's mode) and records it. */
  sendBatch: BatchSender;
  batchSize?: number;
  retryBackoff?: BackoffPolicy;
}

/** An import being sent by this desk process. */
interface Job extends ImportJobFacts {
  items: readonly SendItem[];
  sent: number;
  counts: ImportCounts;
  cancelling: boolean;
  /** Wakes the wait before a retry early (Cancel, the desk stopping). */
  wake: (() => void) | null;
}

export type ProgressListener = (dropzoneId: number, progress: ImportProgress) => void;

const STOPPED_BY_DESK =
  'the desk stopped while this import was being sent: rows not sent yet were not sent (or their answer was lost); retrying them is safe';

/**
 * Runs imports on the desk: the rows handed over are sent batch by batch, each batch's outcomes
 * recorded as it is answered; between batches the server answers other calls (Cancel, the
 * progress stream, the Sync API). Closing a window does not touch this; Cancel stops after the
 * batch on its way, and the rest is recorded as not sent. Whoever watches hears every step
 * (`subscribe`): the progress stream passes it on to every window.
 */
export class ImportRunner {
  private readonly jobs = new Map<number, Job>();
  private readonly listeners = new Set<ProgressListener>();
  private readonly batchSize: number;
  private readonly retryBackoff: BackoffPolicy;
  private stopping = false;

  constructor(private readonly options: ImportRunnerOptions) {
    this.batchSize = options.batchSize ?? IMPORT_CHUNK_SIZE;
    this.retryBackoff = options.retryBackoff ?? BATCH_RETRY_BACKOFF;
  }

  /** Whether this process is sending the import now. */
  isRunning(importId: number): boolean {
    return this.jobs.has(importId);
  }

  progressOf(importId: number): ImportProgress | null {
    const job = this.jobs.get(importId);
    return job ? progressOf(job, 'running', null) : null;
  }

  /** The imports of a dropzone being sent now. */
  running(dropzoneId: number): ImportProgress[] {
    return [...this.jobs.values()]
      .filter((job) => job.dropzone.id === dropzoneId)
      .map((job) => progressOf(job, 'running', null));
  }

  subscribe(listener: ProgressListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts sending rows the caller has recorded as pending (in the same transaction as the
   * import). Resolves when the send is over, however it ended; nobody needs to wait for it.
   */
  start(facts: ImportJobFacts, items: readonly SendItem[]): Promise<void> {
    if (this.jobs.has(facts.importId)) throw new Error(`import ${facts.importId} is being sent already`);
    const job: Job = { ...facts, items, sent: 0, counts: {}, cancelling: false, wake: null };
    this.jobs.set(facts.importId, job);
    this.emit(job, 'running', null);
    return this.run(job).catch((error: unknown) => {
      // The history itself could not be written (the store failed under it): nothing more to do
      // here; the import stays running in the store, and so reads as interrupted, its rows retryable.
      this.jobs.delete(job.importId);
      this.emit(job, 'interrupted', `the desk could not record this import's progress: ${(error as Error).message}`);
    });
  }

  /** Cancel: the batch on its way finishes, the rest is recorded as not sent. False when it is not being sent. */
  cancel(importId: number): boolean {
    const job = this.jobs.get(importId);
    if (!job) return false;
    if (!job.cancelling) {
      job.cancelling = true;
      job.wake?.();
      this.emit(job, 'running', null);
    }
    return true;
  }

  /**
   * The desk is stopping: no further batch goes. A batch on its way is recorded if its answer
   * comes before the store closes (else its rows stay pending: the answer was lost). Each import
   * keeps its rows not yet sent as pending, and the reason, so after the restart it reads as
   * interrupted and "Retry failed rows" sends them.
   */
  stop(): void {
    if (this.stopping) return;
    this.stopping = true;
    const at = this.options.now().toISOString();
    for (const job of this.jobs.values()) {
      job.wake?.();
      this.options.store.imports.noteStopReason(job.importId, STOPPED_BY_DESK, at);
    }
    this.jobs.clear();
    this.listeners.clear();
  }

  private async run(job: Job): Promise<void> {
    // The hand-over is answered first: the window learns at once that the rows are the desk's.
    await new Promise((resolve) => setImmediate(resolve));
    let stopReason: string | null = null;
    let next = 0;
    while (next < job.items.length && !job.cancelling && !this.stopping) {
      const batch = job.items.slice(next, next + this.batchSize);
      const answer = await this.sendWithOneRetry(job, batch);
      if (this.stopping) return;
      // Cancelled while waiting to retry: this batch goes with the rest, not sent.
      if (answer === null) break;
      if (!answer.ok) {
        stopReason = answer.error;
        break;
      }
      job.sent += batch.length;
      for (const outcome of answer.outcomes) job.counts[outcome.status] = (job.counts[outcome.status] ?? 0) + 1;
      next += batch.length;
      this.emit(job, 'running', null);
      // Other calls get their turn between two batches (a local batch holds the thread while it writes).
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.stopping) return;
    this.finish(job, next, stopReason);
  }

  /**
   * A batch that got no answer is tried once more after a pause; null when Cancel (or the desk
   * stopping) came before the second try.
   */
  private async sendWithOneRetry(job: Job, batch: readonly SendItem[]): Promise<BatchAnswer | null> {
    const first = await this.sendOnce(job, batch);
    if (first.ok) return first;
    if (job.cancelling || this.stopping) return null;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, backoffDelay(1, this.retryBackoff));
      job.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    job.wake = null;
    if (job.cancelling || this.stopping) return null;
    return this.sendOnce(job, batch);
  }

  private async sendOnce(job: Job, batch: readonly SendItem[]): Promise<BatchAnswer> {
    try {
      return await this.options.sendBatch(job, batch);
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }

  /** The rows from `next` on were not sent: recorded so, with why, and the import ends. */
  private finish(job: Job, next: number, stopReason: string | null): void {
    const rest = job.items.slice(next);
    // Cancel pressed while the last batch was on its way stops nothing: everything went.
    const cancelled = job.cancelling && rest.length > 0;
    const reason = cancelled ? null : stopReason;
    const notSent: RowOutcome = {
      status: 'not_sent',
      message: cancelled
        ? 'not sent: the import was cancelled'
        : `not sent: the batch got no answer (${stopReason}); the import stopped here. Retry sends it`,
      record_id: null,
    };
    const state = cancelled ? 'cancelled' : 'finished';
    const at = this.options.now().toISOString();
    const { store } = this.options;
    store.transaction(() => {
      for (const item of rest) store.imports.recordOutcome(job.importId, item.row_number, notSent, at);
      store.imports.end(job.importId, state, reason, at);
    });
    if (rest.length > 0) job.counts.not_sent = (job.counts.not_sent ?? 0) + rest.length;
    job.sent += rest.length;
    this.jobs.delete(job.importId);
    this.emit(job, state, reason);
  }

  private emit(job: Job, state: ImportProgress['state'], stopReason: string | null): void {
    const progress = progressOf(job, state, stopReason);
    for (const listener of this.listeners) listener(job.dropzone.id, progress);
  }
}

function progressOf(job: Job, state: ImportProgress['state'], stopReason: string | null): ImportProgress {
  return {
    id: job.importId,
    kind: job.kind,
    state,
    to_send: job.items.length,
    sent: job.sent,
    cancelling: job.cancelling,
    counts: { ...job.counts },
    stop_reason: stopReason,
  };
}
