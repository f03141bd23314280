import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore, type Dispatch } from 'react';
import type { RowOutcome } from '../../../../../shared/rules/import-outcomes';
import type { ImportKind } from '../../../../../shared/schemas/imports/kinds';
import type { ImportProgress } from '../../../../../shared/schemas/imports/progress';
import { importKeys } from '../../../api/import-queries';
import { importsApi } from '../../../api/imports-api';
import { queryKeys } from '../../../api/queries';
import { DEFAULT_DATE_FORMAT } from '../parsing/date-formats';
import { handOverRows, serialiseHandOver } from './hand-over';
import { liveImports } from '../common/live-imports';
import { INTERRUPTED } from './resume-import';
import type { SendEnd, SendProgress, WizardAction, WizardState } from './wizard-state';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const runningOf = (id: number | null) => () => (id === null ? undefined : liveImports.get().running.get(id));

/** The desk's progress for one import, from the progress stream (re-renders only when it changes). */
function useRunningImport(id: number | null): ImportProgress | undefined {
  return useSyncExternalStore(liveImports.subscribe, runningOf(id));
}

/** The rows' outcomes as the desk recorded them, by the wizard's row index; rows still pending were never sent. */
async function outcomesByIndex(
  importId: number,
  numbers: ReadonlyMap<number, number>,
): Promise<{ index: number; outcome: RowOutcome }[]> {
  const { outcomes } = await importsApi.outcomes(importId);
  const found: { index: number; outcome: RowOutcome }[] = [];
  for (const { row_number, status, message, record_id } of outcomes) {
    const index = numbers.get(row_number);
    if (index === undefined) continue;
    found.push({
      index,
      outcome:
        status === 'pending'
          ? { status: 'not_sent', message: INTERRUPTED, record_id: null }
          : { status, message, record_id },
    });
  }
  return found;
}

/** How the send ended: the stream's last word, or (it ended unseen: the stream was down) the import as the desk has it now. */
async function endOf(importId: number, last: ImportProgress | null, toSend: number): Promise<SendEnd> {
  if (last) {
    const state = last.state === 'running' ? 'interrupted' : last.state;
    return {
      state,
      toSend: last.to_send,
      answered: last.to_send - (last.counts.not_sent ?? 0),
      stopReason: last.stop_reason,
      unread: null,
    };
  }
  const summary = await importsApi.get(importId);
  const unsent = (summary.counts.not_sent ?? 0) + (summary.counts.pending ?? 0);
  const state = summary.state === 'running' ? 'interrupted' : summary.state;
  return { state, toSend, answered: Math.max(0, toSend - unsent), stopReason: summary.stop_reason, unread: null };
}

/**
 * The wizard's send: the checked rows handed to the desk once, then the desk's progress as the
 * stream tells it, and at the end every row's outcome read back. After the hand-over the page may
 * close: the desk carries on, and the history has the results.
 */
export function useImportSend(kind: ImportKind, state: WizardState, dispatch: Dispatch<WizardAction>) {
  const queryClient = useQueryClient();
  const { source, checked, importId, mapping, dateFormat, send: phase } = state;
  const sendingId = phase.phase === 'sending' ? phase.importId : null;
  const running = useRunningImport(sendingId);
  /** The import whose end is being read back (once per send). */
  const finishing = useRef<number | null>(null);

  const send = useCallback(
    async (operator: string) => {
      if (!source || !checked || phase.phase !== 'idle') return;
      const rows = handOverRows(checked);
      // A retry sends into the same import: the end of its last send is not this one's.
      finishing.current = null;
      if (importId !== null) liveImports.forget(importId);
      dispatch({ type: 'hand_over_started', toSend: rows.send.length });
      try {
        const facts =
          importId === null
            ? {
                kind,
                file_name: source.fileName.slice(0, 255),
                headers: source.table.headers,
                mapping,
                date_format: dateFormat === DEFAULT_DATE_FORMAT ? null : dateFormat,
                operator: operator.trim() || null,
                delimiter: source.table.delimiter,
                // Only a freshly read source is created (a reopened import has its id), and its rows
                // are numbered 1..n as read, blank lines skipped and not counted: n is the total.
                total_rows: checked.rows.length,
              }
            : {};
        const body = await serialiseHandOver(facts, rows);
        const summary = importId === null ? await importsApi.start(body) : await importsApi.resend(importId, body);
        liveImports.expect(summary.progress, summary.id);
        dispatch({ type: 'handed_over', importId: summary.id });
      } catch (error) {
        dispatch({ type: 'hand_over_failed', error: errorText(error) });
      }
    },
    [kind, source, checked, importId, mapping, dateFormat, phase.phase, dispatch],
  );

  const cancel = useCallback(() => {
    if (sendingId === null) return;
    dispatch({ type: 'cancel_requested' });
    // Refused only when the send ended meanwhile: the end arrives on the stream anyway.
    void importsApi.cancel(sendingId).catch(() => undefined);
  }, [sendingId, dispatch]);

  // The end, as the stream tells it (or, if the stream missed it, as the desk has it): the outcomes are read back once.
  const rows = checked?.rows;
  const toSend = phase.phase === 'sending' ? phase.toSend : 0;
  useEffect(() => {
    if (sendingId === null || !rows) return;
    const numbers = new Map(rows.map((row, index) => [row.number, index]));
    const finish = async (last: ImportProgress | null) => {
      if (finishing.current === sendingId) return;
      finishing.current = sendingId;
      let end: SendEnd;
      let outcomes: { index: number; outcome: RowOutcome }[] = [];
      try {
        end = await endOf(sendingId, last, toSend);
        outcomes = await outcomesByIndex(sendingId, numbers);
      } catch (error) {
        // The desk went away between the end and this read: the history has the outcomes.
        end = {
          state: last?.state === 'cancelled' ? 'cancelled' : 'finished',
          toSend,
          answered: 0,
          stopReason: last?.stop_reason ?? null,
          unread: errorText(error),
        };
      }
      dispatch({ type: 'send_ended', end, outcomes });
      void queryClient.invalidateQueries({ queryKey: queryKeys[kind] });
      void queryClient.invalidateQueries({ queryKey: importKeys.all });
    };
    const check = () => {
      const ended = liveImports.get().ended;
      if (ended.has(sendingId)) void finish(ended.get(sendingId) ?? null);
    };
    check();
    return liveImports.subscribe(check);
  }, [sendingId, rows, toSend, kind, dispatch, queryClient]);

  let progress: SendProgress | null = null;
  if (phase.phase === 'handing_over')
    progress = { total: phase.toSend, done: 0, cancelling: false, counts: {}, handingOver: true };
  else if (phase.phase === 'sending') {
    progress = {
      total: running?.to_send ?? phase.toSend,
      done: running?.sent ?? 0,
      cancelling: phase.cancelRequested || (running?.cancelling ?? false),
      counts: running?.counts ?? {},
      handingOver: false,
    };
  }
  return { send, cancel, progress };
}
