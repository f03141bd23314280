import type { UtilityProcess } from 'electron';
import type { ElectronApi } from './electron-api';
import type { ServerChild } from './server-supervisor';
import type { ToServer } from './server-messages';

/**
 * The server as an Electron utility process (a Node environment in a process of its own,
 * started through Chromium's services): its output goes to the log, messages before it has
 * spawned wait for it.
 */
export function forkUtilityServer(
  utilityProcess: ElectronApi['utilityProcess'],
  entry: string,
  log: (line: string) => void,
): () => ServerChild {
  return () => {
    const child: UtilityProcess = utilityProcess.fork(entry, [], {
      serviceName: 'Dropzone Desk server',
      stdio: 'pipe',
    });
    let spawned = false;
    const queued: ToServer[] = [];
    const exitHandlers: Array<(code: number | null) => void> = [];
    let ended = false;
    // 'error' then 'exit' both mean the process is gone: the supervisor hears it once.
    const end = (code: number | null) => {
      if (ended) return;
      ended = true;
      for (const handler of exitHandlers) handler(code);
    };
    child.once('spawn', () => {
      spawned = true;
      for (const message of queued.splice(0)) child.postMessage(message);
    });
    child.stdout?.on('data', (chunk: Buffer) => log(`server: ${chunk.toString('utf8')}`));
    child.stderr?.on('data', (chunk: Buffer) => log(`server (stderr): ${chunk.toString('utf8')}`));
    // A fatal V8 error in the server (out of memory, say). Without a listener the EventEmitter would
    // throw it in the main process and take the window down with it; it is a crash of the server
    // like any other: logged, reported to the user and restarted by the supervisor. The diagnostic
    // report is not logged: it is large and lists the process's environment.
    child.on('error', (type: string, location: string) => {
      log(`server process fatal error: ${type} at ${location || 'an unknown location'}`);
      end(null);
      child.kill();
    });
    child.on('exit', (code: number) => end(code));
    return {
      get pid() {
        return child.pid;
      },
      postMessage: (message) => (spawned ? child.postMessage(message) : void queued.push(message)),
      onMessage: (handler) => void child.on('message', handler),
      onExit: (handler) => void exitHandlers.push(handler),
      kill: () => void child.kill(),
    };
  };
}
