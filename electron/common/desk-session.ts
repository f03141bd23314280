import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { FileSecretStore } from './secret-store';

export const SESSION_FILE_NAME = 'desk-session.json';

/** What the file keeps: the secret, and where the last run served (for `dropzone-desk url`). */
interface SessionFileContent {
  secret: string;
  /** The last run's base URL (http://127.0.0.1:4780), null before the first one listened. */
  url: string | null;
  /** The dropzone the last run's desk worked for. */
  dropzone: string | null;
}

/**
 * The headless desk's sign-in secret, kept across restarts in a 0600 file of the data folder
 * (itself 0700): a browser tab signed in before a restart is still signed in after it, and the
 * sign-in address can be printed again (`dropzone-desk url`) without the first run's output. Only
 * the desk's own OS user can read it. `serve --new-session` makes a new one, signing every browser out.
 */
export class DeskSessionFile {
  private readonly file: FileSecretStore;

  constructor(path: string) {
    this.file = new FileSecretStore(path);
  }

  static inDataDir(dataDir: string): DeskSessionFile {
    return new DeskSessionFile(join(dataDir, SESSION_FILE_NAME));
  }

  get path(): string {
    return this.file.file;
  }

  /** Set when opening found the file readable by others and tightened it. */
  get notice(): string | null {
    return (
      this.file.notice &&
      `${this.path} (the desk's browser sign-in) was readable by other users; tightened to 0600. Start once with --new-session to sign every browser out.`
    );
  }

  private read(): SessionFileContent | null {
    const text = this.file.read();
    if (text === null) return null;
    try {
      const content = JSON.parse(text) as Partial<SessionFileContent>;
      if (typeof content.secret !== 'string' || content.secret.length < 32) return null;
      return { secret: content.secret, url: content.url ?? null, dropzone: content.dropzone ?? null };
    } catch {
      // Unreadable: a new secret is made (browsers sign in again), never a crash.
      return null;
    }
  }

  /** The secret: the kept one, or a new one (first start, an unreadable file, or `renew`). */
  secret(renew = false): string {
    const kept = renew ? null : this.read();
    if (kept) return kept.secret;
    const secret = randomBytes(32).toString('base64url');
    this.file.write(JSON.stringify({ secret, url: null, dropzone: null } satisfies SessionFileContent));
    return secret;
  }

  /** Notes where this run serves, for `dropzone-desk url`. */
  recordServing(url: string, dropzoneKey: string): void {
    const kept = this.read();
    if (!kept) return;
    // A desk started again on the same port writes nothing: the write (a new file, fsync'd) came
    // between listening and the first answer, 5–11 ms of every start on the 2-core machine.
    if (kept.url === url && kept.dropzone === dropzoneKey) return;
    this.file.write(JSON.stringify({ ...kept, url, dropzone: dropzoneKey } satisfies SessionFileContent));
  }

  /** The sign-in address of the last run (null: no desk served from this folder yet). */
  signInUrl(): string | null {
    const kept = this.read();
    if (!kept?.url || !kept.dropzone) return null;
    return `${kept.url}/?token=${sessionTokenFor(kept.secret, kept.dropzone)}`;
  }
}

/**
 * A dropzone's session token, derived from the secret: stable across restarts, and another for
 * each dropzone, so a tab of one dropzone's desk never opens another's after a restart with --dropzone.
 */
export function sessionTokenFor(secret: string, dropzoneKey: string): string {
  return `dzd_${createHmac('sha256', secret).update(`desk-session:${dropzoneKey}`).digest('base64url')}`;
}
