import { homedir } from 'node:os';
import { join } from 'node:path';

export const PRODUCT_NAME = 'Dropzone Desk';

/**
 * The per-user data directory: the same folder Electron's `userData` names for this app, so the
 * desktop app and `npm run serve` share one store unless told otherwise.
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), PRODUCT_NAME);
}
