import type { BrowserWindow, BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { APP_START_URL } from './origin';

/**
 * The page gets no Node, runs in Chromium's sandbox, in its own JavaScript world apart from the
 * preload, and keeps the same-origin policy. Nothing of this is a default to trust silently: each
 * is spelt out so a test can read it and a reviewer can see it.
 */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  };
}

export function mainWindowOptions(preload: string, title: string): BrowserWindowConstructorOptions {
  return {
    width: 1440,
    height: 900,
    minWidth: 960,
    minHeight: 600,
    title,
    // Shown once the first paint is ready, so no white flash.
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(preload),
  };
}

type WindowClass = new (options: BrowserWindowConstructorOptions) => BrowserWindow;

/** Creates the desk's window on the app origin; the navigation guards come from 'web-contents-created'. */
export function createMainWindow(
  BrowserWindowClass: WindowClass,
  preload: string,
  title: string,
  log: (message: string) => void,
): BrowserWindow {
  const window = new BrowserWindowClass(mainWindowOptions(preload, title));
  window.once('ready-to-show', () => window.show());
  window.loadURL(APP_START_URL).catch((error: Error) => log(`the window could not load the desk: ${error.message}`));
  return window;
}

/** A second launch brings the first window forward instead of opening another store. */
export function focusWindow(window: BrowserWindow | null): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}
