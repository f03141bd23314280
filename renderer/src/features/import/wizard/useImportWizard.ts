import { useCallback, useMemo, useReducer, useState } from 'react';
import type { ImportKind } from '../../../../../shared/schemas/imports/kinds';
import { importMappingsApi } from '../../../api/import-mappings-api';
import { columnPlan, missingRequiredFields } from '../parsing/column-plan';
import { DEFAULT_DATE_FORMAT, guessDateFormat, isDateFormat, type DateFormat } from '../parsing/date-formats';
import { matchHeaders, withRemembered } from '../parsing/header-match';
import { forgetFailedLookups, newJumpDateLookups, settleOldJumpDates } from '../parsing/old-jump-dates';
import { isDone } from '../common/outcomes';
import { readInWorker } from '../parsing/read-in-worker';
import type { SourceInput } from '../parsing/read-source';
import { reopenImport } from './resume-import';
import { useImportSend } from './useImportSend';
import { storedJumpOnViaDesk, useJumpDateLookupsAfterEdits } from './useJumpDateLookups';
import { initialWizardState, wizardReducer, type WizardStep } from './wizard-state';
import {
  checkAllInSlices,
  readinessCounts,
  toWizardRows,
  withCell,
  withLeftOut,
  type CheckedRows,
} from '../parsing/wizard-rows';

export { WIZARD_STEPS, type WizardStep, type SendProgress } from './wizard-state';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The whole wizard and what each step can do with it; one per wizard on screen. The state is one
 * reducer (wizard-state.ts); reading, checking and the jump-date look-ups are here; the send
 * (hand-over, progress, outcomes) is useImportSend.
 */
