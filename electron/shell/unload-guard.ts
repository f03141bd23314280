import type { BrowserWindow, Dialog } from 'electron';

/**
 * The page asks before it unloads while an import has rows not sent yet (a beforeunload
 * answer). A browser shows its own prompt; Electron shows none and silently keeps the window
 * open, so the shell asks instead. Leave lets the page go (the import's unsent rows stay in the
 * history as not sent, to retry from there); Stay keeps it.
 */
export function guardUnload(
  window: BrowserWindow,
  dialog: Pick<Dialog, 'showMessageBoxSync'>,
  log: (message: string) => void,
): void {
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window, {
      type: 'question',
      title: 'Leave the desk?',
      message: 'An import has rows that are not sent yet.',
      detail:
        'If you leave now, rows already sent stay saved, and the rest are kept in Import history as not sent, to retry from there.',
      buttons: ['Leave', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    });
    if (choice === 0) {
      log('the page had unsent import rows; leaving on request');
      // In 'will-prevent-unload', preventDefault ignores the page's beforeunload answer: the page unloads.
      event.preventDefault();
    }
  });
}
