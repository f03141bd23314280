import * as electron from 'electron';
import { join } from 'node:path';
import { PRODUCT_NAME } from './data-dir';
import { runDeskShell } from './shell/desk-shell';
import { electronNativeBindingPath } from './shell/native-binding';
import { forkUtilityServer } from './shell/utility-fork';

/**
 * The desktop app's entry, bundled to out/main.cjs (npm run build:electron). Everything it does
 * is in electron/shell/; this file only hands over the real electron module and the paths of the
 * built files beside it.
 */
const { app, utilityProcess } = electron;
const here = __dirname;

runDeskShell(electron, {
  productName: PRODUCT_NAME,
  preload: join(here, 'preload.cjs'),
  uiDir: join(here, 'renderer'),
  forkServer: (log) => forkUtilityServer(utilityProcess, join(here, 'server.cjs'), log),
  // Packaged apps carry better-sqlite3 rebuilt for Electron by electron-builder; a checkout uses
  // the separate build from `npm run native:electron`, leaving node_modules to Node and npm test.
  nativeBinding: app.isPackaged ? undefined : electronNativeBindingPath(app.getAppPath(), process.versions.electron ?? 'unknown'),
  dataDir: process.env.DESK_DATA_DIR || undefined,
  developerMenu: !app.isPackaged,
  echo: app.isPackaged ? undefined : (line) => process.stdout.write(line),
});
