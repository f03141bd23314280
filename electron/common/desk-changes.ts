import { CHANGE_ID_CAP, type DeskChange, type DeskChangeKind } from '../../shared/schemas/desk-changes';

/** A burst of writes within this window goes out as one event (an import's batches, a Sync API batch). */
export const CHANGE_WINDOW_MS = 100;

/** Which records of a kind changed: the desk's ids, the booking system's, or too many to list. */
export interface ChangedRecords {
  ids?: Iterable<number>;
  externalIds?: Iterable<string>;
  many?: boolean;
}

export type ChangeListener = (dropzoneId: number, changes: readonly DeskChange[]) => void;

interface Pending {
  ids: Set<number>;
  externalIds: Set<string>;
  many: boolean;
}

/**
 * The desk's one in-process change bus: every write path tells it, AFTER its commit, what kind of
 * record changed and which ones; the change stream (GET /api/desk/changes) passes that on to every
 * window of the dropzone. Changes are gathered per dropzone for CHANGE_WINDOW_MS and sent as one
 * event, so a 10,000-row import is a handful of events, not 10,000; past CHANGE_ID_CAP ids of a
 * kind the event says `many` (the window asks again for everything of that kind).
 */
export class DeskChanges {
  private readonly pending = new Map<number, Map<DeskChangeKind, Pending>>();
  private readonly listeners = new Set<ChangeListener>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly windowMs = CHANGE_WINDOW_MS) {}

  emit(dropzoneId: number, kind: DeskChangeKind, records: ChangedRecords = {}): void {
    let kinds = this.pending.get(dropzoneId);
    if (!kinds) this.pending.set(dropzoneId, (kinds = new Map()));
    let entry = kinds.get(kind);
    if (!entry) kinds.set(kind, (entry = { ids: new Set(), externalIds: new Set(), many: false }));
    if (records.many) entry.many = true;
    if (!entry.many) {
      for (const id of records.ids ?? []) entry.ids.add(id);
      for (const id of records.externalIds ?? []) entry.externalIds.add(id);
      if (entry.ids.size > CHANGE_ID_CAP || entry.externalIds.size > CHANGE_ID_CAP) entry.many = true;
    }
    if (entry.many) {
      entry.ids.clear();
      entry.externalIds.clear();
    }
    // The first change of a burst opens its window; what comes within it goes out with it.
    this.timer ??= setTimeout(() => this.flush(), this.windowMs).unref();
  }

  /** Sends what was gathered now (the timer's job; tests and shutdown call it too). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const gathered = [...this.pending];
    this.pending.clear();
    for (const [dropzoneId, kinds] of gathered) {
      const changes: DeskChange[] = [...kinds].map(([kind, entry]) => ({
        kind,
        ids: [...entry.ids],
        external_ids: [...entry.externalIds],
        many: entry.many,
      }));
      for (const listener of this.listeners) listener(dropzoneId, changes);
    }
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
    this.listeners.clear();
  }
}
