import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { after, test } from 'node:test';
import { request } from 'undici';
import { certificateFingerprint, lanIdentity, makeLanIdentity } from '../../electron/desks/lan-identity';
import { CertificateMismatchError, pinnedAgent } from '../../electron/desks/pinned-agent';
import { Store } from '../../electron/store/store';

const dir = mkdtempSync(join(tmpdir(), 'desk-lan-identity-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = new Date('2026-11-28T12:00:00Z');

async function httpsServer(keyPem: string, certPem: string): Promise<{ server: Server; url: string }> {
  const server = createServer({ key: keyPem, cert: certPem }, (_req, res) => res.end('hello'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test('a made identity is a self-signed server certificate whose fingerprint is its SHA-256', async () => {
  const identity = await makeLanIdentity(NOW);
  const cert = new X509Certificate(identity.certPem);
  assert.equal(identity.fingerprint, cert.fingerprint256);
  assert.equal(certificateFingerprint(cert.raw), cert.fingerprint256, 'from DER');
  assert.equal(certificateFingerprint(identity.fingerprint.replace(/:/g, '').toLowerCase()), cert.fingerprint256);
  assert.match(identity.fingerprint, /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  assert.equal(cert.issuer, cert.subject);
  assert.ok(cert.verify(cert.publicKey), 'signed by its own key');
  assert.equal(cert.ca, false);
  assert.ok(cert.checkPrivateKey((await import('node:crypto')).createPrivateKey(identity.keyPem)));
  assert.ok(new Date(cert.validTo) > new Date('2050-01-01'), 'pinned, not trusted for its dates: it does not lapse');
});

test('the store keeps one identity: the same after reopening, and a second one made meanwhile is not kept', async () => {
  const file = join(dir, 'desk.sqlite3');
  let store = Store.open(file);
  const first = await lanIdentity(store, NOW);
  store.close();
  store = Store.open(file);
  assert.deepEqual(await lanIdentity(store, NOW), first);
  const other = await makeLanIdentity(NOW);
  const kept = store.lan.keepIdentity({
    key_pem: other.keyPem,
    cert_pem: other.certPem,
    fingerprint: other.fingerprint,
    created_at: NOW.toISOString(),
  });
  assert.equal(kept.fingerprint, first.fingerprint);
  store.close();
});

test('a pinned agent talks to the certificate it pins and refuses another before sending anything', async () => {
  const identity = await makeLanIdentity(NOW);
  const stranger = await makeLanIdentity(NOW);
  let requests = 0;
  const { server, url } = await httpsServer(identity.keyPem, identity.certPem);
  server.on('request', () => requests++);
  try {
    const pinned = pinnedAgent(identity.fingerprint);
    const answer = await request(url, { dispatcher: pinned });
    assert.equal(await answer.body.text(), 'hello');
    await pinned.close();

    const wrong = pinnedAgent(stranger.fingerprint);
    await assert.rejects(request(url, { dispatcher: wrong }), (error: unknown) => {
      assert.ok(error instanceof CertificateMismatchError, String(error));
      assert.match(error.message, /^the main desk's certificate changed: 127\.0\.0\.1:\d+ shows SHA-256 /);
      assert.equal(error.seen, identity.fingerprint);
      return true;
    });
    await wrong.close();
    assert.equal(requests, 1, 'the refused connection sent no request');
  } finally {
    server.close();
  }
});

test("a backup carries the desk's identity: a store restored from it serves the same certificate", async () => {
  const dataDir = mkdtempSync(join(dir, 'backed-up-'));
  const store = Store.open(join(dataDir, 'desk.sqlite3'));
  const identity = await lanIdentity(store, NOW);
  const backup = await store.backup(dataDir);
  store.close();
  const restored = Store.open(backup.file);
  try {
    assert.deepEqual(await lanIdentity(restored, NOW), identity);
  } finally {
    restored.close();
  }
});
