import type { Page } from '@playwright/test';

/** The frame around every screen: navigation and the status bar. */
export class Shell {
  constructor(private readonly page: Page) {}

  nav(screen: 'Bookings' | 'Filmers' | 'Catalogue' | 'Settings' | 'Log') {
    return this.page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: new RegExp(`^${screen}`) });
  }

  readonly statusDropzone = () => this.page.getByTestId('status-dropzone');
  readonly statusMode = () => this.page.getByTestId('status-mode');
  readonly statusHealth = () => this.page.getByTestId('status-health');
  /** Proxy mode, the remote not answering: why, since when, how old the desk's copy is. */
  readonly statusRemoteDetail = () => this.page.getByTestId('status-remote-detail');
  readonly statusVersion = () => this.page.getByTestId('status-version');
  /** "Desk server not answering since HH:MM:SS", while it does not answer. */
  readonly statusOffline = () => this.page.getByTestId('status-offline');
  /** The panel that says a screen's code could not be loaded, and retries. */
  readonly screenLoadFailed = () => this.page.getByTestId('screen-load-failed');
  readonly signIn = () => this.page.getByRole('dialog', { name: 'Sign in to the desk' });
  readonly signInAddress = () => this.signIn().getByRole('textbox', { name: 'Sign-in address' });
}
