import type { WebContents } from 'electron';
import { externalWebUrl, isAppUrl } from './origin';

export type NavigationDecision = { allow: true } | { allow: false; openExternally: string | null };

/**
 * Where the window may go: only its own origin. A link to a web page leaving the app opens in the
 * system browser instead (the desk never shows foreign pages with its preload and token);
 * file:, javascript:, data: and other schemes go nowhere, and so do the desk's own server
 * (http://127.0.0.1:<port>, any loopback address) and any URL carrying the session token:
 * refused, not handed to a browser (origin.ts, externalWebUrl).
 */
export function decideNavigation(url: string, secrets: readonly string[] = []): NavigationDecision {
  if (isAppUrl(url)) return { allow: true };
  return { allow: false, openExternally: externalWebUrl(url, secrets) };
}

export interface GuardDeps {
  openExternal: (url: string) => Promise<void>;
  log: (message: string) => void;
  /** Never sent to a browser inside a URL (the session token). */
  secrets?: readonly string[];
}

type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/**
 * Installs every navigation guard on one webContents: top-level navigations and redirects,
 * sub-frame navigations, window.open / target=_blank, and <webview>. Called for every
 * webContents the app creates (app 'web-contents-created'), so none is left unguarded.
 */
export function guardWebContents(contents: GuardedContents, { openExternal, log, secrets = [] }: GuardDeps): void {
  const refuse = (event: { preventDefault(): void }, url: string, kind: string) => {
    const decision = decideNavigation(url, secrets);
    if (decision.allow) return;
    event.preventDefault();
    // Only the scheme and host go to the log: a URL's query could carry anything.
    log(`refused ${kind} to ${describeUrl(url)}${decision.openExternally ? ' (opened in the system browser)' : ''}`);
    if (decision.openExternally && kind === 'navigation')
      void openExternal(decision.openExternally).catch(() => undefined);
  };
  contents.on('will-navigate', (event, url) => refuse(event, url, 'navigation'));
  contents.on('will-redirect', (event, url) => refuse(event, url, 'redirect'));
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) refuse(event, event.url, 'frame navigation');
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log('refused a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalWebUrl(url, secrets);
    log(`refused window.open of ${describeUrl(url)}${external ? ' (opened in the system browser)' : ''}`);
    if (external) void openExternal(external).catch(() => undefined);
    return { action: 'deny' };
  });
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : parsed.protocol;
  } catch {
    return 'an invalid URL';
  }
}
