import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the priority of the calling thread alone (Linux): setpriority() given a thread's id
 * sets that thread's nice value, and /proc/thread-self names the caller's id. Elsewhere nothing
 * changes (macOS and Windows have no per-thread nice value Node can reach). Returns whether it did.
 */
export function lowerThisThreadsPriority(nice: number): boolean {
  const tid = thisThreadsId();
  if (tid === undefined) return false;
  try {
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

/** The calling thread's id (Linux: /proc/thread-self links to `<pid>/task/<tid>`); undefined elsewhere. */
export function thisThreadsId(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}
