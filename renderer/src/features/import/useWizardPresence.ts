import { useEffect } from 'react';
import { importsApi } from '../../api/imports-api';
import { importActivity } from './import-activity';
import type { ImportWizard } from './useImportWizard';

/**
 * What the rest of the desk knows of this wizard: its send (the status bar's badge), whether it
 * holds work (kept mounted off-screen), a prompt before the page unloads with work not yet sent,
 * and, if it unloads mid-send anyway, the import's lease let go so the history says interrupted.
 */
export function useWizardPresence(wizard: ImportWizard, readyToSend: number): void {
  const { kind, progress, importId, step, reading } = wizard;

  useEffect(() => {
    importActivity.setSending(kind, progress && { importId, done: progress.done, total: progress.total, cancelling: progress.cancelling });
  }, [kind, progress, importId]);
  useEffect(() => () => importActivity.setSending(kind, null), [kind]);

  const withWork = step !== 'source' || reading;
  useEffect(() => importActivity.setWithWork(kind, withWork), [kind, withWork]);

  // For the history's "Retry failed rows", which asks before replacing this wizard: a file read, or
  // rows at Check or Send not gone in yet. Results hold nothing to lose (the history has them).
  const held = step === 'columns' ? (wizard.source?.table.rows.length ?? 0) : step === 'check' || step === 'send' ? wizard.failedCount : 0;
  useEffect(() => importActivity.setUnsent(kind, held), [kind, held]);
  useEffect(() => () => importActivity.setUnsent(kind, 0), [kind]);

  // Sending, or rows checked (perhaps fixed by hand) and not sent yet: leaving would lose them.
  const unsent = progress !== null || ((step === 'check' || step === 'send') && readyToSend > 0);
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

  const sendingImport = progress !== null ? importId : null;
  useEffect(() => {
    if (sendingImport === null) return;
    const onPageHide = () => importsApi.releaseLeaseOnUnload(sendingImport);
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [sendingImport]);
}
