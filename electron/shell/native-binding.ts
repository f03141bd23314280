import { join } from 'node:path';

/**
 * Where `npm run native:electron` puts better-sqlite3 built for one Electron version, platform
 * and architecture. The checkout's own node_modules build stays Node's (for npm test); the
 * desktop app loads this one through better-sqlite3's `nativeBinding` option.
 */
export function electronNativeBindingPath(
  root: string,
  electronVersion: string,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): string {
  return join(root, 'build', 'native', `electron-${electronVersion}-${platform}-${arch}`, 'better_sqlite3.node');
}
