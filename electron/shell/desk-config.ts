import type { IpcMainEvent } from 'electron';
import { isAppUrl } from './origin';

/** The channel the preload asks once, synchronously, for what the page needs. */
export const DESK_CONFIG_CHANNEL = 'desk:config';

/** Exactly what the page gets: window.desk (renderer/src/vite-env.d.ts). */
export interface DeskConfig {
  apiBase: string;
  token: string;
  version: string;
}

/**
 * Answers the preload's request, to the app's own pages only. A synchronous IPC rather than
 * `additionalArguments`: those end up on the renderer's command line, which any local user can
 * read in a process list, and the token opens the whole desk API.
 */
export function answerDeskConfig(event: Pick<IpcMainEvent, 'senderFrame' | 'returnValue'>, config: () => DeskConfig): void {
  const frameUrl = event.senderFrame?.url;
  const trusted = frameUrl !== undefined && isAppUrl(frameUrl) && event.senderFrame?.parent === null;
  event.returnValue = trusted ? config() : null;
}
