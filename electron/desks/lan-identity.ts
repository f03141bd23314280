import type * as X509 from '@peculiar/x509';
import { createHash, randomBytes, X509Certificate, webcrypto } from 'node:crypto';
import { normalFingerprint } from '../proxy/fingerprint';
import type { Store } from '../store/store';

/** The main desk's certificate and key, as the HTTPS listener takes them. */
export interface LanIdentity {
  keyPem: string;
  certPem: string;
  /** SHA-256 of the certificate, as `AB:CD:…` (what the desks show and pin). */
  fingerprint: string;
}

/** What @peculiar/x509 calls a crypto provider: Node's WebCrypto is one, typed apart from the DOM's. */
type X509Crypto = Parameters<typeof X509.X509CertificateGenerator.createSelfSigned>[1];
type X509Keys = Parameters<typeof X509.X509CertificateGenerator.createSelfSigned>[0]['keys'];

/**
 * @peculiar/x509, loaded when a certificate is first made (once per data folder): loading it costs
 * a desk's every start some 70 ms otherwise. Its 2.x needs a Reflect metadata polyfill loaded
 * before it (its README says so).
 */
async function x509Library(): Promise<typeof X509> {
  await import('reflect-metadata');
  return import('@peculiar/x509');
}

const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
/** A desk's certificate is pinned by fingerprint, not trusted for its dates: it outlives the laptop. */
const VALID_YEARS = 30;

/**
 * A certificate's SHA-256 fingerprint, upper-case hex pairs joined by colons: what Node's
 * `fingerprint256` and `openssl x509 -fingerprint -sha256` print. Takes the DER bytes, a PEM, or
 * a fingerprint in any spelling (hex with or without separators, any case).
 */
export function certificateFingerprint(derOrPem: Buffer | Uint8Array | string): string {
  if (typeof derOrPem !== 'string') return normalFingerprint(createHash('sha256').update(derOrPem).digest('hex'));
  if (derOrPem.includes('-----BEGIN')) return new X509Certificate(derOrPem).fingerprint256;
  return normalFingerprint(derOrPem);
}

/** A new key pair and a self-signed certificate for it, made with a maintained X.509 library. */
export async function makeLanIdentity(now: Date): Promise<LanIdentity> {
  const x509 = await x509Library();
  const crypto = webcrypto as unknown as X509Crypto;
  const keys = await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const serial = randomBytes(16);
  serial[0] = (serial[0] as number) & 0x7f; // a positive INTEGER, as RFC 5280 asks
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALID_YEARS);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: serial.toString('hex'),
      name: 'CN=Dropzone Desk main desk, O=Dropzone Desk',
      notBefore: new Date(now.getTime() - 60_000),
      notAfter,
      signingAlgorithm: KEY_ALGORITHM,
      keys: keys as unknown as X509Keys,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      ],
    },
    crypto,
  );
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  const keyPem = x509.PemConverter.encode(pkcs8, 'PRIVATE KEY');
  const certPem = certificate.toString('pem');
  return { keyPem, certPem, fingerprint: certificateFingerprint(certPem) };
}

/**
 * The main desk's identity: the one kept in the store, else a new one, kept there at once. In the
 * store (0600), so the same certificate serves after a restart and after a backup is restored.
 */
export async function lanIdentity(store: Store, now: Date): Promise<LanIdentity> {
  const kept = store.lan.identity();
  if (kept) return { keyPem: kept.key_pem, certPem: kept.cert_pem, fingerprint: kept.fingerprint };
  const made = await makeLanIdentity(now);
  const row = store.lan.keepIdentity({
    key_pem: made.keyPem,
    cert_pem: made.certPem,
    fingerprint: made.fingerprint,
    created_at: now.toISOString(),
  });
  return { keyPem: row.key_pem, certPem: row.cert_pem, fingerprint: row.fingerprint };
}
