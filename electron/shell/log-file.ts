import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const LOG_FILE_NAME = 'main.log';

/**
 * Masks anything shaped like a secret, in case one slips into a message (an error quoting a
 * header, say): desk tokens, bearer values, and key=value pairs named like credentials.
 */
export function scrubSecrets(text: string): string {
  return text
    .replace(/dzd_[A-Za-z0-9_-]+/g, 'dzd_…')
    .replace(/(bearer\s+)[^\s"',;]+/gi, '$1…')
    .replace(/((?:token|password|secret|api[-_]?key|authorization)["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi, '$1…');
}

/**
 * The shell's log (Help → Open logs folder): one line per event, appended synchronously so the
 * last lines before a crash are there. Never given credentials or tokens; scrubbed anyway.
 */
export class LogFile {
  readonly file: string;

  constructor(
    dir: string,
    private readonly echo: (line: string) => void = () => undefined,
  ) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, LOG_FILE_NAME);
  }

  write = (message: string): void => {
    const line = `${new Date().toISOString()} ${scrubSecrets(message).trimEnd()}\n`;
    this.echo(line);
    try {
      appendFileSync(this.file, line, { mode: 0o600 });
    } catch {
      // A full disk must not take the app down with it.
    }
  };
}
