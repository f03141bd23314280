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
  readonly statusVersion = () => this.page.getByTestId('status-version');
}
