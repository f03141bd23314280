import { build } from 'electron-builder';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyFuses, isE2eBuild } from './fuses';

/**
 * npm run dist: installers for this platform (electron-builder.yml), from the bundles that
 * build:renderer and build:electron just made. Two things electron-builder alone would get wrong:
 *
 *  - its app-deps rebuild compiles better-sqlite3 for Electron *in node_modules*, which would leave
 *    npm test with an addon Node cannot load: the Node build is set aside first and put back after,
 *    whatever happens (with its rebuild marker, so the next dist rebuilds again);
 *  - the fuses (scripts/fuses.ts) are flipped in afterPack, before signing.
 */
// npm hands its config to scripts as npm_config_*; a nodedir there (this machine's .npmrc has one)
// makes node-gyp compile against Node's headers while believing it builds for Electron: an addon
// of the wrong ABI in the installer, found only when the app cannot open its store.
for (const name of Object.keys(process.env)) {
  if (/^npm_config_(nodedir|target|runtime|disturl|dist_url|build_from_source)$/i.test(name)) delete process.env[name];
}

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const nativeBuild = join(root, 'node_modules/better-sqlite3/build');
const keep = mkdtempSync(join(tmpdir(), 'desk-dist-native-'));
const kept = existsSync(nativeBuild);
if (kept) cpSync(nativeBuild, join(keep, 'build'), { recursive: true });

let failed = false;
try {
  const artifacts = await build({ projectDir: root, publish: 'never', config: { afterPack: applyFuses } });
  console.log(`dist: built${isE2eBuild() ? ' (e2e build: Node CLI inspect fuse left on)' : ''}:\n${artifacts.map((file) => `  ${file}`).join('\n')}`);
} catch (error) {
  failed = true;
  console.error(`\ndist: electron-builder failed: ${(error as Error).message}`);
  console.error(
    'It downloads Electron (github.com) to package it and Electron headers (electronjs.org) to rebuild better-sqlite3; ' +
      'on a machine without those, no installer can be built. docs/electron.md, "Packaging", says how far it gets.',
  );
} finally {
  if (kept) {
    rmSync(nativeBuild, { recursive: true, force: true });
    cpSync(join(keep, 'build'), nativeBuild, { recursive: true });
  }
  rmSync(keep, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
