import { fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ServerChild } from '../../electron/shell/server-supervisor';
import { buildElectronBundles } from '../../scripts/electron-bundles';

/** The desk server's process as the desktop app runs it: its bundle, and what it needs to find better-sqlite3. */
export interface ServerBundle {
  /** out/server.cjs (electron/shell/server-entry.ts), read-worker.cjs beside it. */
  entry: string;
  env: NodeJS.ProcessEnv;
  dispose(): void;
}

/**
 * The app's own bundles (scripts/electron-bundles.ts, what npm run build:electron writes), built
 * once into a temp app folder laid out like the packaged one (package.json beside out/). A server
 * started from it is ready in about half a second; under `node --import tsx` each start compiled
 * the server again (a second when tsx's cache is warm, three when it is cold, as in a clean clone).
 */
export async function buildServerBundle(): Promise<ServerBundle> {
  const root = resolve('.');
  const tmp = mkdtempSync(join(tmpdir(), 'desk-server-bundle-'));
  const appDir = join(tmp, 'app');
  const uiDir = join(tmp, 'ui');
  mkdirSync(appDir);
  mkdirSync(uiDir);
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><title>Dropzone Desk</title>');
  copyFileSync(join(root, 'package.json'), join(appDir, 'package.json'));
  await buildElectronBundles({ root, outDir: join(appDir, 'out'), uiDir });
  return {
    entry: join(appDir, 'out', 'server.cjs'),
    // The bundle leaves better-sqlite3 outside; from a temp folder, Node finds it through NODE_PATH.
    env: { ...process.env, NODE_PATH: join(root, 'node_modules') },
    dispose: () => rmSync(tmp, { recursive: true, force: true }),
  };
}

/** Every server process forked here that has not exited yet. */
const running = new Set<ChildProcess>();

/**
 * The real desk server process for the shell's tests: the app's server bundle under Node (the app
 * runs the same file as an Electron utility process). Output kept for failures.
 */
export function forkNodeServer(bundle: ServerBundle, output: string[] = []): () => ServerChild {
  return () => {
    // No --import tsx inherited from the test process: the bundle is plain JavaScript, as in the app.
    const child = fork(bundle.entry, [], {
      execArgv: [],
      env: bundle.env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    return {
      get pid() {
        return child.pid;
      },
      postMessage: (message) => void child.send(message),
      onMessage: (handler) => void child.on('message', handler),
      onExit: (handler) => void child.on('exit', (code) => handler(code)),
      kill: () => void child.kill('SIGKILL'),
    };
  };
}

/**
 * Kills every server process forked here that is still running: what a test that failed before
 * its quit left behind (stop its supervisor first, or it starts another). Gives how many there were.
 */
export async function killForkedServers(): Promise<number> {
  const left = [...running];
  await Promise.all(
    left.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGKILL');
        }),
    ),
  );
  return left.length;
}
