import { expect, type Page } from '@playwright/test';
import { E2E_ADMIN_PASSPHRASE } from '../fixtures';

/** The dialog an administrator action opens when the window is not unlocked. */
export class AdminDialog {
  constructor(private readonly page: Page) {}

  readonly dialog = () => this.page.getByTestId('admin-unlock-dialog');

  /** Once its opening transition is over (for a screenshot). */
  async settled(): Promise<void> {
    await expect(
      this.page
        .locator('.mantine-Modal-content')
        .filter({ has: this.page.getByTestId('admin-passphrase').or(this.page.getByTestId('admin-new-passphrase')) }),
    ).toHaveCSS('opacity', '1');
  }

  /** Sets the desk's first passphrase (a desk without one). */
  async setUp(passphrase = E2E_ADMIN_PASSPHRASE): Promise<void> {
    await expect(this.dialog().getByText('This desk has no administrator passphrase yet')).toBeVisible();
    await this.dialog().getByTestId('admin-new-passphrase').fill(passphrase);
    await this.dialog().getByTestId('admin-repeat-passphrase').fill(passphrase);
    await this.dialog().getByTestId('admin-set-passphrase').click();
    await expect(this.dialog()).toBeHidden();
  }

  async unlock(passphrase = E2E_ADMIN_PASSPHRASE): Promise<void> {
    await this.dialog().getByTestId('admin-passphrase').fill(passphrase);
    await this.dialog().getByTestId('admin-unlock').click();
    await expect(this.dialog()).toBeHidden();
  }

  /** Whichever the desk asks: set up on a desk without a passphrase, else unlock. */
  async complete(passphrase = E2E_ADMIN_PASSPHRASE): Promise<void> {
    const firstTime = this.dialog().getByTestId('admin-new-passphrase');
    const unlock = this.dialog().getByTestId('admin-passphrase');
    await expect(firstTime.or(unlock)).toBeVisible();
    if (await firstTime.isVisible()) await this.setUp(passphrase);
    else await this.unlock(passphrase);
  }
}
