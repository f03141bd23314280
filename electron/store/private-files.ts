import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync } from 'node:fs';

/** Only the user: the store holds customers' names, e-mails, phone numbers and token hashes. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Windows has no POSIX modes: the data folder lives in the user's profile, which only they can read. */
const HAS_POSIX_MODES = process.platform !== 'win32';

/** Creates `dir` (and missing parents) readable by the user only. An existing folder is left as it is. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Creates `file` empty with mode 0600 if it does not exist yet. SQLite then creates the store's
 * `-wal` and `-shm` with the store file's own mode, so all three are private from the first byte.
 */
export function createPrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
}

/**
 * Narrows what exists of `paths` to the user only (0700 for folders, 0600 for files) and says
 * so for each one that others could read, so whoever started the desk hears about it.
 */
export function tightenToPrivate(paths: readonly string[]): string[] {
  if (!HAS_POSIX_MODES) return [];
  const notices: string[] = [];
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    const mode = stat.mode & 0o777;
    if ((mode & 0o077) === 0) continue;
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    chmodSync(path, wanted);
    notices.push(
      `${path} was readable by other users of this computer (mode ${octal(mode)}); tightened to ${octal(wanted)}`,
    );
  }
  return notices;
}

function octal(mode: number): string {
  return mode.toString(8).padStart(4, '0');
}
