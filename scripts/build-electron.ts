import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildElectronBundles } from './electron-bundles';

/**
 * npm run build:electron: the desktop app's bundles and the built desk UI into out/, the folder
 * electron-builder packs (electron-builder.yml). What goes in is in scripts/electron-bundles.ts.
 */
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = join(root, 'out');
const uiDir = process.env.DESK_UI_DIR || join(root, 'dist', 'renderer');

if (!existsSync(join(uiDir, 'index.html'))) {
  console.error(
    `build:electron: the desk UI is not built (${uiDir}/index.html is missing). Run "npm run build:renderer" first (npm start does both).`,
  );
  process.exit(1);
}

await buildElectronBundles({ root, outDir, uiDir });
console.log(`build:electron: out/main.cjs, out/preload.cjs, out/server.cjs and out/renderer/ (from ${uiDir})`);
