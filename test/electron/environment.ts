import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from '../../scripts/electron-binary';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export type ElectronEnvironment = { runnable: true; executable: string } | { runnable: false; reason: string };

/** Whether this machine can run the desktop app at all, and if not, why (printed as the skip reason). */
export function electronEnvironment(): ElectronEnvironment {
  const binary = findElectronBinary(ROOT);
  if (!binary.ok) return { runnable: false, reason: `Electron binary not installed: ${binary.reason}` };
  return { runnable: true, executable: binary.path };
}
