import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronNativeBindingPath } from '../electron/shell/native-binding';

/**
 * npm run native:electron [-- --force]: better-sqlite3 built for this checkout's Electron, put in
 * build/native/electron-<version>-<platform>-<arch>/better_sqlite3.node, where the desktop app
 * loads it through better-sqlite3's `nativeBinding` option (docs/electron.md, "Native module").
 * node_modules keeps Node's build, so npm test never needs a rebuild, and this never touches it:
 * both attempts run on a copy of the package in a temp folder.
 *
 *  1. prebuild-install --runtime electron: the addon better-sqlite3 publishes for this Electron
 *     (a download from GitHub releases);
 *  2. node-gyp rebuild --runtime electron: a build from source against Electron's headers
 *     (a download from electronjs.org, then a C++ toolchain).
 *
 * Both need the network. Where neither works, this says what failed and exits 1: it never leaves
 * a Node-ABI file where the Electron one should be.
 */
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const force = process.argv.includes('--force');
const electronVersion = (JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }).version;
const target = electronNativeBindingPath(root, electronVersion);
const packageDir = join(root, 'node_modules/better-sqlite3');
const label = `better-sqlite3 for Electron ${electronVersion} (${process.platform}-${process.arch})`;

if (existsSync(target) && !force) {
  console.log(`native:electron: ${label} is already built: ${target} (--force to build again)`);
  process.exit(0);
}

// npm passes its config to scripts as npm_config_*; nodedir/target/runtime there would make
// node-gyp build against Node's headers (this machine's .npmrc sets nodedir) — a silent wrong ABI.
const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_(nodedir|target|runtime|disturl|dist_url|arch|build_from_source)$/i.test(name)));

const work = mkdtempSync(join(tmpdir(), 'desk-native-'));
const copy = join(work, 'better-sqlite3');
cpSync(packageDir, copy, { recursive: true, filter: (source) => !source.startsWith(join(packageDir, 'build')) });
const built = join(copy, 'build', 'Release', 'better_sqlite3.node');

interface Attempt {
  name: string;
  command: string;
  args: string[];
}
const attempts: Attempt[] = [
  {
    name: 'download a prebuilt addon (prebuild-install)',
    command: join(root, 'node_modules/.bin/prebuild-install'),
    args: ['--runtime', 'electron', '--target', electronVersion, '--arch', process.arch, '--platform', process.platform, '--verbose'],
  },
  {
    name: "build from source against Electron's headers (node-gyp)",
    command: join(root, 'node_modules/.bin/node-gyp'),
    args: ['rebuild', '--release', '--runtime=electron', `--target=${electronVersion}`, `--arch=${process.arch}`, '--dist-url=https://electronjs.org/headers'],
  },
];

const failures: string[] = [];
for (const attempt of attempts) {
  console.log(`native:electron: ${label}: trying to ${attempt.name}…`);
  rmSync(join(copy, 'build'), { recursive: true, force: true });
  const run = spawnSync(attempt.command, attempt.args, { cwd: copy, env, encoding: 'utf8', timeout: 10 * 60_000 });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  if (run.status === 0 && existsSync(built)) {
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(built, target);
    rmSync(work, { recursive: true, force: true });
    console.log(`native:electron: done: ${target} (${statSync(target).size} bytes)`);
    process.exit(0);
  }
  const cause = run.error?.message ?? telling(output);
  failures.push(`- ${attempt.name}: failed (exit ${run.status ?? 'none'})\n${indent(cause)}`);
}
rmSync(work, { recursive: true, force: true });

console.error(`
native:electron: could not get ${label}.
${failures.join('\n')}

Both ways need the network: the prebuilt addon comes from github.com (WiseLibs/better-sqlite3 releases),
Electron's headers from electronjs.org. Where those are reachable, run "npm run native:electron" again.
Where they are not (as on a closed build machine), the desktop app cannot open its store; use the
headless desk instead: "npm run serve" (same server, same screens, in a browser).
Nothing was written to ${target}; node_modules was not touched, so npm test is unaffected.`);
process.exit(1);

/** The lines that say what went wrong (the URL tried, the error), without stack frames and banners. */
function telling(text: string): string {
  const lines = text.split('\n').map((line) => line.trimEnd()).filter((line) =>
    /(http (request )?GET|warn|ERR!|error)/i.test(line) && !/stack at |ERR! (System|command|cwd|node -v|node-gyp -v|not ok)|^\((node:|Use )/.test(line),
  );
  return lines.slice(0, 8).join('\n') || text.trim().split('\n').slice(-6).join('\n') || '(no output)';
}

function indent(text: string): string {
  return text.split('\n').map((line) => `    ${line}`).join('\n');
}
