import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  chmodSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * Where the remote's credentials are kept, apart from the SQLite store. Headless, a file only
 * the user can read; the Electron shell can plug in an implementation on safeStorage (the OS
 * keychain) without anything else changing. One opaque string; the caller gives it meaning.
 */
export interface SecretStore {
  /** Where and how the secret is protected, in words, for the settings screen. */
  readonly description: string;
  read(): string | null;
  /** Replaces the secret; null removes it. */
  write(secret: string | null): void;
}

export const SECRET_FILE_NAME = 'remote-credentials.json';
const OWNER_ONLY = 0o600;

/**
 * A file in the data directory with mode 0600. On open, a file that others could read is
 * tightened to 0600 (and `notice` says so); a symlink or other non-file is refused. Writes go to a
 * fresh 0600 temp file renamed over the old one, so no reader ever sees a half-written secret
 * and the secret never exists with wider permissions. (Windows has no POSIX modes: the file
 * lives in the per-user profile, which only the user can read.)
 */
export class FileSecretStore implements SecretStore {
  readonly description: string;
  /** Set when opening had to tighten the file's permissions. */
  readonly notice: string | null;

  constructor(readonly file: string) {
    this.description = `file readable only by you: ${file}`;
    this.notice = this.verifyPermissions();
  }

  static inDataDir(dataDir: string): FileSecretStore {
    return new FileSecretStore(join(dataDir, SECRET_FILE_NAME));
  }

  read(): string | null {
    if (!existsSync(this.file)) return null;
    return readFileSync(this.file, 'utf8');
  }

  write(secret: string | null): void {
    if (secret === null) {
      rmSync(this.file, { force: true });
      return;
    }
    const temp = `${this.file}.${process.pid}.tmp`;
    rmSync(temp, { force: true });
    const fd = openSync(temp, 'wx', OWNER_ONLY);
    try {
      writeSync(fd, secret);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.file);
  }

  private verifyPermissions(): string | null {
    if (!existsSync(this.file)) return null;
    const stat = lstatSync(this.file);
    if (!stat.isFile()) throw new Error(`${this.file} is not a regular file; refusing to keep credentials there`);
    if (process.platform === 'win32') return null;
    const mode = stat.mode & 0o777;
    if ((mode & 0o077) === 0) return null;
    chmodSync(this.file, OWNER_ONLY);
    return `${this.file} was readable by others (mode ${mode.toString(8).padStart(4, '0')}); tightened to 0600. Consider changing the remote credentials.`;
  }
}
