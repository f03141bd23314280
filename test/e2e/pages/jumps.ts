import type { Locator, Page } from '@playwright/test';

/** The booking page's Jump card and its dialogs (record / change, remove). */
export class JumpCardScreen {
  constructor(private readonly page: Page) {}

  readonly card = () => this.page.getByTestId('booking-jump');
  readonly recordButton = () => this.card().getByRole('button', { name: /^(Record|Change) jump$/ });
  readonly removeButton = () => this.card().getByRole('button', { name: 'Remove jump' });
  readonly camera = () => this.page.getByTestId('jump-camera');
  readonly filmer = () => this.page.getByTestId('jump-filmer');
  readonly secondFilmer = () => this.page.getByTestId('jump-second-filmer');
  readonly date = () => this.card().getByTestId('jump-date');

  readonly dialog = () => this.page.getByRole('dialog', { name: /^(Record|Change) jump:/ });
  cameraChoice(label: 'Selfie' | 'Videographer' | 'Both'): Locator {
    return this.dialog().getByRole('radio', { name: new RegExp(`^${label}`) });
  }
  readonly handcamSelect = () => this.dialog().getByRole('combobox', { name: 'Handcam (tandem instructor)' });
  readonly videographerSelect = () => this.dialog().getByRole('combobox', { name: 'Videographer (outside camera)' });
  option(name: string | RegExp): Locator {
    return this.page.getByRole('option', { name });
  }
  /** Picks a filmer in one of the dialog's selects. */
  async pick(select: Locator, name: string): Promise<void> {
    await select.click();
    await this.option(name).click();
  }
  readonly nameField = () => this.dialog().getByRole('textbox', { name: 'Your name' });
  /** What a disabled Save still needs: said by the button, and under the name field. */
  readonly missingToSave = () => this.dialog().getByTestId('jump-save-missing');
  readonly nameMissing = () => this.dialog().getByTestId('jump-name-missing');
  readonly warnings = () => this.page.getByTestId('jump-warnings');
  readonly saveButton = () => this.dialog().getByRole('button', { name: 'Save jump' });

  readonly removeDialog = () => this.page.getByRole('dialog', { name: 'Remove this jump?' });
}

/** The Filmers screen's drawer of one filmer's jumps (#/filmers/:id). */
export class FilmerJumpsScreen {
  constructor(private readonly page: Page) {}

  readonly drawer = () => this.page.getByRole('dialog', { name: /^Jumps of / });
  readonly count = () => this.page.getByTestId('filmer-jumps-count');
  readonly rows = () => this.page.getByTestId('filmer-jump');
  readonly countLink = (name: string) =>
    this.page.getByRole('link', { name: new RegExp(`jumps? of ${name}: show them$`) });
}
