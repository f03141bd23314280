import { useEffect } from 'react';
import { importActivity } from '../common/import-activity';
import type { ImportWizard } from './useImportWizard';

/**
 * What the rest of the desk knows of this wizard: the import it watches (the status bar's badge
 * leads back here), whether it holds work (kept mounted off-screen), and a prompt before the page
 * unloads with rows not yet handed to the desk. Once the desk has them, closing the page stops
 * nothing: no prompt.
 */
export function useWizardPresence(wizard: ImportWizard, readyToSend: number): void {
  const { kind, progress, importId, step, reading } = wizard;

  const watching = progress !== null;
  const watchedId = progress?.handingOver ? null : importId;
  useEffect(() => {
    importActivity.setSending(kind, watching ? { importId: watchedId } : null);
  }, [kind, watching, watchedId]);
  useEffect(() => () => importActivity.setSending(kind, null), [kind]);

  const withWork = step !== 'source' || reading;
  useEffect(() => importActivity.setWithWork(kind, withWork), [kind, withWork]);

  // For the history's "Retry failed rows", which asks before replacing this wizard: a file read, or
  // rows at Check or Send not gone in yet. Results hold nothing to lose (the history has them).
  const held =
    step === 'columns'
      ? (wizard.source?.table.rows.length ?? 0)
      : step === 'check' || step === 'send'
        ? wizard.failedCount
        : 0;
  useEffect(() => importActivity.setUnsent(kind, held), [kind, held]);
  useEffect(() => () => importActivity.setUnsent(kind, 0), [kind]);

  // Rows on their way to the desk, or checked (perhaps fixed by hand) and not handed over yet: leaving would lose them.
  const unsent =
    progress?.handingOver === true || (!watching && (step === 'check' || step === 'send') && readyToSend > 0);
  useEffect(() => {
    // In the desktop app the shell turns this answer into its own Leave / Stay dialog (electron/shell/unload-guard.ts).
    if (!unsent) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium (and so Electron) asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsent]);
}
