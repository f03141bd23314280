import type { TLSSocket } from 'node:tls';
import { Agent, buildConnector } from 'undici';
import { certificateFingerprint } from './lan-identity';

/** The certificate a pinned connection was shown is not the one it trusts: never a passing failure. */
export class CertificateChangedError extends Error {
  readonly code = 'ERR_DESK_CERTIFICATE_CHANGED';
  constructor(
    readonly expected: string,
    readonly seen: string,
    readonly where: string,
  ) {
    super(
      `the main desk's certificate changed: ${where} shows SHA-256 ${seen || '(none)'}, this desk trusts ${expected}. ` +
        'A machine in the middle, or the main desk was set up anew: pair this desk again',
    );
    this.name = 'CertificateChangedError';
  }
}

/**
 * An undici connector that trusts exactly one certificate, by its SHA-256 fingerprint, as Syncthing
 * pins device ids: the main desk's certificate is self-signed, so no CA or host name vouches for
 * it. Node's checkServerIdentity is not called for a certificate that already failed the chain
 * check, so the fingerprint is compared here, once the handshake is done and before a byte of the
 * request is written.
 */
export function pinnedConnector(
  fingerprint: string,
  options: Omit<buildConnector.BuildOptions, 'rejectUnauthorized'> = {},
): buildConnector.connector {
  const expected = certificateFingerprint(fingerprint);
  // No TLS session resumption: a resumed session shows no certificate to compare (and needs none
  // it was first made with; but a fresh handshake per connection keeps the check one simple rule).
  const connect = buildConnector({ ...options, rejectUnauthorized: false, maxCachedSessions: 0 });
  return (opts, callback) =>
    connect(opts, (error, socket) => {
      if (error || !socket) return callback(error ?? new Error('no socket'), null);
      if (opts.protocol !== 'https:') {
        socket.destroy();
        return callback(new Error('a pinned connection is HTTPS only'), null);
      }
      const raw = (socket as TLSSocket).getPeerCertificate?.(false)?.raw;
      const seen = raw ? certificateFingerprint(raw) : '';
      if (seen !== expected) {
        socket.destroy();
        return callback(new CertificateChangedError(expected, seen, `${opts.hostname}:${opts.port}`), null);
      }
      callback(null, socket);
    });
}

/** An undici Agent whose every connection is pinned to one certificate (pass it as `dispatcher`). */
export function pinnedAgent(fingerprint: string, options: ConstructorParameters<typeof Agent>[0] = {}): Agent {
  return new Agent({ ...options, connect: pinnedConnector(fingerprint) });
}
