import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { RelayedSecretStore } from '../../electron/shell/relayed-secret-store';
import { SafeStorageSecrets, safeStorageUsable, type SafeStorageApi } from '../../electron/shell/safe-secrets';

/**
 * A keychain with Electron's asynchronous safeStorage API only: a call to the deprecated
 * synchronous one (isEncryptionAvailable, encryptString, decryptString) fails as it will in 46.
 * `key` stands for the keychain's current key; `rotated` makes decrypt ask for a re-encryption.
 */
function keychain(
  options: { key?: string; rotated?: boolean; available?: boolean; backend?: string } = {},
): SafeStorageApi {
  const key = options.key ?? 'k1';
  return {
    isAsyncEncryptionAvailable: async () => options.available ?? true,
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptStringAsync: async (text) => Buffer.from(`${key}:${Buffer.from(text).toString('hex')}`),
    decryptStringAsync: async (buffer) => {
      const [usedKey, hex] = buffer.toString().split(':') as [string, string];
      return {
        result: Buffer.from(hex, 'hex').toString(),
        shouldReEncrypt: usedKey !== key || (options.rotated ?? false),
      };
    },
  };
}

test('safeStorage counts only with a real keychain (Linux basic_text is a key in Electron source)', async () => {
  assert.equal(await safeStorageUsable(keychain(), 'linux'), true);
  assert.equal(await safeStorageUsable(keychain({ backend: 'basic_text' }), 'linux'), false);
  assert.equal(await safeStorageUsable(keychain({ backend: 'unknown' }), 'linux'), false);
  assert.equal(await safeStorageUsable(keychain({ available: false }), 'darwin'), false);
  assert.equal(await safeStorageUsable(keychain(), 'win32'), true);
});

test('credentials are kept encrypted in a 0600 file; a plain file from npm run serve is read, then removed at the first save', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-safe-'));
  try {
    writeFileSync(join(dir, 'remote-credentials.json'), '{"kind":"bearer","token":"from-serve"}', { mode: 0o600 });
    const secrets = new SafeStorageSecrets(keychain(), dir);
    assert.equal(await secrets.read(), '{"kind":"bearer","token":"from-serve"}');
    await secrets.write('{"kind":"bearer","token":"new-secret"}');
    const file = join(dir, 'remote-credentials.safe');
    assert.ok(!readFileSync(file, 'utf8').includes('new-secret'));
    if (process.platform !== 'win32') assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(existsSync(join(dir, 'remote-credentials.json')), false);
    assert.equal(await new SafeStorageSecrets(keychain(), dir).read(), '{"kind":"bearer","token":"new-secret"}');
    await secrets.write(null);
    assert.equal(existsSync(file), false);
    assert.equal(await secrets.read(), null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a rotated keychain key: the secret still reads, and the file is encrypted again under the new key', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-safe-'));
  try {
    await new SafeStorageSecrets(keychain({ key: 'old' }), dir).write('the-secret');
    const file = join(dir, 'remote-credentials.safe');
    const before = readFileSync(file, 'utf8');
    const rotated = new SafeStorageSecrets(keychain({ key: 'new' }), dir);
    assert.equal(await rotated.read(), 'the-secret');
    const after = readFileSync(file, 'utf8');
    assert.notEqual(after, before);
    assert.match(Buffer.from(after, 'base64').toString(), /^new:/);
    if (process.platform !== 'win32') assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(await rotated.read(), 'the-secret');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the server process's store answers at once and sends every change to main", () => {
  const sent: Array<string | null> = [];
  const store = new RelayedSecretStore('old', 'encrypted with the system keychain', (value) => sent.push(value));
  assert.equal(store.read(), 'old');
  store.write('new');
  assert.equal(store.read(), 'new');
  store.write(null);
  assert.deepEqual(sent, ['new', null]);
});
