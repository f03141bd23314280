import { useSyncExternalStore } from 'react';
import { backoffDelay, type BackoffPolicy } from '../../../shared/backoff';
import { exchange, hasApiToken, watchExchanges, type ExchangeOutcome } from './client';

/**
 * Whether the desk server answers this page and takes its sign-in: for the status bar, the
 * sign-in panel and a screen that could not load. Learnt from every call the page makes (a call
 * with no answer, a 401), from the progress stream dropping (which happens the moment the
 * server stops), and from its own health checks: every 15 s while online, and fast while not,
 * so the page notices a dead server within about a second and a returning one within two.
 */
export interface Reachability {
  server: 'checking' | 'online' | 'offline';
  /** When the server stopped answering (ms since epoch), while offline. */
  offlineSince: number | null;
  /** When it answered again after an outage (ms), until the next one: the status bar says "Back online" for a moment. */
  backOnlineAt: number | null;
  /** Why the last call got no answer, in words. */
  cause: string | null;
  /** The desk refuses this page's token (401): it must sign in again. Also true when it has none. */
  signedOut: boolean;
}

/** While offline: ask again after 0.5 s, 1 s, then every 2 s; capped low so the return is seen at once. */
export const OFFLINE_PROBE_BACKOFF: BackoffPolicy = { firstMs: 500, maxMs: 2_000 };
/** While online: a check now and then; the progress stream and every call notice a drop sooner. */
export const ONLINE_CHECK_MS = 15_000;

let state: Reachability = { server: 'checking', offlineSince: null, backOnlineAt: null, cause: null, signedOut: false };
const listeners = new Set<() => void>();
let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;
let sessionCheck: Promise<unknown> | null = null;

function update(next: Partial<Reachability>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function schedule(delayMs: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void probe(), delayMs);
}

/** One health check (no token needed); its outcome reaches `observe` like any call's. */
async function probe(): Promise<void> {
  try {
    await exchange('GET', '/api/desk/health');
  } catch {
    // Seen by observe() as a call with no answer.
  }
}

/** A 401 of the Sync API may be a remote's (proxy mode): the desk's session route says whether it is this page's token. */
function checkSession(): void {
  sessionCheck ??= exchange('GET', '/api/desk/session')
    .catch(() => undefined)
    .finally(() => (sessionCheck = null));
}

function observe(outcome: ExchangeOutcome): void {
  if (!outcome.answered) {
    failures++;
    if (state.server !== 'offline')
      update({ server: 'offline', offlineSince: Date.now(), backOnlineAt: null, cause: outcome.cause });
    schedule(backoffDelay(failures, OFFLINE_PROBE_BACKOFF));
    return;
  }
  failures = 0;
  if (state.server !== 'online')
    update({
      server: 'online',
      offlineSince: null,
      cause: null,
      backOnlineAt: state.server === 'offline' ? Date.now() : null,
    });
  schedule(ONLINE_CHECK_MS);
  if (outcome.status === 401 && !outcome.staleToken) {
    if (outcome.path.startsWith('/api/desk/')) update({ signedOut: true });
    else checkSession();
  }
}

function start(): void {
  if (started) return;
  started = true;
  // Here, not at load: the page sets its token after its modules loaded.
  if (!hasApiToken()) update({ signedOut: true });
  watchExchanges(observe);
  void probe();
}

export const reachability = {
  get: (): Reachability => state,
  subscribe(listener: () => void): () => void {
    start();
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Something hints the server went away (the progress stream dropped): check now instead of at the next tick. */
  suspect(): void {
    start();
    void probe();
  },
  /** The page holds a token the desk accepts again (the sign-in panel checked it). */
  signedIn(): void {
    update({ signedOut: false });
  },
};

export function useReachability(): Reachability {
  return useSyncExternalStore(reachability.subscribe, reachability.get);
}
