import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

/**
 * The Electron executable of node_modules/electron, if it was installed. The electron package's
 * index.js throws when its postinstall download did not happen (here: denied by allowScripts,
 * and the machine cannot reach GitHub anyway).
 */
export function findElectronBinary(fromDir: string = process.cwd()): ElectronBinary {
  const require = createRequire(`${fromDir}/`);
  let path: unknown;
  try {
    path = require('electron');
  } catch (error) {
    return { ok: false, reason: (error as Error).message.split('\n')[0] ?? 'the electron package did not load' };
  }
  if (typeof path !== 'string') return { ok: false, reason: 'the electron package did not give a path to its executable' };
  if (!existsSync(path)) return { ok: false, reason: `${path} does not exist (the electron package's download did not run)` };
  return { ok: true, path };
}
