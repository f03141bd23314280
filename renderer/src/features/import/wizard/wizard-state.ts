import type { RowOutcome } from '../../../../../shared/rules/import-outcomes';
import type { ImportMapping } from '../../../../../shared/schemas/imports/mappings';
import type { ImportCounts } from '../../../../../shared/schemas/imports/row-outcomes';
import { DEFAULT_DATE_FORMAT, type DateFormat } from '../parsing/date-formats';
import type { ReadSource } from '../parsing/read-source';
import { withOutcomes, type CheckedRows } from '../parsing/wizard-rows';

export type WizardStep = 'source' | 'columns' | 'check' | 'send' | 'results';
export const WIZARD_STEPS: WizardStep[] = ['source', 'columns', 'check', 'send', 'results'];

/** How far Check has come; `lookingUp`: the too-old rows' bookings are being looked up (after the rows are checked). */
export interface CheckingProgress {
  done: number;
  total: number;
  lookingUp?: boolean;
}

/**
 * Where the wizard's send stands: nothing going; the rows on their way to the desk (the page must
 * stay until they are there); or the desk sending them (the page may go: the desk carries on).
 */
export type SendPhase =
  | { phase: 'idle' }
  | { phase: 'handing_over'; toSend: number }
  | { phase: 'sending'; importId: number; toSend: number; cancelRequested: boolean };

/** How the last send ended, for the results' banners. */
export interface SendEnd {
  state: 'finished' | 'cancelled' | 'interrupted';
  toSend: number;
  /** Rows that got an answer (the rest were recorded as not sent). */
  answered: number;
  /** Why it stopped early (no answer from the remote, the desk stopped), or null. */
  stopReason: string | null;
  /** The outcomes could not be read back (the desk went away meanwhile): the history has them. */
  unread: string | null;
}

/** The whole wizard, one per wizard on screen. */
export interface WizardState {
  step: WizardStep;
  reading: boolean;
  sourceError: string | null;
  source: ReadSource | null;
  mapping: ImportMapping;
  /** A person changed the mapping: a remembered one arriving late must not overwrite it. */
  mappingTouched: boolean;
  dateFormat: DateFormat;
  checking: CheckingProgress | null;
  checked: CheckedRows | null;
  /** The import in the history this wizard sends into (set by the first hand-over, or by a reopen). */
  importId: number | null;
  /** Sends so far (a reopened import counts as one): "Retry" wording, and no way back to Columns. */
  rounds: number;
  send: SendPhase;
  handOverError: string | null;
  lastEnd: SendEnd | null;
}

export type WizardAction =
  | { type: 'read_started' }
  | { type: 'read_failed'; reason: string }
  | { type: 'source_read'; source: ReadSource; mapping: ImportMapping; dateFormat: DateFormat }
  | { type: 'mapping_remembered'; mapping: ImportMapping; dateFormat: DateFormat | null }
  | { type: 'field_set'; header: string; field: string | null }
  | { type: 'date_format_set'; dateFormat: DateFormat }
  | { type: 'step_set'; step: WizardStep }
  | { type: 'check_progress'; checking: CheckingProgress }
  | { type: 'checked'; checked: CheckedRows }
  | { type: 'rows_changed'; update: (checked: CheckedRows) => CheckedRows }
  | {
      type: 'reopened';
      source: ReadSource;
      mapping: ImportMapping;
      dateFormat: DateFormat;
      checked: CheckedRows;
      importId: number;
    }
  | { type: 'hand_over_started'; toSend: number }
  | { type: 'hand_over_failed'; error: string }
  | { type: 'handed_over'; importId: number }
  | { type: 'cancel_requested' }
  | { type: 'send_ended'; end: SendEnd; outcomes: readonly { index: number; outcome: RowOutcome }[] };

export const initialWizardState: WizardState = {
  step: 'source',
  reading: false,
  sourceError: null,
  source: null,
  mapping: {},
  mappingTouched: false,
  dateFormat: DEFAULT_DATE_FORMAT,
  checking: null,
  checked: null,
  importId: null,
  rounds: 0,
  send: { phase: 'idle' },
  handOverError: null,
  lastEnd: null,
};

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'read_started':
      return { ...state, reading: true, sourceError: null };
    case 'read_failed':
      return { ...state, reading: false, sourceError: action.reason };
    case 'source_read':
      // A new file starts over: nothing of the last one's rows, checks or import stays.
      return {
        ...initialWizardState,
        step: 'columns',
        source: action.source,
        mapping: action.mapping,
        dateFormat: action.dateFormat,
      };
    case 'mapping_remembered':
      if (state.mappingTouched) return state;
      return { ...state, mapping: action.mapping, dateFormat: action.dateFormat ?? state.dateFormat };
    case 'field_set':
      return { ...state, mappingTouched: true, mapping: { ...state.mapping, [action.header]: action.field } };
    case 'date_format_set':
      return { ...state, dateFormat: action.dateFormat };
    case 'step_set':
      return { ...state, step: action.step, handOverError: null };
    case 'check_progress':
      return { ...state, checking: action.checking };
    case 'checked':
      return { ...state, checking: null, checked: action.checked, step: 'check' };
    case 'rows_changed':
      return state.checked ? { ...state, checked: action.update(state.checked) } : state;
    case 'reopened':
      return {
        ...initialWizardState,
        step: 'check',
        source: action.source,
        mapping: action.mapping,
        mappingTouched: true,
        dateFormat: action.dateFormat,
        checked: action.checked,
        importId: action.importId,
        rounds: 1,
      };
    case 'hand_over_started':
      return { ...state, send: { phase: 'handing_over', toSend: action.toSend }, handOverError: null, lastEnd: null };
    case 'hand_over_failed':
      // Nothing was handed over: the rows are still here, to send again.
      return { ...state, send: { phase: 'idle' }, handOverError: action.error };
    case 'handed_over':
      if (state.send.phase !== 'handing_over') return state;
      return {
        ...state,
        importId: action.importId,
        send: { phase: 'sending', importId: action.importId, toSend: state.send.toSend, cancelRequested: false },
      };
    case 'cancel_requested':
      return state.send.phase === 'sending' ? { ...state, send: { ...state.send, cancelRequested: true } } : state;
    case 'send_ended':
      return {
        ...state,
        send: { phase: 'idle' },
        checked: state.checked ? withOutcomes(state.checked, action.outcomes) : state.checked,
        lastEnd: action.end,
        rounds: state.rounds + 1,
        step: 'results',
      };
  }
}

/** What a send shows while it goes: the desk's progress, or the hand-over still on its way. */
export interface SendProgress {
  total: number;
  done: number;
  cancelling: boolean;
  counts: ImportCounts;
  /** The rows are still on their way to the desk (leaving the page now would lose them). */
  handingOver: boolean;
}
