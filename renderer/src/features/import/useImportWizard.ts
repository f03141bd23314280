import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ImportKind, ImportMapping } from '../../../../shared/schemas/imports';
import { importsApi } from '../../api/imports-api';
import { queryKeys } from '../../api/queries';
import { columnPlan, missingRequiredFields } from './column-plan';
import { DEFAULT_DATE_FORMAT, guessDateFormat, isDateFormat, type DateFormat } from './date-formats';
import { matchHeaders, withRemembered } from './header-match';
import { forgetFailedLookups, newJumpDateLookups, settleOldJumpDates } from './old-jump-dates';
import { pageTransport } from './history-transport';
import { isDone, type RowOutcome } from './outcomes';
import { readInWorker } from './read-in-worker';
import { reopenImport } from './resume-import';
import type { ReadSource, SourceInput } from './read-source';
import { CHUNK_SIZE, sendImport, type KeptBackItem, type SendItem } from './send-import';
import { storedJumpOnViaSyncApi, useJumpDateLookupsAfterEdits } from './useJumpDateLookups';
import { checkAllInSlices, problemOf, readiness, readinessCounts, toWizardRows, withCell, withLeftOut, withOutcomes, type CheckedRows } from './wizard-rows';

export type WizardStep = 'source' | 'columns' | 'check' | 'send' | 'results';
export const WIZARD_STEPS: WizardStep[] = ['source', 'columns', 'check', 'send', 'results'];

export interface SendProgress {
  total: number;
  done: number;
  cancelling: boolean;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The whole wizard's state and what each step can do with it; one per wizard on screen. */
export function useImportWizard(kind: ImportKind, today: string) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WizardStep>('source');
  const [reading, setReading] = useState(false);
  const [sourceError, setSourceError] = useState<string | null>(null);
  const [source, setSource] = useState<ReadSource | null>(null);
  const [mapping, setMappingState] = useState<ImportMapping>({});
  const [dateFormat, setDateFormat] = useState<DateFormat>(DEFAULT_DATE_FORMAT);
  const [checked, setChecked] = useState<CheckedRows | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [stoppedBy, setStoppedBy] = useState<string | null>(null);
  // Cancelled: how many of the rows sent had gone when the send stopped.
  const [cancelled, setCancelled] = useState<{ sent: number; total: number } | null>(null);
  const [rounds, setRounds] = useState(0);
  // `lookingUp`: the too-old rows' bookings are being looked up (after the rows are checked).
  const [checking, setChecking] = useState<{ done: number; total: number; lookingUp?: boolean } | null>(null);
  const [lookups] = useState(newJumpDateLookups);
  const cancelRequested = useRef(false);
  const mappingTouched = useRef(false);

  const plan = useMemo(() => columnPlan(kind, source?.table.headers ?? [], mapping), [kind, source, mapping]);
  const settings = useMemo(() => ({ dateFormat, today, storedJumpOn: lookups.known }), [dateFormat, today, lookups]);
  const missing = missingRequiredFields(plan);

  const loadSource = useCallback(
    async (input: SourceInput) => {
      setReading(true);
      setSourceError(null);
      const result = await readInWorker(input);
      setReading(false);
      if (!result.ok) {
        setSourceError(result.reason);
        return;
      }
      const { headers, rows } = result.source.table;
      const auto = matchHeaders(headers, kind);
      const dateColumn = headers.findIndex((h) => auto[h] === 'jump_on');
      mappingTouched.current = false;
      lookups.known.clear();
      setSource(result.source);
      setMappingState(auto);
      setDateFormat(dateColumn >= 0 ? guessDateFormat(rows.map((r) => r[dateColumn] ?? '')) : DEFAULT_DATE_FORMAT);
      setChecked(null);
      setImportId(null);
      setRounds(0);
      setStep('columns');
      // A mapping a person set for files with these headers beats the automatic guess.
      try {
        const remembered = await importsApi.mapping(kind, headers);
        if (remembered.mapping && !mappingTouched.current) {
          setMappingState(withRemembered(auto, remembered.mapping, headers, kind));
          if (isDateFormat(remembered.date_format)) setDateFormat(remembered.date_format);
        }
      } catch {
        // Nothing remembered is reachable: the automatic match stands.
      }
    },
    [kind, lookups],
  );

  const setField = useCallback((header: string, field: string | null) => {
    mappingTouched.current = true;
    setMappingState((current) => ({ ...current, [header]: field }));
  }, []);

  const toCheck = useCallback(async () => {
    if (!source || missing.length > 0 || checking) return;
    // Coming back from Check keeps the fixes and left-out rows; the new mapping checks them again.
    const rows = checked?.rows ?? toWizardRows(source.table.rows);
    // Remembered now, while the rows are checked; a failure only means the next file is matched afresh.
    void importsApi.rememberMapping(kind, source.table.headers, mapping, dateFormat === DEFAULT_DATE_FORMAT ? null : dateFormat).catch(() => undefined);
    setChecking({ done: 0, total: rows.length });
    forgetFailedLookups(lookups);
    const checkedRows = await checkAllInSlices(kind, rows, plan, settings, (done) => setChecking({ done, total: rows.length }));
    const result =
      kind === 'bookings'
        ? await settleOldJumpDates(checkedRows, plan, settings, lookups, storedJumpOnViaSyncApi, (done, total) => setChecking({ done, total, lookingUp: true }))
        : checkedRows;
    setChecking(null);
    setChecked(result);
    setStep('check');
  }, [source, missing.length, checking, checked, kind, plan, settings, mapping, dateFormat, lookups]);

  // Only at Check, where cells are fixed: elsewhere nothing can leave a row waiting on a lookup, and
  // a send changes `checked` at every batch (each time a scan of every row for ids to look up).
  useJumpDateLookupsAfterEdits(kind, checked, setChecked, plan, settings, lookups, checking !== null || step !== 'check');

