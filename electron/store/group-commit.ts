/**
 * Group commit: write requests that arrive while the server is busy share one transaction, so
 * they share its one fsync (synchronous=FULL makes each commit wait for the disk, which was about
 * 40 % of the server thread under a 50-client mixed load).
 *
 * Each write is queued; at the next turn of the event loop every queued write runs, each in a
 * savepoint of its own inside one BEGIN IMMEDIATE transaction, and the transaction commits once.
 * A write that throws rolls back its own savepoint and fails alone; the others commit. Nobody is
 * answered before the commit, so an acknowledged write is on disk exactly as before. Alone, a
 * write waits one event-loop turn (microseconds) longer than it did.
 */

/** The store's transaction: the outermost call commits, a nested one is a savepoint. */
export type Transaction = <T>(work: () => T) => T;

interface QueuedWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A group may not hold the server's thread for ever: the rest waits for the next turn. */
const MAX_WRITES_PER_GROUP = 64;

export class GroupCommit {
  private queue: QueuedWrite[] = [];
  private scheduled = false;

  constructor(private readonly transaction: Transaction) {}

  /** Runs `work` in the next group's transaction; resolves once that transaction has committed. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    const group = this.queue.splice(0, MAX_WRITES_PER_GROUP);
    this.scheduled = false;
    if (this.queue.length > 0) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    let outcomes: Outcome[];
    try {
      outcomes = this.transaction(() =>
        group.map((write): Outcome => {
          try {
            return { ok: true, value: this.transaction(write.work) };
          } catch (error) {
            return { ok: false, error };
          }
        }),
      );
    } catch (error) {
      // BEGIN or COMMIT failed (the store busy past its timeout, a full disk): nothing of the group is written.
      for (const write of group) write.reject(error);
      return;
    }
    outcomes.forEach((outcome, i) => (outcome.ok ? group[i]!.resolve(outcome.value) : group[i]!.reject(outcome.error)));
  }
}
