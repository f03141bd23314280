import { useSyncExternalStore } from 'react';
import type { ImportProgress } from '../../../../../shared/schemas/imports/progress';
import { shareEvents } from '../../../api/shared-event-stream';
import { readImportEvent } from './import-events';

/**
 * The imports the desk is sending, as its progress stream tells this window (GET
 * /api/desk/imports/events, one for all tabs): for the status bar's badge, the wizard that handed one over, and
 * the history, in this window or any other. A module store, opened while anything watches.
 */
export interface LiveImports {
  /** The stream is open (else what is shown may be behind). */
  connected: boolean;
  /** Imports being sent, by id. */
  running: ReadonlyMap<number, ImportProgress>;
  /** Imports that ended while this window watched: their last progress; null when it ended unseen (look it up). */
  ended: ReadonlyMap<number, ImportProgress | null>;
}

let state: LiveImports = { connected: false, running: new Map(), ended: new Map() };
const listeners = new Set<() => void>();
let stopFollowing: (() => void) | null = null;

function update(next: Partial<LiveImports>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function onProgress(progress: ImportProgress): void {
  const running = new Map(state.running);
  if (progress.state === 'running') {
    running.set(progress.id, progress);
    update({ running });
  } else {
    running.delete(progress.id);
    update({ running, ended: new Map(state.ended).set(progress.id, progress) });
  }
}

/** What the desk is sending now; an import this window thought running and that is not listed ended meanwhile. */
function onSnapshot(imports: readonly ImportProgress[]): void {
  const running = new Map(imports.map((progress) => [progress.id, progress]));
  const ended = new Map(state.ended);
  for (const id of state.running.keys()) if (!running.has(id)) ended.set(id, null);
  update({ running, ended, connected: true });
}

function onEvent(name: string, data: unknown): void {
  const event = readImportEvent(name, data);
  if (event?.name === 'snapshot') onSnapshot(event.imports);
  else if (event?.name === 'progress') onProgress(event.progress);
}

/** The tabs of this browser share one progress stream: a tab that joins late starts from what the holder knows. */
function follow(): void {
  stopFollowing = shareEvents(
    '/api/desk/imports/events',
    { onEvent, onDown: () => update({ connected: false }) },
    { catchUp: () => ({ name: 'snapshot', data: { imports: [...state.running.values()] } }) },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (stopFollowing === null) follow();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopFollowing?.();
      stopFollowing = null;
      update({ connected: false });
    }
  };
}

export const liveImports = {
  get: () => state,
  subscribe,
  /** An import about to be sent again ("Retry failed rows"): how its last send ended is no news about the next. */
  forget(id: number): void {
    if (!state.ended.has(id)) return;
    const ended = new Map(state.ended);
    ended.delete(id);
    update({ ended });
  },
  /**
   * An import this window just handed over, as the desk answered: watched as running until the
   * stream says otherwise (its end may even have come first, on the stream, before the answer).
   */
  expect(progress: ImportProgress | null, id: number): void {
    if (state.ended.has(id) || state.running.has(id)) return;
    if (progress === null) update({ ended: new Map(state.ended).set(id, null) });
    else onProgress(progress);
  },
};

export function useLiveImports(): LiveImports {
  return useSyncExternalStore(subscribe, liveImports.get);
}
