import { join } from 'node:path';
import { FileSecretStore, SECRET_FILE_NAME } from '../common/secret-store';

/** The encrypted credentials beside the store: safeStorage's ciphertext, base64, in a 0600 file. */
export const SAFE_SECRET_FILE_NAME = 'remote-credentials.safe';

/** Electron's asynchronous safeStorage (the synchronous one is deprecated in 45 and gone in 46). */
export type SafeStorageApi = {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  getSelectedStorageBackend?(): string;
};

/**
 * Whether safeStorage protects anything here. On Linux without a keyring (no gnome-libsecret,
 * no kwallet) Electron falls back to "basic_text": a key written in Electron's source, no better
 * than the 0600 file, so the file store stays in use and the settings screen says so. Asked once
 * the async encryptor is up, so the backend named is the one it chose.
 */
export async function safeStorageUsable(
  safe: SafeStorageApi,
  platform: NodeJS.Platform = process.platform,
): Promise<boolean> {
  if (!(await safe.isAsyncEncryptionAvailable())) return false;
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
 * which encrypts them and removes the plain file. Ciphertext from the synchronous API (desks
 * before Electron 45) decrypts as it is.
 */
export class SafeStorageSecrets {
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

  async read(): Promise<string | null> {
    const encrypted = this.encrypted.read();
    if (encrypted === null) return this.plain.read();
    const { result, shouldReEncrypt } = await this.safe.decryptStringAsync(Buffer.from(encrypted, 'base64'));
    // The keychain's key was rotated (or a stronger one is there): keep the file under the new one.
    if (shouldReEncrypt) this.encrypted.write((await this.safe.encryptStringAsync(result)).toString('base64'));
    return result;
  }

  async write(secret: string | null): Promise<void> {
    if (secret === null) {
      this.encrypted.write(null);
    } else {
      this.encrypted.write((await this.safe.encryptStringAsync(secret)).toString('base64'));
    }
    this.plain.write(null);
  }
}
