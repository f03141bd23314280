import type { Page } from '@playwright/test';
import { saveScreenshot, type DeskUnderTest } from '../fixtures';

/**
 * What a scenario needs of the desk it runs against, whichever it is: the server `npm run serve`
 * starts, in Chromium (test/e2e/*.spec.ts), or the desktop app through Playwright's _electron
 * (test/electron/desktop.spec.ts). The same scenario functions run in both, so the browser run
 * proves each works before the desktop run relies on it.
 */
export interface ScenarioDesk {
  /** The server's own http://127.0.0.1:<port>, for the checks made past the UI (APIRequestContext, fetch). */
  url: string;
  /** A token the desk API and the Sync API accept (this session's). */
  token: string;
  /** Loads the desk afresh at a screen (hash route), signed in. */
  open(page: Page, route?: string): Promise<void>;
  /** Lets the page write to the clipboard (the browser asks; the app's own permission handler decides). */
  allowClipboard(page: Page): Promise<void>;
  /** What the clipboard holds now. */
  readClipboard(page: Page): Promise<string>;
  screenshot(page: Page, name: string): Promise<void>;
}

/** The browser e2e's desk (test/e2e/fixtures.ts) as a scenario desk. */
export function browserDesk(desk: DeskUnderTest): ScenarioDesk {
  return {
    url: desk.url,
    token: desk.token,
    open: desk.open,
    allowClipboard: (page) => page.context().grantPermissions(['clipboard-read', 'clipboard-write']),
    readClipboard: (page) => page.evaluate(() => navigator.clipboard.readText()),
    screenshot: saveScreenshot,
  };
}
