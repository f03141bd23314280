import { fork } from 'node:child_process';
import type { ServerChild } from '../../electron/shell/server-supervisor';

/**
 * The real desk server process for the shell's tests: electron/shell/server-entry.ts under Node
 * (the app runs the same file, bundled, as an Electron utility process). Output kept for failures.
 */
export function forkNodeServer(output: string[] = []): () => ServerChild {
  return () => {
    const child = fork('electron/shell/server-entry.ts', [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
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
