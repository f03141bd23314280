import { BackupCancelled, type BackupInfo, type RetentionPolicy } from './backups';
import type { Store } from './store';

export const DAY_MS = 86_400_000;
/**
 * The first backup waits this long after the start: it copies the whole store on the main thread
 * (a few hundred pages at a time), which at 100,000 bookings is a quarter of a second of answers
 * held back. The first requests of a start (a booking system polling, the window opening) go first.
 */
export const FIRST_BACKUP_AFTER_MS = 10_000;

export interface BackupScheduleOptions {
  store: Pick<Store, 'backup'>;
  dataDir: string;
  now: () => Date;
  /** Between backups while the desk runs (default a day). */
  intervalMs?: number;
  /** The first one, this long after the start (default FIRST_BACKUP_AFTER_MS). */
  firstAfterMs?: number;
  policy?: RetentionPolicy;
  onBackup?: (backup: BackupInfo) => void;
  /** A failed backup is reported, never fatal: the desk goes on serving. */
  onError: (error: Error) => void;
}

export interface BackupSchedule {
  /** The backup running now, if any (tests and `close` wait on it). */
  readonly running: Promise<void> | undefined;
  /** Settles when the first backup has ended (made, failed or cancelled), or at stop if it never began. */
  readonly first: Promise<void>;
  /** Stops the timer and cancels a backup in progress; resolves once it has let go of the store. */
  stop(): Promise<void>;
}

/** The running desk's automatic backups: one shortly after the start, then one a day, old ones pruned. */
export function scheduleBackups(options: BackupScheduleOptions): BackupSchedule {
  let stopped = false;
  let running: Promise<void> | undefined;
  let firstEnded!: () => void;
  const first = new Promise<void>((resolve) => (firstEnded = resolve));
  const run = () => {
    if (stopped || running) return;
    running = options.store
      .backup(options.dataDir, { now: options.now(), policy: options.policy, cancelled: () => stopped })
      .then(
        (backup) => options.onBackup?.(backup),
        (error: Error) => {
          if (!(error instanceof BackupCancelled)) options.onError(error);
        },
      )
      .finally(() => {
        running = undefined;
        firstEnded();
      });
  };
  const timer = setInterval(run, options.intervalMs ?? DAY_MS);
  const firstTimer = setTimeout(run, options.firstAfterMs ?? FIRST_BACKUP_AFTER_MS);
  // Timers must not keep a stopping process alive.
  timer.unref();
  firstTimer.unref();
  return {
    get running() {
      return running;
    },
    first,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(firstTimer);
      await running;
      firstEnded();
    },
  };
}
