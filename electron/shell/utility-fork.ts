import type { UtilityProcess } from 'electron';
import type { ElectronApi } from './electron-api';
import type { ServerChild } from './server-supervisor';
import type { ToServer } from './server-messages';

/**
 * The server as an Electron utility process (a Node environment in a process of its own,
 * started through Chromium's services): its output goes to the log, messages before it has
 * spawned wait for it.
 */
export function forkUtilityServer(utilityProcess: ElectronApi['utilityProcess'], entry: string, log: (line: string) => void): () => ServerChild {
  return () => {
    const child: UtilityProcess = utilityProcess.fork(entry, [], { serviceName: 'Dropzone Desk server', stdio: 'pipe' });
    let spawned = false;
    const queued: ToServer[] = [];
    child.once('spawn', () => {
      spawned = true;
      for (const message of queued.splice(0)) child.postMessage(message);
    });
    child.stdout?.on('data', (chunk: Buffer) => log(`server: ${chunk.toString('utf8')}`));
    child.stderr?.on('data', (chunk: Buffer) => log(`server (stderr): ${chunk.toString('utf8')}`));
    return {
      get pid() {
        return child.pid;
      },
      postMessage: (message) => (spawned ? child.postMessage(message) : void queued.push(message)),
      onMessage: (handler) => void child.on('message', handler),
      onExit: (handler) => void child.on('exit', handler),
      kill: () => void child.kill(),
    };
  };
}
