import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { ElectronApi } from '../../electron/shell/electron-api';

/**
 * Electron's `utilityProcess`, played by child_process.fork under Node: the same events
 * ('spawn', 'message' carrying the message itself, 'exit' with its code), piped stdout/stderr,
 * postMessage and kill. server-entry.ts talks over Node's IPC channel when it has no Electron
 * parentPort, so the real server bundle runs unchanged behind it.
 */
export function nodeUtilityProcess(env: NodeJS.ProcessEnv = process.env): ElectronApi['utilityProcess'] {
  return {
    fork: (modulePath: string, args: string[] = []) => {
      // Not the test process's --import tsx: the bundle is plain JavaScript, as Electron runs it (tsx
      // transforming the 5 MB bundle made each start about 5 s slower).
      const child = fork(modulePath, args, { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env, execArgv: [] });
      const emitter = Object.assign(new EventEmitter(), {
        get pid() {
          return child.pid;
        },
        stdout: child.stdout,
        stderr: child.stderr,
        postMessage: (message: unknown) => void child.send(message as object),
        kill: () => child.kill('SIGKILL'),
      });
      child.once('spawn', () => emitter.emit('spawn'));
      child.on('message', (message) => emitter.emit('message', message));
      child.once('exit', (code) => emitter.emit('exit', code ?? 1));
      return emitter;
    },
  } as unknown as ElectronApi['utilityProcess'];
}
