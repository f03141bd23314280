import { useSyncExternalStore } from 'react';
import type { ImportKind } from '../../../../../shared/schemas/imports/kinds';

/**
 * What this window's import wizards are doing, for the parts of the desk outside them: the status
 * bar's badge (which leads back to the wizard watching an import), the host that keeps a wizard
 * with work alive while another screen shows, and the history's "Retry failed rows", which hands
 * an import to the wizard. A module store (not React state) so the status bar reads it without
 * loading the wizard's code. The progress itself comes from the desk (live-imports.ts).
 */
export interface SendActivity {
  kind: ImportKind;
  /** The import the wizard handed over and watches (null while its rows are still on their way). */
  importId: number | null;
}

interface ActivityState {
  sending: SendActivity | null;
  /** Wizards holding work (a file read, rows checked, a send, results): kept mounted off-screen. */
  withWork: Readonly<Record<ImportKind, boolean>>;
  /** Rows each wizard holds that have not gone in (read, checked, perhaps fixed by hand): replacing the wizard loses them. */
  unsent: Readonly<Record<ImportKind, number>>;
  /** An import the history asked the wizard of its kind to reopen, not taken yet. */
  resume: { kind: ImportKind; importId: number } | null;
}

let state: ActivityState = {
  sending: null,
  withWork: { bookings: false, filmers: false },
  unsent: { bookings: 0, filmers: 0 },
  resume: null,
};
const listeners = new Set<() => void>();

function update(next: Partial<ActivityState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const importActivity = {
  get: () => state,
  subscribe,
  setSending(kind: ImportKind, sending: Omit<SendActivity, 'kind'> | null): void {
    if (sending === null && state.sending?.kind !== kind) return;
    update({ sending: sending && { kind, ...sending } });
  },
  setWithWork(kind: ImportKind, withWork: boolean): void {
    if (state.withWork[kind] !== withWork) update({ withWork: { ...state.withWork, [kind]: withWork } });
  },
  setUnsent(kind: ImportKind, unsent: number): void {
    if (state.unsent[kind] !== unsent) update({ unsent: { ...state.unsent, [kind]: unsent } });
  },
  requestResume(kind: ImportKind, importId: number): void {
    update({ resume: { kind, importId } });
  },
  /** The request for the wizard of `kind`, left in place (a render must not change the store). */
  peekResume: (kind: ImportKind): number | null => (state.resume?.kind === kind ? state.resume.importId : null),
  /** The wizard of `kind` takes the request (once). */
  takeResume(kind: ImportKind): number | null {
    const request = state.resume;
    if (!request || request.kind !== kind) return null;
    update({ resume: null });
    return request.importId;
  },
};

export function useImportActivity(): ActivityState {
  return useSyncExternalStore(subscribe, importActivity.get);
}

const getWithWork = () => state.withWork;

/**
 * Only which wizards hold work: the host re-renders (and with it the wizards) when that changes,
 * not on every progress tick of a send, which would re-render a 50,000-row wizard twice per batch.
 */
export function useWizardsWithWork(): ActivityState['withWork'] {
  return useSyncExternalStore(subscribe, getWithWork);
}
