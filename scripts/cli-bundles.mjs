// The headless desk's command-line tools as esbuild bundles (.bundles/), built from this checkout's
// TypeScript the first time a command runs after its sources changed, as the desk UI is. Loading
// one CommonJS file is several times faster than compiling the sources through tsx at every start
// (issue "Fast from the first second"; docs/performance.md has the figures).
//
// Sources that find files from their own URL (electron/version.ts, electron/server/static-ui.ts)
// are given that URL in the bundle too, relative to the bundle (sourceUrls below): the checkout
// can move. Plain JavaScript: bin/dropzone-desk.mjs loads it before tsx.
import { readFile } from 'node:fs/promises';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSources, writeStamp } from '../electron/common/sources-stamp.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLE_DIR = join(ROOT, '.bundles');
const STAMP_FILE = '.sources-hash';
/** node:module's compile cache for the bundles (V8 code, keyed by each file's contents). */
export const COMPILE_CACHE_DIR = join(BUNDLE_DIR, '.compile-cache');

/** What the bundles are made of: the sources, the exact dependencies, and this builder itself. */
const SOURCES = ['electron', 'shared', 'package-lock.json', 'scripts/cli-bundles.mjs'];

/** Each command's entry (its module exports `main(argv)`), and the reader thread the server starts. */
export const CLI_ENTRIES = {
  serve: 'electron/serve.ts',
  token: 'electron/cli/token.ts',
  backup: 'electron/cli/backup.ts',
  admin: 'electron/cli/admin.ts',
  url: 'electron/cli/url.ts',
  desks: 'electron/cli/desks.ts',
};
// Beside serve.cjs: the reader pool starts ./read-worker.cjs from its own bundle's URL.
const WORKER_ENTRY = { 'read-worker': 'electron/readers/read-worker.ts' };

const isSource = (name) => /\.(ts|tsx|mjs|cjs|js|json|sql)$/.test(name);

/**
 * `import.meta.url` in each of our sources becomes that source's own URL, found from the bundle's
 * folder: the same file the source finds when tsx runs it. (The desktop app's bundles give every
 * module the bundle's URL instead; there the sources are not beside it.)
 */
const sourceUrls = {
  name: 'source-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      if (path.split(sep).includes('node_modules')) return undefined;
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const source = JSON.stringify(relative(ROOT, path).split(sep).join('/'));
      return { contents: text.replaceAll('import.meta.url', `__source_url(${source})`), loader: 'ts' };
    });
  },
};

/**
 * Node's modules for TLS and HTTP/2, which fastify's lib/server.js requires as it loads, though a
 * desk's server uses them only to serve its LAN (a server of its own, made later). Loading and
 * compiling them is ~25 ms of every start on the 2-core machine (https with tls, http2 with its
 * core). In the bundles a CommonJS `require` of one gets a stand-in that requires the real module
 * at its first use (a property read: `https.createServer`). Not an ES import: esbuild copies an
 * imported module's properties as it loads, which would load it; the desk's own code imports
 * these where it uses them (electron/desks/lan-listener.ts).
 */
const DEFERRED_BUILTINS = /^(node:)?(https|http2|tls)$/;

const deferredBuiltins = {
  name: 'deferred-builtins',
  setup(builder) {
    builder.onResolve({ filter: DEFERRED_BUILTINS }, ({ path, kind, namespace }) => {
      if (kind !== 'require-call') return undefined;
      // The stand-in's own require is of the real module.
      if (namespace === 'deferred-builtin') return { path, external: true };
      return { path: `node:${path.replace(/^node:/, '')}`, namespace: 'deferred-builtin' };
    });
    builder.onLoad({ filter: /.*/, namespace: 'deferred-builtin' }, ({ path }) => ({
      loader: 'js',
      contents: `let loaded;
const real = () => (loaded ??= require(${JSON.stringify(path)}));
module.exports = new Proxy({}, {
  get: (_, key) => real()[key],
  has: (_, key) => key in real(),
  ownKeys: () => Reflect.ownKeys(real()),
  getOwnPropertyDescriptor: (_, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
    return descriptor && { ...descriptor, configurable: true };
  },
});
`,
    }));
  },
};

