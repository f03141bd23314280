import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  appName: string;
  platform: NodeJS.Platform;
  about(): void;
  openDataFolder(): void;
  openLogsFolder(): void;
  /** Reload and the developer tools: in a checkout only. */
  developerMenu?: boolean;
}

/**
 * The View menu of a release: zoom and full screen. Electron's viewMenu role adds Reload, Force
 * Reload and Toggle Developer Tools, which a release leaves out: a reload throws away a half-typed
 * form, and the developer tools show the session token to whoever sits at the desk.
 */
const RELEASE_VIEW_MENU: MenuItemConstructorOptions = {
  label: 'View',
  submenu: [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ],
};

/** The usual menus by role (so shortcuts, copy/paste and window handling are the platform's own), plus Help. */
export function menuTemplate({
  appName,
  platform,
  about,
  openDataFolder,
  openLogsFolder,
  developerMenu = false,
}: MenuActions): MenuItemConstructorOptions[] {
  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      { label: `About ${appName}`, click: about },
      { type: 'separator' },
      { label: 'Open data folder', click: openDataFolder },
      { label: 'Open logs folder', click: openLogsFolder },
    ],
  };
  const template: MenuItemConstructorOptions[] = [
    { role: 'editMenu' },
    developerMenu ? { role: 'viewMenu' } : RELEASE_VIEW_MENU,
    { role: 'windowMenu' },
    help,
  ];
  if (platform === 'darwin') template.unshift({ role: 'appMenu' });
  else template.unshift({ role: 'fileMenu' });
  return template;
}
