import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the priority of the calling thread alone (Linux): setpriority() given a thread's id
 * sets that thread's nice value, and /proc/thread-self names the caller's id. Elsewhere nothing
 * changes (macOS and Windows have no per-thread nice value Node can reach). Returns whether it did.
 */
export function lowerThisThreadsPriority(nice: number): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
