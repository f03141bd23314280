import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  token: string;
  output: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * `dropzone-desk serve` (what `npm run serve` runs) as a real process of its own. The UI is left as
 * built: the e2e setup built it once, and the API tests need none (so no two starts build at once).
 */
export function runServe(args: string[], env: NodeJS.ProcessEnv = {}): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['bin/dropzone-desk.mjs', 'serve', '--no-ui-build', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

/** Starts `dropzone-desk serve` as a real process and waits for the line with the desk URL. */
export async function startServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const { child, output, exited } = runServe(args, env);
  const deadline = Date.now() + 20_000;
  let match: RegExpMatchArray | null;
  while (!(match = output().match(/(http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)/))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`serve did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    child,
    url: match[1] as string,
    token: match[2] as string,
    output,
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
  };
}
