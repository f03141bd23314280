import type { IpcMainEvent } from 'electron';
import type { DeskConfig } from '../../shared/desk-config';
import { isAppUrl } from './origin';

/** The channel the preload asks once, synchronously, for what the page needs. */
export const DESK_CONFIG_CHANNEL = 'desk:config';

/**
 * Answers the preload's request, to the app's own pages only. A synchronous IPC rather than
 * `additionalArguments`: those end up on the renderer's command line, which any local user can
 * read in a process list, and the token opens the whole desk API.
 */
export function answerDeskConfig(
  event: Pick<IpcMainEvent, 'senderFrame' | 'returnValue'>,
  config: () => DeskConfig,
): void {
  const frameUrl = event.senderFrame?.url;
  const trusted = frameUrl !== undefined && isAppUrl(frameUrl) && event.senderFrame?.parent === null;
  event.returnValue = trusted ? config() : null;
}
