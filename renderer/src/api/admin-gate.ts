import { adminUnlock } from './admin-unlock';

/**
 * Administrator actions ask for the passphrase when they need it, wherever they are started: call()
 * awaits `requestAdminUnlock()` before an administrator route (shared/api `guard: 'admin'`), which the AdminUnlockHost (mounted once, in App) answers by
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
