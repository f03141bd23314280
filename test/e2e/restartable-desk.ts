import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test as base } from './fixtures';
import { startServe, type ServeProcess } from '../support/serve-process';
import { E2E_SEED } from './seed';

/** A desk server that a test can stop (as a crash would) and start again on the same port and data folder. */
export interface RestartableDesk {
  url: string;
  /** The sign-in token the server printed at its latest start. */
  token: string;
  /** Kills the server at once (SIGKILL: a crash, a power cut), or stops it gracefully (SIGTERM). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and data folder (extra flags: e.g. --new-session). */
  start(...flags: string[]): Promise<void>;
  /** The sign-in address as `dropzone-desk url` prints it. */
  printedUrl(): Promise<string>;
}

export const test = base.extend<{ restartable: RestartableDesk }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern: nothing
  restartable: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-e2e-blips-'));
    const dataDir = join(dir, 'data');
    const seedFile = join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(E2E_SEED));
    let serve: ServeProcess | null = await startServe(['--port', '0', '--data-dir', dataDir, '--seed', seedFile]);
    const port = new URL(serve.url).port;
    const desk: RestartableDesk = {
      url: serve.url,
      token: serve.token,
      stop: async (signal = 'SIGKILL') => {
        await serve?.stop(signal);
        serve = null;
      },
      start: async (...flags) => {
        serve = await startServe(['--port', port, '--data-dir', dataDir, ...flags]);
        desk.token = serve.token;
      },
      printedUrl: async () =>
        (
          await promisify(execFile)(process.execPath, ['bin/dropzone-desk.mjs', 'url', '--data-dir', dataDir])
        ).stdout.trim(),
    };
    try {
      await use(desk);
    } finally {
      await serve?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

export { expect } from './fixtures';
