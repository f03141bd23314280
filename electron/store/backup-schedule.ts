import { BackupCancelled, type BackupInfo, type RetentionPolicy } from './backups';
import type { Store } from './store';

export const DAY_MS = 86_400_000;

export interface BackupScheduleOptions {
  store: Pick<Store, 'backup'>;
  dataDir: string;
  now: () => Date;
  /** Between backups while the desk runs (default a day). The first one runs at start. */
  intervalMs?: number;
  policy?: RetentionPolicy;
  onBackup?: (backup: BackupInfo) => void;
  /** A failed backup is reported, never fatal: the desk goes on serving. */
  onError: (error: Error) => void;
}

export interface BackupSchedule {
  /** The backup running now, if any (tests and `close` wait on it). */
  readonly running: Promise<void> | undefined;
  /** Stops the timer and cancels a backup in progress; resolves once it has let go of the store. */
  stop(): Promise<void>;
}

/** The running desk's automatic backups: one at start, then one a day, old ones pruned. */
export function scheduleBackups(options: BackupScheduleOptions): BackupSchedule {
  let stopped = false;
  let running: Promise<void> | undefined;
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
      });
  };
  const timer = setInterval(run, options.intervalMs ?? DAY_MS);
  // A timer must not keep a stopping process alive.
  timer.unref();
  run();
  return {
    get running() {
      return running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
