// Has a build (the desk UI in dist/renderer/, the commands' bundles in .bundles/) been made from
// exactly these sources? One stamp file beside the build says so: the hash of the sources' paths
// and bytes, then the hash of their paths, sizes and modification times. A start compares the
// stats first (a few milliseconds); only when they differ are the bytes read and hashed (15–30 ms
// for each of the two builds), and the same bytes under new stats (a checkout touched the files)
// take the new stats into the stamp, so the next start is quick again.
// Plain JavaScript (with sources-stamp.d.mts for the TypeScript): bin/dropzone-desk.mjs uses it,
// through scripts/cli-bundles.mjs, before tsx is loaded.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * A file changed this recently may change again within the file system's clock tick without
 * its stats moving (git's "racy" case): such stats are not kept, and the next check reads bytes.
 */
const RACY_MS = 2000;

const everyFile = () => true;

/**
 * The files in `dir` and its folders that `accept` takes, added to `files`. A walk of our own:
 * Node's `readdirSync(dir, { recursive: true })` took 13–50 ms for the 320 sources (its first use
 * loads and compiles more of Node), this takes ~1.5 ms, at every command's start.
 */
function addFilesUnder(dir, accept, files) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}${sep}${entry.name}`;
    if (entry.isDirectory()) addFilesUnder(path, accept, files);
    else if (entry.isFile() && accept(entry.name)) files.push(path);
  }
}

/** The files under `sources` (files or folders, relative to `root`), those `accept` takes, sorted. */
export function sourceFiles(root, sources, accept = everyFile) {
  const files = [];
  for (const source of sources) {
    const path = join(root, source);
    if (!existsSync(path)) continue;
    if (statSync(path).isDirectory()) addFilesUnder(path, accept, files);
    else files.push(path);
  }
  return files.sort();
}

/**
 * A file's name from `root`, with forward slashes (the same stamp on every system). The files come
 * from sourceFiles, under `root`: their name is what follows it. path.relative resolves both paths
 * at every call (~40 µs a file: 12 ms of every start for the sources), so it is kept for the rest.
 */
function namerFrom(root) {
  const base = join(root, '.');
  const prefix = base === '.' ? '' : `${base}${sep}`;
  return (file) => {
    const name = file.startsWith(prefix) ? file.slice(prefix.length) : relative(root, file);
    return sep === '/' ? name : name.split(sep).join('/');
  };
}

/** One hash over every file's path and bytes, in the given order. */
export function contentsHash(root, files) {
  const hash = createHash('sha256');
  const nameOf = namerFrom(root);
  for (const file of files) {
    hash.update(nameOf(file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** One hash over every file's path, size and modification time; empty when a file is too fresh to trust. */
function statsHash(root, files) {
  const hash = createHash('sha256');
  const racyAfter = Date.now() - RACY_MS;
  const nameOf = namerFrom(root);
  for (const file of files) {
    const { size, mtimeMs } = statSync(file);
    if (mtimeMs > racyAfter) return '';
    hash.update(`${nameOf(file)}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex');
}

function readStamp(stampFile) {
  if (!existsSync(stampFile)) return { contents: undefined, stats: undefined };
  const [contents, stats] = readFileSync(stampFile, 'utf8').split('\n');
  return { contents, stats };
}

/** The stamp, written under a name of this process's own and renamed: never seen half-written. */
export function writeStamp(stampFile, { contents, stats }) {
  const partial = `${stampFile}.${process.pid}`;
  writeFileSync(partial, `${contents}\n${stats}\n`);
  renameSync(partial, stampFile);
}

/**
 * Whether the build stamped in `stampFile` was made from these sources. When it was not, `stamp`
 * is what to write once the build is done (its hashes are of the sources as they were read now).
 */
export function checkSources(stampFile, root, sources, accept) {
  const files = sourceFiles(root, sources, accept);
  const stats = statsHash(root, files);
  const stamped = readStamp(stampFile);
  if (stats !== '' && stamped.contents !== undefined && stamped.stats === stats) return { fresh: true };
  const contents = contentsHash(root, files);
  if (stamped.contents !== contents) return { fresh: false, stamp: { contents, stats } };
  if (stats !== stamped.stats) writeStamp(stampFile, { contents, stats });
  return { fresh: true };
}
