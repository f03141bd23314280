import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronNativeBindingPath } from '../../electron/shell/native-binding';
import { findElectronBinary } from '../../scripts/electron-binary';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export type ElectronEnvironment = { runnable: true; executable: string } | { runnable: false; reason: string };

/** Whether this machine can run the desktop app at all, and if not, why (printed as the skip reason). */
export function electronEnvironment(): ElectronEnvironment {
  const binary = findElectronBinary(ROOT);
  if (!binary.ok) return { runnable: false, reason: `Electron binary not installed: ${binary.reason}` };
  return { runnable: true, executable: binary.path };
}

export function nativeBindingFile(): string {
  const version = (JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
  return electronNativeBindingPath(ROOT, version);
}

export function nativeBindingPresent(): boolean {
  return existsSync(nativeBindingFile());
}
