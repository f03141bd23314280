import { build } from 'electron-builder';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyFuses, isE2eBuild } from './fuses';

/**
 * npm run dist: installers for this platform (electron-builder.yml), from the bundles that
 * build:renderer and build:electron just made, with the fuses (scripts/fuses.ts) flipped in
 * afterPack, before signing. better-sqlite3 needs no rebuild: its prebuilt Node-API addons load
 * in Electron as they are. Where Electron cannot be downloaded, the only output after
 * electron-builder's progress lines is why, and what to use instead.
 */
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

try {
  const artifacts = await build({ projectDir: root, publish: 'never', config: { afterPack: applyFuses } });
  console.log(
    `dist: built${isE2eBuild() ? ' (e2e build: Node CLI inspect fuse left on)' : ''}:\n${artifacts.map((file) => `  ${file}`).join('\n')}`,
  );
} catch (error) {
  console.error(
    `dist: electron-builder failed: ${(error as Error).message}\n` +
      'It downloads Electron (github.com, or ELECTRON_MIRROR) to package it; on a machine that cannot reach it, no installer can be built. ' +
      'The desk itself runs without: "npm run serve". docs/electron.md, "Packaging", says how far it gets.',
  );
  process.exit(1);
}
