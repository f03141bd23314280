import type { SecretStore } from '../common/secret-store';

/**
 * The server process's view of credentials that the main process keeps with safeStorage (which
 * exists in main only). Main decrypts at start and hands the value over the private port; a
 * change is kept here at once (SecretStore is synchronous) and sent to main to be encrypted and
 * written. So the plaintext never touches the disk.
 */
export class RelayedSecretStore implements SecretStore {
  constructor(
    private value: string | null,
    readonly description: string,
    private readonly persist: (value: string | null) => void,
  ) {}

  read(): string | null {
    return this.value;
  }

  write(secret: string | null): void {
    this.value = secret;
    this.persist(secret);
  }
}