export function useImportWizard(kind: ImportKind, today: string) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  // Answers to the too-old look-ups, kept across checks (a mutable cache, not state: nothing renders from it).
  const [lookups] = useState(newJumpDateLookups);
  const { step, source, mapping, dateFormat, checked, checking } = state;

  const plan = useMemo(() => columnPlan(kind, source?.table.headers ?? [], mapping), [kind, source, mapping]);
  const settings = useMemo(() => ({ dateFormat, today, storedJumpOn: lookups.known }), [dateFormat, today, lookups]);
  const missing = missingRequiredFields(plan);

  const loadSource = useCallback(
    async (input: SourceInput) => {
      dispatch({ type: 'read_started' });
      const result = await readInWorker(input);
      if (!result.ok) return dispatch({ type: 'read_failed', reason: result.reason });
      const { headers, rows } = result.source.table;
      const auto = matchHeaders(headers, kind);
      const dateColumn = headers.findIndex((h) => auto[h] === 'jump_on');
      lookups.known.clear();
      const guessed = dateColumn >= 0 ? guessDateFormat(rows.map((r) => r[dateColumn] ?? '')) : DEFAULT_DATE_FORMAT;
      dispatch({ type: 'source_read', source: result.source, mapping: auto, dateFormat: guessed });
      // A mapping a person set for files with these headers beats the automatic guess (not one set here meanwhile).
      try {
        const remembered = await importMappingsApi.lookup(kind, headers);
        if (remembered.mapping) {
          const format = isDateFormat(remembered.date_format) ? remembered.date_format : null;
          dispatch({
            type: 'mapping_remembered',
            mapping: withRemembered(auto, remembered.mapping, headers, kind),
            dateFormat: format,
          });
        }
      } catch {
        // Nothing remembered is reachable: the automatic match stands.
      }
    },
    [kind, lookups],
  );

  const setField = useCallback(
    (header: string, field: string | null) => dispatch({ type: 'field_set', header, field }),
    [],
  );
  const setDateFormat = useCallback(
    (format: DateFormat) => dispatch({ type: 'date_format_set', dateFormat: format }),
    [],
  );
  const setStep = useCallback((next: WizardStep) => dispatch({ type: 'step_set', step: next }), []);
  const updateRows = useCallback(
    (update: (rows: CheckedRows) => CheckedRows) => dispatch({ type: 'rows_changed', update }),
    [],
  );

  const toCheck = useCallback(async () => {
    if (!source || missing.length > 0 || checking) return;
    // Coming back from Check keeps the fixes and left-out rows; the new mapping checks them again.
    const rows = checked?.rows ?? toWizardRows(source.table.rows);
    // Remembered now, while the rows are checked; a failure only means the next file is matched afresh.
    void importMappingsApi
      .remember(kind, source.table.headers, mapping, dateFormat === DEFAULT_DATE_FORMAT ? null : dateFormat)
      .catch(() => undefined);
    dispatch({ type: 'check_progress', checking: { done: 0, total: rows.length } });
    forgetFailedLookups(lookups);
    const checkedRows = await checkAllInSlices(kind, rows, plan, settings, (done) =>
      dispatch({ type: 'check_progress', checking: { done, total: rows.length } }),
    );
    const result =
      kind === 'bookings'
        ? await settleOldJumpDates(checkedRows, plan, settings, lookups, storedJumpOnViaDesk, (done, total) =>
            dispatch({ type: 'check_progress', checking: { done, total, lookingUp: true } }),
          )
        : checkedRows;
    dispatch({ type: 'checked', checked: result });
  }, [source, missing.length, checking, checked, kind, plan, settings, mapping, dateFormat, lookups]);

  const { send, cancel, progress } = useImportSend(kind, state, dispatch);

  // Only at Check, where cells are fixed: elsewhere nothing can leave a row waiting on a look-up.
  useJumpDateLookupsAfterEdits(
    kind,
    checked,
    updateRows,
    plan,
    settings,
    lookups,
    checking !== null || step !== 'check',
  );

  const editCell = useCallback(
    (index: number, column: number, value: string) =>
      updateRows((rows) => withCell(kind, rows, index, column, value, plan, settings)),
    [kind, plan, settings, updateRows],
  );
  const setLeftOut = useCallback(
    (indices: readonly number[], leftOut: boolean) => updateRows((rows) => withLeftOut(kind, rows, indices, leftOut)),
    [kind, updateRows],
  );

  /** "Retry failed rows" from the history: the stored import back in the wizard, at Check, its failed rows to send. */
  const reopen = useCallback(
    async (id: number) => {
      dispatch({ type: 'read_started' });
      try {
        const reopened = await reopenImport(id);
        const format = isDateFormat(reopened.summary.date_format) ? reopened.summary.date_format : DEFAULT_DATE_FORMAT;
        const reopenedPlan = columnPlan(kind, reopened.summary.headers, reopened.summary.mapping);
        const reopenedSettings = { ...settings, dateFormat: format };
        lookups.known.clear();
        const checkedRows = await checkAllInSlices(kind, reopened.rows, reopenedPlan, reopenedSettings);
        // As at a first check: a too-old date the booking already has is no problem (the server keeps it).
        const result =
          kind === 'bookings'
            ? await settleOldJumpDates(checkedRows, reopenedPlan, reopenedSettings, lookups, storedJumpOnViaDesk)
            : checkedRows;
        dispatch({
          type: 'reopened',
          source: reopened.source,
          mapping: reopened.summary.mapping,
          dateFormat: format,
          checked: result,
          importId: id,
        });
      } catch (error) {
        dispatch({
          type: 'read_failed',
          reason: `Import ${id} could not be reopened from the history: ${errorText(error)}`,
        });
      }
    },
    [kind, settings, lookups],
  );

  // Counted once here for every step that shows them (the page's Continue, Check, Send), and only
  // outside a send: nothing shows them meanwhile.
  const sending = progress !== null;
  const rowCounts = useMemo(() => (checked && !sending ? readinessCounts(checked) : null), [checked, sending]);

  const failedCount = useMemo(() => {
    let failed = 0;
    for (const row of checked?.rows ?? []) if (!isDone(row.outcome)) failed++;
    return failed;
  }, [checked]);

  const end = state.lastEnd;
  return {
    kind,
    step,
    setStep,
    reading: state.reading,
    sourceError: state.sourceError,
    source,
    mapping,
    setField,
    dateFormat,
    setDateFormat,
    missing,
    plan,
    checked,
    rowCounts,
    editCell,
    setLeftOut,
    toCheck,
    checking,
    send,
    cancel,
    progress,
    /** The hand-over failed (nothing was sent): shown at Send, where pressing Send again tries again. */
    handOverError: state.handOverError,
    /** Why the last send stopped early (no answer from the remote, the desk stopped), or null. */
    stoppedBy: end && end.state !== 'cancelled' ? end.stopReason : null,
    cancelled: end?.state === 'cancelled' ? { sent: end.answered, total: end.toSend } : null,
    interrupted: end?.state === 'interrupted',
    outcomesUnread: end?.unread ?? null,
    reopen,
    importId: state.importId,
    rounds: state.rounds,
    failedCount,
    loadSource,
  };
}

export type ImportWizard = ReturnType<typeof useImportWizard>;
