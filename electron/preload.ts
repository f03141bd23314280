import { contextBridge, ipcRenderer } from 'electron';

/**
 * The page's only window on the app: `window.desk = { apiBase, token, version }`, frozen, in the
 * page's world through contextBridge (the page never sees ipcRenderer). Bundled to CommonJS
 * (out/preload.cjs): a sandboxed preload can load no ES modules and no files of its own.
 * Constants are repeated from electron/shell/desk-config.ts so this bundle stays tiny.
 */
const config = ipcRenderer.sendSync('desk:config') as { apiBase: unknown; token: unknown; version: unknown } | null;

if (config && typeof config.apiBase === 'string' && typeof config.token === 'string' && typeof config.version === 'string') {
  contextBridge.exposeInMainWorld('desk', Object.freeze({ apiBase: config.apiBase, token: config.token, version: config.version }));
}
