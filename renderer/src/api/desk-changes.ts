import { deskRoutes } from '../../../shared/api/desk-routes';
import { pathOf } from '../../../shared/api/route';
import { deskChangeEvents, type DeskChange } from '../../../shared/schemas/desk-changes';
import { shareEvents } from './shared-event-stream';

export interface DeskChangeWatcher {
  /** What changed since the last event (one burst of the desk's writes). */
  onChanges(changes: readonly DeskChange[]): void;
  /** The stream is (again) open: what changed while it was not may never be told, so ask for everything once. */
  onConnected(): void;
}

const watchers = new Set<DeskChangeWatcher>();
let stopFollowing: (() => void) | null = null;

function onEvent(name: string, data: unknown): void {
  if (name !== 'changes') return;
  const parsed = deskChangeEvents.changes.safeParse(data);
  if (!parsed.success) return;
  for (const watcher of watchers) watcher.onChanges(parsed.data.changes);
}

function onConnected(): void {
  for (const watcher of watchers) watcher.onConnected();
}

/**
 * Follows the desk's change stream (GET /api/desk/changes) while anything watches: one connection
 * for every tab of this browser (shareEvents), reconnecting with the desk's backoff. Returns the
 * function that stops watching.
 */
export function watchDeskChanges(watcher: DeskChangeWatcher): () => void {
  watchers.add(watcher);
  stopFollowing ??= shareEvents(pathOf(deskRoutes.deskChanges), { onEvent, onOpen: onConnected });
  return () => {
    watchers.delete(watcher);
    if (watchers.size > 0) return;
    stopFollowing?.();
    stopFollowing = null;
  };
}
