import { pairedMainDesk, startDesk, storeUpgradeNotice, type RunningDesk } from '../start';
import { RelayedSecretStore } from './relayed-secret-store';
import type { FromServer, StartServer, ToServer } from './server-messages';

/**
 * The desk server's own process: Electron's utility process in the app (bundled to
 * out/server.cjs), a child_process.fork under Node in the tests. The same startDesk as
 * `npm run serve`, on a loopback port (saved in Settings, else random); a synchronous better-sqlite3 call here never
 * freezes the window.
 */
interface Port {
  post(message: FromServer): void;
  onMessage(handler: (message: ToServer) => void): void;
  /** The parent is gone (killed, crashed) without saying stop. */
  onParentGone(handler: () => void): void;
}

function parentPort(): Port {
  const electronPort = (process as { parentPort?: Electron.ParentPort }).parentPort;
  if (electronPort) {
    return {
      post: (message) => electronPort.postMessage(message),
      onMessage: (handler) => electronPort.on('message', (event) => handler(event.data as ToServer)),
      // A utility process is a Chromium child process: it ends when it loses its browser process
      // (the app), however the app ended, so there is nothing to watch here.
      onParentGone: () => undefined,
    };
  }
  if (!process.send) throw new Error('the desk server process needs a parent (Electron utility process or Node IPC)');
  return {
    // Once the parent is gone there is no one to tell (send would throw on the closed channel).
    post: (message) => void (process.connected && process.send!(message)),
    onMessage: (handler) => process.on('message', (message) => handler(message as ToServer)),
    // The IPC channel closes when the parent exits, even by SIGKILL: a server left running would
    // hold the store and the port with no window to show it and no one to stop it.
    onParentGone: (handler) => process.once('disconnect', handler),
  };
}

const port = parentPort();
let desk: RunningDesk | undefined;
/** The start in progress or done; a stop waits for it, so a store being opened is still closed. */
let starting: Promise<void> | undefined;
let stopping = false;

async function start(message: StartServer): Promise<void> {
  try {
    // A desk that joined a main desk (its first run, or `serve --join` on this data folder) is its paired desk.
    const mainDesk = pairedMainDesk(message.dataDir);
    desk = await startDesk({
      ...(mainDesk ? { mainDesk } : {}),
      // A new store asks "Start as the main desk, or join one?" in the window; after a join the
      // shell starts this process again, now as the paired desk.
      firstRun: { restart: () => port.post({ type: 'restart' }) },
      dataDir: message.dataDir,
      // The port saved in Settings (booking systems need one address), else a random one; a saved
      // port that is taken yields a random one and a warning rather than no desk at all.
      host: '127.0.0.1',
      randomIfSavedPortBusy: true,
      sessionToken: message.sessionToken,
      uiDir: message.uiDir,
      connectionOverrides: message.connectionOverrides,
      // A person's desk: an answer off its schema still goes out (and is logged); see ResponseCheck.
      responseCheck: 'report',
      // Into the app's log: the window shows it is starting meanwhile.
      onStoreUpgrade: (from, to) => console.log(storeUpgradeNotice(from, to)),
      secrets: message.secret
        ? new RelayedSecretStore(message.secret.value, message.secret.description, (value) =>
            port.post({ type: 'secret-write', value }),
          )
        : undefined,
    });
    if (!stopping)
      port.post({
        type: 'ready',
        url: desk.url,
        dropzone: desk.dropzone.name,
        storeFile: desk.storeFile,
        notices: desk.notices,
      });
  } catch (error) {
    port.post({ type: 'failed', error: (error as Error).message });
  }
}

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    // A quit right after launch arrives while startDesk is still opening the store and binding the
    // port: let it finish (start() never rejects), then close what it opened.
    await starting;
    await desk?.close();
  } finally {
    port.post({ type: 'stopped' });
    // Let the message leave before the process does.
    setTimeout(() => process.exit(0), 50);
  }
}

port.onMessage((message) => {
  if (message.type === 'start') starting ??= start(message);
  else if (message.type === 'stop') void stop();
});
port.onParentGone(() => void stop());