  const editCell = useCallback(
    (index: number, column: number, value: string) => setChecked((state) => (state ? withCell(kind, state, index, column, value, plan, settings) : state)),
    [kind, plan, settings],
  );
  const setLeftOut = useCallback(
    (indices: readonly number[], leftOut: boolean) => setChecked((state) => (state ? withLeftOut(kind, state, indices, leftOut) : state)),
    [kind],
  );

  const send = useCallback(
    async (operator: string) => {
      if (!source || !checked) return;
      const items: SendItem[] = [];
      const keptBack: KeptBackItem[] = [];
      checked.rows.forEach((row, index) => {
        const state = readiness(checked, index);
        const base = { index, number: row.number, cells: row.cells, key: checked.checks[index]?.key ?? null };
        if (state === 'ready') items.push({ ...base, record: checked.checks[index]?.record ?? {} });
        else if (state !== 'done') {
          const reason = state === 'problem' ? `left out: ${problemOf(checked, index)}` : 'left out by the person importing';
          keptBack.push({ ...base, outcome: { status: 'left_out', message: reason, recordId: null } });
        }
      });
      cancelRequested.current = false;
      setHistoryError(null);
      setStoppedBy(null);
      setCancelled(null);
      let answered = 0;
      setProgress({ total: items.length, done: 0, cancelling: false });
      setChecked((state) => (state ? withOutcomes(state, keptBack) : state));

      let id = importId;
      try {
        if (id === null) {
          const created = await importsApi.create({
            kind,
            file_name: source.fileName.slice(0, 255),
            headers: source.table.headers,
            mapping,
            date_format: dateFormat === DEFAULT_DATE_FORMAT ? null : dateFormat,
            operator: operator.trim() || null,
            delimiter: source.table.delimiter,
            // Only a freshly read source is created (a reopened import already has its id), and its
            // rows are numbered 1..n as read, blank lines skipped and not counted: n is the total.
            total_rows: checked.rows.length,
          });
          id = created.id;
          setImportId(id);
        } else {
          await importsApi.setState(id, 'running');
        }
      } catch (error) {
        setHistoryError(errorText(error));
      }

      const summary = await sendImport({
        kind,
        importId: id,
        items,
        keptBack,
        chunkSize: CHUNK_SIZE,
        transport: pageTransport,
        isCancelled: () => cancelRequested.current,
        onOutcomes: (outcomes: { index: number; outcome: RowOutcome }[]) => {
          answered += outcomes.filter(({ outcome }) => outcome.status !== 'not_sent').length;
          setChecked((state) => (state ? withOutcomes(state, outcomes) : state));
          setProgress((p) => (p ? { ...p, done: Math.min(p.total, p.done + outcomes.length) } : p));
        },
        onHistoryError: (error) => setHistoryError(errorText(error)),
      });
      setStoppedBy(summary.stoppedBy);
      setCancelled(summary.cancelled ? { sent: answered, total: items.length } : null);
      setProgress(null);
      setRounds((n) => n + 1);
      setStep('results');
      void queryClient.invalidateQueries({ queryKey: queryKeys[kind] });
      void queryClient.invalidateQueries({ queryKey: ['imports'] });
    },
    [source, checked, importId, kind, mapping, dateFormat, queryClient],
  );

  const cancel = useCallback(() => {
    cancelRequested.current = true;
    setProgress((p) => (p ? { ...p, cancelling: true } : p));
  }, []);

  /** "Retry failed rows" from the history: the stored import back in the wizard, at Check, its failed rows to send. */
  const reopen = useCallback(
    async (id: number) => {
      setReading(true);
      setSourceError(null);
      try {
        const reopened = await reopenImport(id);
        const format = isDateFormat(reopened.summary.date_format) ? reopened.summary.date_format : DEFAULT_DATE_FORMAT;
        const reopenedPlan = columnPlan(kind, reopened.summary.headers, reopened.summary.mapping);
        mappingTouched.current = true;
        const reopenedSettings = { ...settings, dateFormat: format };
        lookups.known.clear();
        const checkedRows = await checkAllInSlices(kind, reopened.rows, reopenedPlan, reopenedSettings);
        // As at a first check: a too-old date the booking already has is no problem (the server keeps it).
        const result =
          kind === 'bookings' ? await settleOldJumpDates(checkedRows, reopenedPlan, reopenedSettings, lookups, storedJumpOnViaSyncApi) : checkedRows;
        setSource(reopened.source);
        setMappingState(reopened.summary.mapping);
        setDateFormat(format);
        setChecked(result);
        setImportId(id);
        setRounds(1);
        setStep('check');
      } catch (error) {
        setSourceError(`Import ${id} could not be reopened from the history: ${errorText(error)}`);
      } finally {
        setReading(false);
      }
    },
    [kind, settings, lookups],
  );

  // Counted once here for every step that shows them (the page's Continue, Check, Send), and only
  // outside a send: while one goes, each batch's outcomes change the rows and nothing shows the count.
  const sending = progress !== null;
  const rowCounts = useMemo(() => (checked && !sending ? readinessCounts(checked) : null), [checked, sending]);

  const failedCount = useMemo(() => {
    let failed = 0;
    for (const row of checked?.rows ?? []) if (!isDone(row.outcome)) failed++;
    return failed;
  }, [checked]);

  return {
    kind,
    step,
    setStep,
    reading,
    sourceError,
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
    historyError,
    stoppedBy,
    cancelled,
    reopen,
    importId,
    rounds,
    failedCount,
    loadSource,
  };
}

export type ImportWizard = ReturnType<typeof useImportWizard>;
