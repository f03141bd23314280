import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

/**
 * The Electron executable of node_modules/electron, if its download happened (install scripts
 * never run: the project's .npmrc sets ignore-scripts; npm start tries it once). Read from the package's path.txt as
 * its index.js does, without loading index.js: that one starts the download itself, printing
 * its progress and stack trace to our terminal, and then throws advice that does not apply here.
 */
export function findElectronBinary(fromDir: string = process.cwd()): ElectronBinary {
  let packageDir: string;
  try {
    packageDir = dirname(createRequire(`${fromDir}/`).resolve('electron/package.json'));
  } catch {
    return { ok: false, reason: 'the electron package is not installed (npm ci installs it)' };
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile))
    return { ok: false, reason: "the electron package's download of its executable did not run" };
  const relative = readFileSync(pathFile, 'utf8');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const path = override ? join(override, relative || 'electron') : join(packageDir, 'dist', relative);
  if (!existsSync(path))
    return { ok: false, reason: `${path} does not exist (the electron package's download did not finish)` };
  return { ok: true, path };
}
