import type * as Electron from 'electron';

/**
 * The parts of the `electron` module the shell uses, injected rather than imported, so the
 * shell's security and lifecycle logic runs in unit tests against a recording stand-in
 * (test/support/fake-electron.ts). Only electron/main.ts imports `electron` itself.
 */
export interface ElectronApi {
  app: Pick<
    Electron.App,
    | 'requestSingleInstanceLock'
    | 'quit'
    | 'exit'
    | 'on'
    | 'whenReady'
    | 'getPath'
    | 'setPath'
    | 'setAppLogsPath'
    | 'getVersion'
    | 'getName'
    | 'setName'
    | 'isPackaged'
    | 'getAppPath'
    | 'enableSandbox'
    | 'showAboutPanel'
    | 'setAboutPanelOptions'
  >;
  BrowserWindow: new (options: Electron.BrowserWindowConstructorOptions) => Electron.BrowserWindow;
  Menu: Pick<typeof Electron.Menu, 'buildFromTemplate' | 'setApplicationMenu'>;
  dialog: Pick<Electron.Dialog, 'showMessageBox' | 'showMessageBoxSync' | 'showErrorBox'>;
  ipcMain: Pick<Electron.IpcMain, 'on'>;
  protocol: Pick<Electron.Protocol, 'registerSchemesAsPrivileged' | 'handle'>;
  session: { defaultSession: Electron.Session };
  shell: Pick<Electron.Shell, 'openExternal' | 'openPath'>;
  utilityProcess: Pick<typeof Electron.utilityProcess, 'fork'>;
  safeStorage: Pick<
    Electron.SafeStorage,
    'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'
  >;
}
