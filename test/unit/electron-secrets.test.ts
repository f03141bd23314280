import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { RelayedSecretStore } from '../../electron/shell/relayed-secret-store';
import { SafeStorageSecrets, safeStorageUsable, type SafeStorageApi } from '../../electron/shell/safe-secrets';

const keychain: SafeStorageApi = {
  isEncryptionAvailable: () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptString: (text) => Buffer.from(`enc:${Buffer.from(text).toString('hex')}`),
  decryptString: (buffer) => Buffer.from(buffer.toString().slice(4), 'hex').toString(),
};

test('safeStorage counts only with a real keychain (Linux basic_text is a key in Electron source)', () => {
  assert.equal(safeStorageUsable(keychain, 'linux'), true);
  assert.equal(safeStorageUsable({ ...keychain, getSelectedStorageBackend: () => 'basic_text' }, 'linux'), false);
  assert.equal(safeStorageUsable({ ...keychain, isEncryptionAvailable: () => false }, 'darwin'), false);
  assert.equal(safeStorageUsable(keychain, 'win32'), true);
});

test('credentials are kept encrypted in a 0600 file; a plain file from npm run serve is read, then removed at the first save', () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-safe-'));
  try {
    writeFileSync(join(dir, 'remote-credentials.json'), '{"kind":"bearer","token":"from-serve"}', { mode: 0o600 });
    const secrets = new SafeStorageSecrets(keychain, dir);
    assert.equal(secrets.read(), '{"kind":"bearer","token":"from-serve"}');
    secrets.write('{"kind":"bearer","token":"new-secret"}');
    const file = join(dir, 'remote-credentials.safe');
    assert.ok(!readFileSync(file, 'utf8').includes('new-secret'));
    if (process.platform !== 'win32') assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(existsSync(join(dir, 'remote-credentials.json')), false);
    assert.equal(new SafeStorageSecrets(keychain, dir).read(), '{"kind":"bearer","token":"new-secret"}');
    secrets.write(null);
    assert.equal(existsSync(file), false);
    assert.equal(secrets.read(), null);
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