const BANNER = [
  // What the reader pool looks for to start ./read-worker.cjs, and what a dependency's own import.meta.url reads.
  "const __bundle_import_meta_url = require('node:url').pathToFileURL(__filename).href;",
  "const __source_url = (source) => require('node:url').pathToFileURL(require('node:path').join(__dirname, '..', source)).href;",
].join('\n');

/**
 * A bundle with nothing but ASCII in it. esbuild escapes what is not ASCII in strings and names,
 * not in the comments it keeps nor in regular expression literals; `\uXXXX` means the same letter
 * in a regular expression and changes nothing in a comment (a line or paragraph separator, which
 * ends a // comment, becomes the newline it acts as). The launcher reads an ASCII bundle into a
 * one-byte string: one letter outside ASCII made all 3.5 MB a two-byte string, decoded as UTF-8
 * (~20 ms more of every start: scripts/code-cache.mjs).
 */
export function asciiOnly(text) {
  return text
    .replace(/[\u2028\u2029]/g, '\n')
    .replace(/[\u0080-\uffff]/g, (letter) => `\\u${letter.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Builds every command's bundle into a folder of this process's own, then moves each file into
 * .bundles/ (a rename: atomic), the stamp last. Two commands started at once may both build;
 * from the same sources they write the same files, so neither sees a half-written one.
 */
async function build(stamp) {
  const { build: esbuild } = await import('esbuild');
  const staging = join(ROOT, `.bundles.${process.pid}.tmp`);
  rmSync(staging, { recursive: true, force: true });
  try {
    // Kept in memory (write: false) and written once, ASCII only.
    const { outputFiles } = await esbuild({
      write: false,
      entryPoints: Object.fromEntries(
        Object.entries({ ...CLI_ENTRIES, ...WORKER_ENTRY }).map(([name, file]) => [name, join(ROOT, file)]),
      ),
      outdir: staging,
      outExtension: { '.js': '.cjs' },
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'cjs',
      logLevel: 'silent',
      sourcemap: false,
      legalComments: 'none',
      // The desktop app's two externals (scripts/electron-bundles.ts): the native addon loads from
      // node_modules; electron is never loaded headless. Vite too: serve imports it only when the
      // UI needs a build, as a package of its own (it is a build tool, not bundleable).
      // undici (the first call to a remote or a main desk) and @peculiar/x509 (the first LAN
      // certificate) are imported only when needed: left out of the bundle, they are read from
      // node_modules then, not at every start (1.9 of the bundle's 5.3 MB; ~100 ms of a start).
      external: ['electron', 'better-sqlite3', 'vite', 'undici', '@peculiar/x509'],
      banner: { js: BANNER },
      define: { 'import.meta.url': '__bundle_import_meta_url' },
      plugins: [sourceUrls, deferredBuiltins],
    });
    mkdirSync(staging, { recursive: true });
    for (const file of outputFiles) writeFileSync(file.path, asciiOnly(file.text));
    mkdirSync(BUNDLE_DIR, { recursive: true });
    for (const file of readdirSync(staging)) renameSync(join(staging, file), join(BUNDLE_DIR, file));
    writeStamp(join(BUNDLE_DIR, STAMP_FILE), stamp);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The first line of a build error: esbuild's own message names the file and the problem. */
function reasonOf(error) {
  const first = error && Array.isArray(error.errors) && error.errors[0];
  if (first) return `${first.location ? `${first.location.file}:${first.location.line}: ` : ''}${first.text}`;
  return String((error && error.message) || error).split('\n')[0];
}

/**
 * The path of `command`'s bundle, built first when the sources changed; undefined when it cannot
 * be built (esbuild missing, a read-only checkout, a source that does not compile), after one line
 * on stderr that says why: the caller then runs the sources through tsx, more slowly.
 */
export async function freshCliBundle(command, { log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  if (!Object.hasOwn(CLI_ENTRIES, command)) return undefined;
  try {
    const { fresh, stamp } = checkSources(join(BUNDLE_DIR, STAMP_FILE), ROOT, SOURCES, isSource);
    if (!fresh) await build(stamp);
    return join(BUNDLE_DIR, `${command}.cjs`);
  } catch (error) {
    log(
      `dropzone-desk: running from the TypeScript sources (a slower start): could not build .bundles/: ${reasonOf(error)}`,
    );
    return undefined;
  }
}
