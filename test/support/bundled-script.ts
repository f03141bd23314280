import { buildSync } from 'esbuild';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

/**
 * A support script in TypeScript (test/support/netns-calls.ts and the like) bundled by esbuild into
 * one plain ES module, so a test that runs it many times starts `node <bundle>` (a tenth of a
 * second) instead of `node --import tsx <script>` (which compiles the script and what it imports at
 * every start: one to two seconds on a busy 2-core machine). The same code runs: the script's own
 * sources and its dependencies, bundled as they are. `external` packages stay outside (better-sqlite3:
 * its addon is found from its own folder): the bundle imports them from the checkout's node_modules,
 * linked beside it.
 *
 * Built once per test process, on first use, into a temp folder removed when the process exits.
 */
const built = new Map<string, string>();
let folder: string | undefined;

export function bundledScript(script: string, options: { external?: string[] } = {}): string {
  const entry = resolve(script);
  const external = options.external ?? [];
  const key = [entry, ...external].join('\n');
  const done = built.get(key);
  if (done) return done;
  if (folder === undefined) {
    const made = mkdtempSync(join(tmpdir(), 'desk-test-scripts-'));
    folder = made;
    symlinkSync(resolve('node_modules'), join(made, 'node_modules'), 'dir');
    process.on('exit', () => rmSync(made, { recursive: true, force: true }));
  }
  const outfile = join(folder, `${basename(entry).replace(/\.tsx?$/, '')}-${built.size}.mjs`);
  buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    logLevel: 'error',
    external,
    // CommonJS dependencies (undici) require Node's own modules: an ES module has no `require` of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  built.set(key, outfile);
  return outfile;
}
