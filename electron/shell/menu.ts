import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  appName: string;
  platform: NodeJS.Platform;
  about(): void;
  openDataFolder(): void;
  openLogsFolder(): void;
}

/** The usual menus by role (so shortcuts, copy/paste and window handling are the platform's own), plus Help. */
export function menuTemplate({ appName, platform, about, openDataFolder, openLogsFolder }: MenuActions): MenuItemConstructorOptions[] {
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
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    help,
  ];
  if (platform === 'darwin') template.unshift({ role: 'appMenu' });
  else template.unshift({ role: 'fileMenu' });
  return template;
}
