import { contextBridge, ipcRenderer } from 'electron';
import type { DeskConfig } from '../shared/desk-config';

/**
 * The page's only window on the app: `window.desk = { apiBase, token, version }`, frozen, in the
 * page's world through contextBridge (the page never sees ipcRenderer). Bundled to CommonJS
 * (out/preload.cjs): a sandboxed preload can load no ES modules and no files of its own.
 * The channel's name is repeated from electron/shell/desk-config.ts so this bundle stays tiny; the
 * shape is shared/desk-config.ts's (a type: nothing of it is bundled), checked field by field.
 */
const config = ipcRenderer.sendSync('desk:config') as Record<keyof DeskConfig, unknown> | null;

if (
  config &&
  typeof config.apiBase === 'string' &&
  typeof config.token === 'string' &&
  typeof config.version === 'string'
) {
  contextBridge.exposeInMainWorld(
    'desk',
    Object.freeze({ apiBase: config.apiBase, token: config.token, version: config.version } satisfies DeskConfig),
  );
}
