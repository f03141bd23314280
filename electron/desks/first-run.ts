import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The desktop app's first run asks "Start as the main desk, or join one?" (docs/desks.md). The
 * question is a file in the data folder, made when the app first makes its store, so it stays open
 * across a quit until a person answers it in the window; answering removes it.
 */
export const FIRST_RUN_QUESTION_FILE = 'first-run-question';

export class FirstRunQuestion {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = join(dataDir, FIRST_RUN_QUESTION_FILE);
  }

  /** Asks at this start when the store is new (made by this start) or the question is still open from an earlier one. */
  static atStart(dataDir: string, storeIsNew: boolean): FirstRunQuestion {
    const question = new FirstRunQuestion(dataDir);
    if (storeIsNew) writeFileSync(question.file, 'Start as the main desk, or join one?\n', { mode: 0o600 });
    return question;
  }

  open(): boolean {
    return existsSync(this.file);
  }

  answered(): void {
    rmSync(this.file, { force: true });
  }
}
