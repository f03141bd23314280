/**
 * A fingerprint as the desks show it: SHA-256, upper-case hex pairs joined by colons (as Node's
 * `fingerprint256` and `openssl x509 -fingerprint -sha256` print it).
 */
export function normalFingerprint(text: string): string {
  const hex = text.replace(/[^0-9a-f]/gi, '').toUpperCase();
  return hex.match(/.{2}/g)?.join(':') ?? '';
}

/** The certificate a pinned connection was shown is not the one it was pinned to: never a transient failure. */
export class CertificateMismatchError extends Error {
  readonly code = 'ERR_DESK_CERTIFICATE_MISMATCH';
  constructor(
    readonly expected: string,
    readonly seen: string,
    where: string,
  ) {
    super(
      `the main desk's certificate changed: ${where} shows SHA-256 ${seen || '(none)'}, the pairing holds ${expected}. ` +
        'A machine in the middle, or the main desk was set up anew: pair this desk again',
    );
    this.name = 'CertificateMismatchError';
  }
}
