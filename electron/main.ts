import * as electron from 'electron';
import { join } from 'node:path';
import { PRODUCT_NAME } from './common/data-dir';
import { runDeskShell } from './shell/desk-shell';
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
  dataDir: process.env.DESK_DATA_DIR || undefined,
  developerMenu: !app.isPackaged,
  echo: app.isPackaged ? undefined : (line) => process.stdout.write(line),
});
