import type { BrowserWindow, Event } from 'electron';
import { resolve } from 'node:path';
import { newToken } from '../common/tokens';
import { DESK_CONFIG_CHANNEL, answerDeskConfig } from './desk-config';
import type { ElectronApi } from './electron-api';
import { LogFile } from './log-file';
import { menuTemplate } from './menu';
import { guardWebContents } from './navigation';
import { APP_ORIGIN, APP_SCHEME, APP_SCHEME_PRIVILEGES } from './origin';
import { installPermissionHandlers } from './permissions';
import { makeRelay } from './relay';
import { SafeStorageSecrets, safeStorageUsable } from './safe-secrets';
import type { StartServer } from './server-messages';
import { ServerSupervisor, type CrashReport, type ServerChild, type SupervisorOptions } from './server-supervisor';
import { guardUnload } from './unload-guard';
import { createMainWindow, focusWindow } from './window';

export interface ShellOptions {
  productName: string;
  /** Built files: out/preload.cjs and out/renderer (the UI the server serves). */
  preload: string;
  uiDir: string;
  /** Starts one server process (utilityProcess.fork in the app). */
  forkServer: (log: (line: string) => void) => () => ServerChild;
  /** A data folder instead of userData (DESK_DATA_DIR: the e2e tests' temp folders); a relative one is taken from the working folder. */
  dataDir?: string;
  /** Reload and Toggle Developer Tools in the View menu: a checkout, not a release (app.isPackaged). */
  developerMenu?: boolean;
  platform?: NodeJS.Platform;
  supervisor?: SupervisorOptions;
  /** Echo log lines (to stdout when run from a terminal). */
  echo?: (line: string) => void;
}

export interface DeskShell {
  /** False for a second launch: it handed over to the first and quits. */
  primary: boolean;
  supervisor?: ServerSupervisor;
  window(): BrowserWindow | null;
  /** Resolves once the shell has set up (app ready, server started, window created). */
  ready?: Promise<void>;
}

/**
 * The desktop app's main process, with the electron API injected (electron/main.ts passes the
 * real one; the unit tests a recording stand-in). It only wires things together: each concern
 * (window options, navigation, permissions, relay, server supervision, secrets, menu) has its
 * own module beside this one.
 */
