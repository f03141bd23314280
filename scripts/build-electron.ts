import { build, type BuildOptions } from 'esbuild';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * npm run build:electron: bundles the desktop app's three entries into out/, the folder
 * electron-builder packs (electron-builder.yml), and copies the built desk UI beside them.
 *
 *   out/main.cjs     the main process (electron/main.ts)
 *   out/preload.cjs  the sandboxed preload: CommonJS, one file, imports nothing but electron
 *   out/server.cjs   the desk server's utility process (electron/shell/server-entry.ts)
 *   out/renderer/    the desk UI, served by the server (from DESK_UI_DIR or dist/renderer)
 *
 * CommonJS throughout: Electron 39 loads ES modules in main too, but a sandboxed preload cannot,
 * and one format keeps the three alike. better-sqlite3 stays outside the bundles (a native addon
 * is loaded from node_modules, rebuilt for Electron when packaging).
 */
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const outDir = join(root, 'out');
const uiDir = process.env.DESK_UI_DIR || join(root, 'dist', 'renderer');

if (!existsSync(join(uiDir, 'index.html'))) {
  console.error(`build:electron: the desk UI is not built (${uiDir}/index.html is missing). Run "npm run build:renderer" first (npm start does both).`);
  process.exit(1);
}

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  // Electron 39 runs Node 22.
  target: 'node22',
  format: 'cjs',
  logLevel: 'warning',
  sourcemap: false,
  legalComments: 'none',
  external: ['electron', 'better-sqlite3'],
  // Sources written as ES modules read import.meta.url (electron/version.ts, static-ui.ts): give
  // the CommonJS bundle the same value, the bundle file's own URL.
  banner: { js: "const __bundle_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__bundle_import_meta_url' },
};

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
await Promise.all([
  build({ ...common, entryPoints: [join(root, 'electron/main.ts')], outfile: join(outDir, 'main.cjs') }),
  // The preload has no require of its own in the sandbox beyond electron: no banner, nothing external but electron.
  build({ ...common, entryPoints: [join(root, 'electron/preload.ts')], outfile: join(outDir, 'preload.cjs'), banner: {}, define: {}, external: ['electron'] }),
  build({ ...common, entryPoints: [join(root, 'electron/shell/server-entry.ts')], outfile: join(outDir, 'server.cjs') }),
]);
cpSync(uiDir, join(outDir, 'renderer'), { recursive: true });
console.log(`build:electron: out/main.cjs, out/preload.cjs, out/server.cjs and out/renderer/ (from ${uiDir})`);
