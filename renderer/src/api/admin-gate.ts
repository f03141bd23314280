import { adminUnlock, forgetAdminUnlock } from './admin-unlock';
import { ApiError } from './client';

/**
 * Administrator actions ask for the passphrase when they need it, wherever they are started: an
 * action awaits `requestAdminUnlock()`, which the AdminUnlockHost (mounted once, in App) answers by
 * showing its dialog. One request at a time; a second one while the dialog is open waits for the
 * same answer.
 */
type Answer = (unlocked: boolean) => void;

let pending: { promise: Promise<boolean>; answer: Answer } | null = null;
const hosts = new Set<() => void>();

/** True once this window holds an unlock: at once when it does, else after the dialog. */
export function requestAdminUnlock(): Promise<boolean> {
  if (adminUnlock()) return Promise.resolve(true);
  if (!pending) {
    let answer: Answer = () => undefined;
    const promise = new Promise<boolean>((resolve) => (answer = resolve));
    pending = { promise, answer };
    for (const show of hosts) show();
  }
  return pending.promise;
}

/** The host's side: whether the dialog should be open, and how it answers. */
export function adminUnlockRequested(): boolean {
  return pending !== null;
}

export function answerAdminUnlock(unlocked: boolean): void {
  const answered = pending;
  pending = null;
  for (const show of hosts) show();
  answered?.answer(unlocked);
}

export function subscribeAdminRequests(show: () => void): () => void {
  hosts.add(show);
  return () => hosts.delete(show);
}

/** Said when the dialog was closed without unlocking: the action did not happen. */
export class AdminNotUnlocked extends Error {
  override name = 'AdminNotUnlocked';

  constructor() {
    super('Not done: this is an administrator action, and the administrator passphrase was not given.');
  }
}

const endedByDesk = (error: unknown) => error instanceof ApiError && error.httpStatus === 403 && error.body.admin !== undefined;

/**
 * An administrator action as a mutation function: it asks for the passphrase first when this window
 * is not unlocked, and once more when the desk ended the unlock meanwhile (idle, a restart).
 */
export function asAdministrator<A, R>(action: (input: A) => Promise<R>): (input: A) => Promise<R> {
  return async (input: A) => {
    for (let attempt = 0; ; attempt++) {
      if (!(await requestAdminUnlock())) throw new AdminNotUnlocked();
      try {
        return await action(input);
      } catch (error) {
        if (!endedByDesk(error) || attempt > 0) throw error;
        forgetAdminUnlock();
      }
    }
  };
}
