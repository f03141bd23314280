// A command's bundle run with a V8 code cache made after its start (bin/dropzone-desk.mjs).
// Node's compile cache (module.enableCompileCache) keeps only what V8 compiled while the module
// loaded; most of a server's functions are compiled lazily, at the first requests. A code cache
// made once the desk has served a while holds those too: the next start skips compiling them
// (about 50 ms of a start at 100,000 bookings on the 2-core machine: docs/performance.md).
// Plain JavaScript: the launcher uses it before anything is compiled.
import { isAscii } from 'node:buffer';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import nodeModule from 'node:module';
import { basename, dirname, join } from 'node:path';
import vm from 'node:vm';

/** After this long a server has answered its first requests: what it compiled by then is kept. */
export const CODE_CACHE_AFTER_MS = 5_000;

/**
 * Which code cache belongs to this very bundle file. V8 checks a cache against the source's length
 * only, not its bytes: a rebuilt bundle of the same length would run the old code. So each build
 * (a new file: its size, its change time to the nanosecond, its inode) has a cache of its own.
 */
function cacheFileOf(bundle, cacheBase) {
  const stat = statSync(bundle, { bigint: true });
  return `${cacheBase}.${stat.size}-${stat.mtimeNs}-${stat.ctimeNs}-${stat.ino}.v8cache`;
}

/** Writes a build's cache and removes the caches of earlier builds of the same bundle. */
function keep(cacheFile, cacheBase, data) {
  const temporary = `${cacheFile}.${process.pid}`;
  writeFileSync(temporary, data);
  renameSync(temporary, cacheFile);
  const prefix = `${basename(cacheBase)}.`;
  for (const name of readdirSync(dirname(cacheFile)))
    if (name.startsWith(prefix) && name.endsWith('.v8cache') && name !== basename(cacheFile))
      rmSync(join(dirname(cacheFile), name), { force: true });
}

/**
 * The bundle's text. An ASCII file (scripts/cli-bundles.mjs makes its bundles so) is read as
 * Latin-1: the same text, as a one-byte string, without UTF-8's decoding; half the memory of the
 * two-byte string a single letter outside ASCII makes, and quicker for V8 to scan.
 */
function sourceOf(bundle) {
  const bytes = readFileSync(bundle);
  return isAscii(bytes) ? bytes.latin1Slice() : bytes.toString('utf8');
}

/**
 * Runs a CommonJS bundle as `require` would, from its code cache (`cacheBase` and the build's
 * stamp) when V8 accepts it (the same Node and flags). Without one, or when V8 rejected it, one is
 * written `afterMs` later, if the process still runs then. Undefined where this Node cannot give a
 * script's dynamic imports the usual loader (before 21.7): the caller requires the bundle.
 */
export function requireWithCodeCache(bundle, cacheBase, afterMs = CODE_CACHE_AFTER_MS) {
  const defaultLoader = vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  if (defaultLoader === undefined) return undefined;
  const cacheFile = cacheFileOf(bundle, cacheBase);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // None yet for this build.
  }
  const script = new vm.Script(nodeModule.wrap(sourceOf(bundle)), {
    filename: bundle,
    cachedData,
    importModuleDynamically: defaultLoader,
  });
  const module = { exports: {}, filename: bundle, id: bundle, loaded: false };
  script
    .runInThisContext()
    .call(module.exports, module.exports, nodeModule.createRequire(bundle), module, bundle, dirname(bundle));
  module.loaded = true;
  if (cachedData === undefined || script.cachedDataRejected) {
    setTimeout(() => {
      try {
        keep(cacheFile, cacheBase, script.createCachedData());
      } catch {
        // A read-only checkout: each start compiles, as before.
      }
    }, afterMs).unref();
  }
  return module.exports;
}
