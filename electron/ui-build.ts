import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { checkSources, contentsHash, sourceFiles, writeStamp } from './common/sources-stamp.mjs';

/** Beside the built UI: the hashes of the sources it was built from (electron/common/sources-stamp.mjs). */
export const UI_STAMP_FILE = '.sources-hash';

/**
 * What the built desk UI is made of: its sources and Vite config (renderer/), the code it shares
 * with the server (shared/), and the exact dependencies and compiler settings it was built with.
 */
const UI_SOURCES = ['renderer', 'shared', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json'];

/** One hash over every UI source file's path and bytes, in a fixed order (what the stamp begins with). */
export function uiSourcesHash(root: string): string {
  return contentsHash(root, sourceFiles(root, UI_SOURCES));
}

export type UiBuild = 'up to date' | 'built' | 'no sources';

/**
 * Builds the desk UI into `outDir` only when its sources differ from those of the build there
 * (or there is none), and stamps the build (electron/common/sources-stamp.mjs). A start with nothing
 * changed costs the sources' stats instead of a Vite build.
 */
export async function ensureUiBuilt({
  root,
  outDir,
  log,
}: {
  root: string;
  outDir: string;
  log: (line: string) => void;
}): Promise<UiBuild> {
  const config = join(root, 'renderer', 'vite.config.ts');
  if (!existsSync(config)) return 'no sources';
  const stampFile = join(outDir, UI_STAMP_FILE);
  const sources = checkSources(stampFile, root, UI_SOURCES);
  if (sources.fresh && existsSync(join(outDir, 'index.html'))) return 'up to date';
  // A build gone with its stamp still there: built again from the sources as they are.
  const stamp = sources.stamp ?? { contents: uiSourcesHash(root), stats: '' };
  log(`building the desk UI into ${outDir} (its sources changed since the last build)…`);
  // Vite only when there is something to build: loading it alone costs a good part of a second.
  const { build } = await import('vite');
  await build({ configFile: config, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  writeStamp(stampFile, stamp);
  return 'built';
}
