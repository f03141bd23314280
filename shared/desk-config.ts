/**
 * What the desktop app gives its page, and nothing more: `window.desk`, set by the preload
 * (electron/preload.ts) from the main process's answer (electron/shell/desk-config.ts), read by
 * the renderer (renderer/src/vite-env.d.ts). A plain browser has none: the start URL's token.
 */
export interface DeskConfig {
  /** Where the desk server answers (app://desk in the desktop app). */
  apiBase: string;
  /** This launch's session token for the desk API. */
  token: string;
  version: string;
}
