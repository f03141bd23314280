import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { waitFor } from './wait-for';

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
export function runServe(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
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
  let match: RegExpMatchArray;
  try {
    match = await waitFor(() => {
      if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}`);
      return output().match(/(http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)/);
    }, 'the line with the desk URL');
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`serve did not start (${(error as Error).message}):\n${output()}`, { cause: error });
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