export function runDeskShell(electron: ElectronApi, options: ShellOptions): DeskShell {
  const { app, dialog, shell } = electron;
  const platform = options.platform ?? process.platform;
  app.setName(options.productName);
  // app.setPath throws on a relative path (DESK_DATA_DIR=./data): resolve it against the working folder.
  if (options.dataDir) app.setPath('userData', resolve(options.dataDir));

  if (!app.requestSingleInstanceLock()) {
    // Another desk already has this store open: it gets focus (second-instance), this one goes.
    app.quit();
    return { primary: false, window: () => null };
  }

  app.enableSandbox();
  electron.protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

  const dataDir = app.getPath('userData');
  app.setAppLogsPath();
  const logsDir = app.getPath('logs');
  const log = new LogFile(logsDir, options.echo).write;
  log(`${options.productName} ${app.getVersion()} starting; data in ${dataDir}`);

  // One token per launch, kept across server restarts so the open page stays signed in.
  const sessionToken = newToken();
  let window: BrowserWindow | null = null;

  // The keychain is asked once the app is ready (safeStorage works only then, and may wait for the
  // user to unlock a keyring); the server's start waits for the answer, the window does not.
  let keychainAnswered!: (secrets: SafeStorageSecrets | undefined) => void;
  const secretsReady = new Promise<SafeStorageSecrets | undefined>((resolve) => (keychainAnswered = resolve));
  // Reads and writes of the encrypted file one after another: a restart after a save reads what was saved.
  let secretQueue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = secretQueue.then(work);
    secretQueue = turn.catch(() => undefined);
    return turn;
  };

  const startMessage = async (): Promise<StartServer> => {
    const secrets = await secretsReady;
    return {
      type: 'start',
      dataDir,
      sessionToken,
      uiDir: options.uiDir,
      secret: secrets ? { value: await readSecret(secrets), description: secrets.description } : undefined,
    };
  };
  const readSecret = (secrets: SafeStorageSecrets): Promise<string | null> =>
    inTurn(() => secrets.read()).catch((error: unknown) => {
      log(
        `the stored remote credentials could not be decrypted (${(error as Error).message}); enter them again in Settings`,
      );
      return null;
    });
  const writeSecret = (value: string | null): void =>
    void inTurn(async () => {
      const secrets = await secretsReady;
      if (!secrets) return;
      await secrets.write(value);
      log(value === null ? 'remote credentials removed' : 'remote credentials saved (encrypted)');
    }).catch((error: unknown) => {
      log(`saving the remote credentials failed: ${(error as Error).message}`);
      void showMessage(
        'error',
        'The remote credentials could not be saved',
        `${(error as Error).message}\n\nThey are in use until the app quits; enter them again after the next start.`,
      );
    });

  const showMessage = (type: 'error' | 'warning', message: string, detail: string, buttons: string[] = ['OK']) =>
    window && !window.isDestroyed()
      ? dialog.showMessageBox(window, { type, title: options.productName, message, detail, buttons, noLink: true })
      : dialog.showMessageBox({ type, title: options.productName, message, detail, buttons, noLink: true });

  const openLogsFolder = () => void shell.openPath(logsDir);
  const supervisor = new ServerSupervisor(
    options.forkServer(log),
    startMessage,
    {
      log,
      ready: (ready) => {
        for (const notice of ready.notices) log(`notice: ${notice}`);
      },
      crashed: (report) => void reportCrash(report),
      failed: (error) => void reportFailure(error),
      secretWrite: writeSecret,
    },
    options.supervisor,
  );

  // Crashes in quick succession give one dialog, not a stack of them: while one is open, later
  // reports wait; when it closes, only a give-up (which needs its Quit) is still shown.
  let crashDialogOpen = false;
  let pendingGiveUp: CrashReport | undefined;
  async function reportCrash(report: CrashReport): Promise<void> {
    if (crashDialogOpen) {
      if (!report.restarting) pendingGiveUp = report;
      log(`crash dialog already open; ${report.restarting ? 'not shown again' : 'the give-up follows it'}`);
      return;
    }
    crashDialogOpen = true;
    try {
      await showCrashDialog(report);
    } finally {
      crashDialogOpen = false;
    }
    const giveUp = pendingGiveUp;
    pendingGiveUp = undefined;
    if (giveUp) await reportCrash(giveUp);
  }

  async function showCrashDialog(report: CrashReport): Promise<void> {
    const detail = report.restarting
      ? 'It has been restarted. Everything the desk confirmed as saved is safe; an action in progress at that moment may need to be done again. The log has the details (Help → Open logs folder).'
      : `It stopped ${report.crashesInWindow} times within a short time and was not restarted again. Quit and start the desk again; if it keeps happening, send the log file (Help → Open logs folder) to support.`;
    const buttons = report.restarting ? ['OK', 'Open logs folder'] : ['Quit', 'Open logs folder'];
    const { response } = await showMessage('warning', 'The desk server stopped unexpectedly', detail, buttons);
    if (response === 1) openLogsFolder();
    else if (!report.restarting) app.quit();
  }

  async function reportFailure(error: string): Promise<void> {
    const { response } = await showMessage(
      'error',
      'The desk server could not start',
      `${error}\n\nThe desk cannot work without it and will quit.`,
      ['Quit', 'Open logs folder'],
    );
    if (response === 1) openLogsFolder();
    app.quit();
  }

  app.on('second-instance', () => focusWindow(window));
  app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, { openExternal: (url) => shell.openExternal(url), log, secrets: [sessionToken] }),
  );
  electron.ipcMain.on(DESK_CONFIG_CHANNEL, (event) =>
    answerDeskConfig(event, () => ({ apiBase: APP_ORIGIN, token: sessionToken, version: app.getVersion() })),
  );

  const ready = app.whenReady().then(() => {
    installPermissionHandlers(electron.session.defaultSession, log);
    electron.protocol.handle(APP_SCHEME, makeRelay({ serverUrl: () => supervisor.url() }));
    const menu = menuTemplate({
      appName: options.productName,
      platform,
      about: () => app.showAboutPanel(),
      openDataFolder: () => void shell.openPath(dataDir),
      openLogsFolder,
      developerMenu: options.developerMenu ?? false,
    });
    electron.Menu.setApplicationMenu(electron.Menu.buildFromTemplate(menu));
    app.setAboutPanelOptions({ applicationName: options.productName, applicationVersion: app.getVersion() });
    void safeStorageUsable(electron.safeStorage, platform)
      .catch((error: unknown) => {
        log(`safeStorage could not be asked (${(error as Error).message})`);
        return false;
      })
      .then((usable) => {
        if (!usable)
          log(
            'safeStorage is not available (no system keychain): remote credentials stay in a file readable only by you',
          );
        keychainAnswered(usable ? new SafeStorageSecrets(electron.safeStorage, dataDir) : undefined);
      });
    supervisor.start();
    window = createMainWindow(electron.BrowserWindow, options.preload, options.productName, log);
    guardUnload(window, dialog, log);
    window.on('closed', () => (window = null));
  });

  // The desk is one window around one store: closing it quits, on macOS too (an app hidden in the
  // dock holding the store open would surprise the next `npm run serve`).
  app.on('window-all-closed', () => app.quit());

  let quitReady = false;
  app.on('before-quit', (event: Event) => {
    if (quitReady) return;
    // First let the server finish requests in flight and close the store, then really quit.
    event.preventDefault();
    log('quitting: stopping the server');
    void supervisor.stop().finally(() => {
      quitReady = true;
      log('bye');
      app.quit();
    });
  });

  return { primary: true, supervisor, window: () => window, ready };
}
