import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitOptions {
  /** How long to wait at most (default 20 s: a slow CI machine, never a guess at how long it takes). */
  timeoutMs?: number;
  /** Between two looks (default 25 ms). */
  intervalMs?: number;
}

type Truthy<T> = Exclude<T, undefined | null | false | 0 | ''>;

/**
 * Waits until `probe` gives a truthy value and returns it: the tests' one way to wait for
 * something to happen, never a fixed sleep. `what` names the awaited thing in the timeout error;
 * as a function it is asked then, so it can add what was seen (a process's output, the last
 * state). A probe that throws stops the wait with its error (a process that exited early).
 */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  what: string | (() => string),
  options: WaitOptions = {},
): Promise<Truthy<T>> {
  const { timeoutMs = 20_000, intervalMs = 25 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await sleep(intervalMs);
  }
}
