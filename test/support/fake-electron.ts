import { EventEmitter } from 'node:events';
import { isAbsolute, join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { ElectronApi } from '../../electron/shell/electron-api';

/**
 * A recording stand-in for the `electron` module: only what electron/shell uses, each call
 * written down for the tests to assert on. Everything else in those tests is real (the server
 * process, the store, HTTP).
 */
type Handler = (...args: any[]) => any;

export class FakeEmitter {
  readonly handlers = new Map<string, Handler[]>();
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  once(event: string, handler: Handler) {
    return this.on(event, handler);
  }
  emit(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  has(event: string): boolean {
    return (this.handlers.get(event)?.length ?? 0) > 0;
  }
}

export function fakeEvent(extra: Record<string, unknown> = {}) {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
    ...extra,
  };
}

export class FakeWebContents extends FakeEmitter {
  windowOpenHandler: Handler | undefined;
  setWindowOpenHandler(handler: Handler) {
    this.windowOpenHandler = handler;
  }
}

export class FakeBrowserWindow extends FakeEmitter {
  static created: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  loaded: string[] = [];
  minimized = false;
  shown = 0;
  focused = 0;
  restored = 0;
  constructor(readonly options: Record<string, any>) {
    super();
    FakeBrowserWindow.created.push(this);
  }
  loadURL(url: string) {
    this.loaded.push(url);
    return Promise.resolve();
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.restored++;
    this.minimized = false;
  }
  show() {
    this.shown++;
  }
  focus() {
    this.focused++;
  }
}

/**
 * An Electron UtilityProcess as forkUtilityServer sees it: 'spawn', 'message', 'exit' and
 * 'error' events, piped stdout/stderr, postMessage and kill, each recorded.
 */
export class FakeUtilityProcess extends FakeEmitter {
  static next = 1000;
  readonly pid = FakeUtilityProcess.next++;
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly posted: unknown[] = [];
  killed = 0;
  constructor(
    readonly entry: string,
    readonly options: Record<string, unknown>,
  ) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  kill() {
    this.killed++;
    return true;
  }
}

export interface FakeElectron {
  api: ElectronApi;
  calls: string[];
  app: FakeEmitter & {
    lockAvailable: boolean;
    quitCount: number;
    quitted: boolean;
    paths: Map<string, string>;
    ready(): void;
    sandboxed: boolean;
    name: string;
  };
  windows: FakeBrowserWindow[];
  menu: { template: any[] | null };
  dialogs: Array<{ type: string; message: string; detail: string; buttons: string[] }>;
  dialogResponse: number;
  /** While set, showMessageBox waits for it (a dialog the user has not answered yet). */
  dialogGate: Promise<void> | null;
  utilityProcesses: FakeUtilityProcess[];
  ipc: Map<string, Handler>;
  privileged: unknown[];
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  permissionRequest: Handler | undefined;
  permissionCheck: Handler | undefined;
  opened: string[];
  openedPaths: string[];
  /** While `gate` is set, the keychain's first answer waits for it (a keyring being unlocked). */
  safeStorage: { available: boolean; backend: string; asked: number; gate: Promise<void> | null };
}

/** A fresh stand-in; `userData` is the temp folder the test gives. */
export function fakeElectron(userData: string): FakeElectron {
  FakeBrowserWindow.created = [];
  const calls: string[] = [];
  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));
  const app = Object.assign(new FakeEmitter(), {
    lockAvailable: true,
    quitCount: 0,
    quitted: false,
    sandboxed: false,
    name: 'Electron',
    paths: new Map<string, string>([['userData', userData]]),
    ready: () => resolveReady(),
  });
  const fake: FakeElectron = {
    calls,
    app,
    windows: FakeBrowserWindow.created,
    menu: { template: null },
    dialogs: [],
    dialogResponse: 0,
    dialogGate: null,
    utilityProcesses: [],
    ipc: new Map(),
    privileged: [],
    protocolHandlers: new Map(),
    permissionRequest: undefined,
    permissionCheck: undefined,
    opened: [],
    openedPaths: [],
    safeStorage: { available: true, backend: 'gnome_libsecret', asked: 0, gate: null },
    api: undefined as unknown as ElectronApi,
  };
  const appApi = {
    requestSingleInstanceLock: () => (calls.push('requestSingleInstanceLock'), app.lockAvailable),
    // Like Electron: quit() emits before-quit; unless a handler prevents it, the app quits.
    quit: () => {
      app.quitCount++;
      const event = fakeEvent();
      app.emit('before-quit', event);
      if (!event.defaultPrevented) app.quitted = true;
    },
    exit: () => void (app.quitted = true),
    on: (event: string, handler: Handler) => app.on(event, handler),
    whenReady: () => readyPromise,
    getPath: (name: string) => {
      const path = app.paths.get(name);
      if (!path) throw new Error(`no path ${name}`);
      return path;
    },
    // Electron throws on a relative path ("Path must be absolute").
    setPath: (name: string, path: string) => {
      if (!isAbsolute(path)) throw new Error(`Failed to set path: ${name} — Path must be absolute: ${path}`);
      app.paths.set(name, path);
    },
    setAppLogsPath: (path?: string) => void app.paths.set('logs', path ?? join(app.paths.get('userData')!, 'logs')),
    getVersion: () => '0.1.0',
    getName: () => app.name,
    setName: (name: string) => void (app.name = name),
    isPackaged: false,
    getAppPath: () => process.cwd(),
    enableSandbox: () => void (app.sandboxed = true),
    showAboutPanel: () => void calls.push('showAboutPanel'),
    setAboutPanelOptions: () => undefined,
  };
  const encrypt = (text: string) => Buffer.from(`enc:${Buffer.from(text, 'utf8').toString('hex')}`, 'utf8');
  fake.api = {
    app: appApi,
    BrowserWindow: FakeBrowserWindow,
    Menu: {
      buildFromTemplate: (template: any[]) => template,
      setApplicationMenu: (menu: any) => void (fake.menu.template = menu),
    },
    dialog: {
      showMessageBox: async (...args: any[]) => {
        const options = args.length > 1 ? args[1] : args[0];
        fake.dialogs.push(options);
        if (fake.dialogGate) await fake.dialogGate;
        return { response: fake.dialogResponse, checkboxChecked: false };
      },
      showMessageBoxSync: (...args: any[]) => {
        const options = args.length > 1 ? args[1] : args[0];
        fake.dialogs.push(options);
        return fake.dialogResponse;
      },
      showErrorBox: (title: string, content: string) =>
        void fake.dialogs.push({ type: 'error', message: title, detail: content, buttons: [] }),
    },
    ipcMain: { on: (channel: string, handler: Handler) => void fake.ipc.set(channel, handler) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => void fake.privileged.push(...schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        void fake.protocolHandlers.set(scheme, handler),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Handler) => void (fake.permissionRequest = handler),
        setPermissionCheckHandler: (handler: Handler) => void (fake.permissionCheck = handler),
      },
    },
    shell: {
      openExternal: async (url: string) => void fake.opened.push(url),
      openPath: async (path: string) => (fake.openedPaths.push(path), ''),
    },
    utilityProcess: {
      fork: (entry: string, _args: string[], options: Record<string, unknown>) => {
        const child = new FakeUtilityProcess(entry, options);
        fake.utilityProcesses.push(child);
        return child;
      },
    },
    // Only the asynchronous API: the synchronous one is deprecated in Electron 45 and gone in 46.
    safeStorage: {
      isAsyncEncryptionAvailable: async () => {
        fake.safeStorage.asked++;
        if (fake.safeStorage.gate) await fake.safeStorage.gate;
        return fake.safeStorage.available;
      },
      getSelectedStorageBackend: () => fake.safeStorage.backend,
      encryptStringAsync: async (text: string) => encrypt(text),
      decryptStringAsync: async (buffer: Buffer) => {
        const text = buffer.toString('utf8');
        if (!text.startsWith('enc:')) throw new Error('not encrypted by this keychain');
        return { result: Buffer.from(text.slice(4), 'hex').toString('utf8'), shouldReEncrypt: false };
      },
    },
  } as unknown as ElectronApi;
  return fake;
}

export { EventEmitter };
