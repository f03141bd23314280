import type { TLSSocket } from 'node:tls';
import { buildConnector } from 'undici';
import { CertificateMismatchError, normalFingerprint } from './fingerprint';

// What a pin is and what its failure says live apart (./fingerprint): readable without undici.
export { CertificateMismatchError, normalFingerprint } from './fingerprint';

/**
 * An undici connector that trusts exactly one certificate, by its SHA-256 fingerprint (as
 * Syncthing pins device ids): the main desk's certificate is its own, self-signed, so no CA or host
 * name says anything; the fingerprint the pairing code bound does. Checked once the TLS handshake
 * is done and before a byte of the request is written: a mismatch ends the connection.
 */
export function pinnedConnector(
  fingerprint: string,
  options: Omit<buildConnector.BuildOptions, 'rejectUnauthorized'>,
): buildConnector.connector {
  const expected = normalFingerprint(fingerprint);
  // No TLS session resumption: a resumed session shows no certificate (getPeerCertificate() is
  // empty), so the second connection to the main desk would read as a certificate mismatch.
  const connect = buildConnector({ ...options, rejectUnauthorized: false, maxCachedSessions: 0 });
  return (opts, callback) =>
    connect(opts, (error, socket) => {
      if (error || !socket) return callback(error ?? new Error('no socket'), null);
      if (opts.protocol !== 'https:') return callback(null, socket);
      const seen = normalFingerprint((socket as TLSSocket).getPeerCertificate?.().fingerprint256 ?? '');
      if (seen !== expected) {
        socket.destroy();
        return callback(new CertificateMismatchError(expected, seen, `${opts.hostname}:${opts.port}`), null);
      }
      callback(null, socket);
    });
}
