import { join } from 'node:path';
import { FileSecretStore, SECRET_FILE_NAME, type SecretStore } from '../proxy/secret-store';

/** The encrypted credentials beside the store: safeStorage's ciphertext, base64, in a 0600 file. */
export const SAFE_SECRET_FILE_NAME = 'remote-credentials.safe';

export type SafeStorageApi = {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
};

/**
 * Whether safeStorage protects anything here. On Linux without a keyring (no gnome-libsecret,
 * no kwallet) Electron falls back to "basic_text": a key written in Electron's source, no better
 * than the 0600 file, so the file store stays in use and the settings screen says so.
 */
export function safeStorageUsable(safe: SafeStorageApi, platform: NodeJS.Platform = process.platform): boolean {
  if (!safe.isEncryptionAvailable()) return false;
  if (platform === 'linux' && safe.getSelectedStorageBackend) {
    const backend = safe.getSelectedStorageBackend();
    if (backend === 'basic_text' || backend === 'unknown') return false;
  }
  return true;
}

/**
 * The remote credentials encrypted with the OS keychain (Keychain on macOS, DPAPI on Windows,
 * libsecret/kwallet on Linux). Main-process only: safeStorage exists nowhere else. Credentials
 * saved earlier by `npm run serve` (the plain 0600 file) are read until the first save here,
 * which encrypts them and removes the plain file.
 */
export class SafeStorageSecrets implements SecretStore {
  readonly description: string;
  private readonly encrypted: FileSecretStore;
  private readonly plain: FileSecretStore;

  constructor(
    private readonly safe: SafeStorageApi,
    dataDir: string,
  ) {
    this.encrypted = new FileSecretStore(join(dataDir, SAFE_SECRET_FILE_NAME));
    this.plain = new FileSecretStore(join(dataDir, SECRET_FILE_NAME));
    this.description = `encrypted with the system keychain (Electron safeStorage): ${this.encrypted.file}`;
  }

  read(): string | null {
    const encrypted = this.encrypted.read();
    if (encrypted !== null) return this.safe.decryptString(Buffer.from(encrypted, 'base64'));
    return this.plain.read();
  }

  write(secret: string | null): void {
    if (secret === null) {
      this.encrypted.write(null);
    } else {
      this.encrypted.write(this.safe.encryptString(secret).toString('base64'));
    }
    this.plain.write(null);
  }
}
