import { build, type BuildOptions, type Metafile } from 'esbuild';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The desktop app's three bundles and the UI beside them, into `outDir` (npm run build:electron
 * gives out/, the folder electron-builder packs; the tests a temp folder):
 *
 *   main.cjs     the main process (electron/main.ts)
 *   preload.cjs  the sandboxed preload: CommonJS, one file, imports nothing but electron
 *   server.cjs   the desk server's utility process (electron/shell/server-entry.ts)
 *   read-worker.cjs  its reader threads (electron/readers/read-worker.ts), started from server.cjs
 *   renderer/    the desk UI, served by the server
 *
 * CommonJS throughout: Electron loads ES modules in main too, but a sandboxed preload cannot,
 * and one format keeps the three alike. better-sqlite3 stays outside the bundles: its prebuilt
 * Node-API addon is loaded from node_modules, the same file under Node and under Electron.
 */
export interface BundleOptions {
  /** The checkout (its electron/ sources). */
  root: string;
  outDir: string;
  /** The built desk UI (dist/renderer, or DESK_UI_DIR). */
  uiDir: string;
}

export interface Bundles {
  /** What went into each bundle (esbuild's metafile): the tests check main holds no server code. */
  main: Metafile;
  preload: Metafile;
  server: Metafile;
  readWorker: Metafile;
}

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  // Electron 45 runs Node 24; node22 also lets the tests run the bundles under the Node 22 they use.
  target: 'node22',
  format: 'cjs',
  logLevel: 'warning',
  sourcemap: false,
  legalComments: 'none',
  metafile: true,
  external: ['electron', 'better-sqlite3'],
  // Sources written as ES modules read import.meta.url (electron/version.ts, static-ui.ts): give
  // the CommonJS bundle the same value, the bundle file's own URL.
  banner: { js: "const __bundle_import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__bundle_import_meta_url' },
};

export async function buildElectronBundles({ root, outDir, uiDir }: BundleOptions): Promise<Bundles> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const [main, preload, server, readWorker] = await Promise.all([
    build({ ...common, entryPoints: [join(root, 'electron/main.ts')], outfile: join(outDir, 'main.cjs') }),
    // The preload has no require of its own in the sandbox beyond electron: no banner, nothing external but electron.
    build({
      ...common,
      entryPoints: [join(root, 'electron/preload.ts')],
      outfile: join(outDir, 'preload.cjs'),
      banner: {},
      define: {},
      external: ['electron'],
    }),
    build({
      ...common,
      entryPoints: [join(root, 'electron/shell/server-entry.ts')],
      outfile: join(outDir, 'server.cjs'),
    }),
    // Beside server.cjs: the reader pool starts ./read-worker.cjs from its own bundle's URL.
    build({
      ...common,
      entryPoints: [join(root, 'electron/readers/read-worker.ts')],
      outfile: join(outDir, 'read-worker.cjs'),
    }),
  ]);
  cpSync(uiDir, join(outDir, 'renderer'), { recursive: true });
  return {
    main: main.metafile!,
    preload: preload.metafile!,
    server: server.metafile!,
    readWorker: readWorker.metafile!,
  };
}
