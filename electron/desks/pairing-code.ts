import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';
import type { ScryptCost } from '../common/passphrase';

/**
 * The one-time pairing code a main desk shows (docs/desks.md, "Pairing"): 16 Crockford base32
 * characters, `XXXX-XXXX-XXXX-XXXX`:
 *
 *   - 4: the certificate check, the first 20 bits of the main desk certificate's SHA-256. The
 *     joining desk compares it with the certificate it is shown BEFORE it sends anything;
 *   - 4: the code's id, which the joining desk names when it sends its proof;
 *   - 8: the secret, 40 bits, never sent: the proof is derived from it and the full fingerprint
 *     the joining desk saw, so a machine in the middle with a certificate of its own gets a proof
 *     the main desk refuses, and cannot compute the right one from it in the code's lifetime.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CHECK_LENGTH = 4;
const ID_LENGTH = 4;
const SECRET_LENGTH = 8;
export const PAIRING_CODE_LENGTH = CHECK_LENGTH + ID_LENGTH + SECRET_LENGTH;

export interface PairingCode {
  /** The first 20 bits of the main desk certificate's SHA-256, 4 characters. */
  check: string;
  codeId: string;
  secret: string;
  /** As shown: XXXX-XXXX-XXXX-XXXX. */
  text: string;
}

/** A code that cannot be read: says why, in words a person at a desk can act on. */
export class PairingCodeFormatError extends Error {
  readonly code = 'ERR_PAIRING_CODE_FORMAT';
}

function encode(bits: bigint, length: number): string {
  let text = '';
  for (let i = length - 1; i >= 0; i--) text += ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)];
  return text;
}

function randomChars(length: number): string {
  const bytes = randomBytes(Math.ceil((5 * length) / 8));
  return encode(BigInt(`0x${bytes.toString('hex')}`) & ((1n << BigInt(5 * length)) - 1n), length);
}

function hexOf(fingerprint: string): string {
  return fingerprint.replace(/[^0-9a-f]/gi, '').toUpperCase();
}

/** The certificate check of a fingerprint: its first 20 bits, as 4 base32 characters. */
export function certificateCheck(fingerprint: string): string {
  const hex = hexOf(fingerprint);
  if (hex.length < 5) throw new Error('a certificate fingerprint has 64 hex digits');
  return encode(BigInt(`0x${hex.slice(0, 5)}`), CHECK_LENGTH);
}

function shown(check: string, codeId: string, secret: string): string {
  return `${check}-${codeId}-${secret.slice(0, 4)}-${secret.slice(4)}`;
}

/** A new one-time code for the main desk whose certificate has this fingerprint. */
export function newPairingCode(fingerprint: string): PairingCode {
  const check = certificateCheck(fingerprint);
  const codeId = randomChars(ID_LENGTH);
  const secret = randomChars(SECRET_LENGTH);
  return { check, codeId, secret, text: shown(check, codeId, secret) };
}

/** Reads a code as a person typed it: any case, dashes or spaces anywhere, O for 0, I and L for 1. */
export function parsePairingCode(text: string): PairingCode {
  const plain = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  const wrong = [...plain].find((c) => !ALPHABET.includes(c));
  if (wrong !== undefined)
    throw new PairingCodeFormatError(
      `the pairing code has "${wrong}", which no code has: codes are letters and digits like ABCD-EFGH-JKMN-PQRS (no U)`,
    );
  if (plain.length !== PAIRING_CODE_LENGTH)
    throw new PairingCodeFormatError(
      `the pairing code has ${plain.length} letters and digits; a code has ${PAIRING_CODE_LENGTH}, shown as XXXX-XXXX-XXXX-XXXX`,
    );
  const check = plain.slice(0, CHECK_LENGTH);
  const codeId = plain.slice(CHECK_LENGTH, CHECK_LENGTH + ID_LENGTH);
  const secret = plain.slice(CHECK_LENGTH + ID_LENGTH);
  return { check, codeId, secret, text: shown(check, codeId, secret) };
}

/** Whether the certificate the joining desk was shown is the one the code names. */
export function codeMatchesCertificate(code: Pick<PairingCode, 'check'>, fingerprintSeen: string): boolean {
  return certificateCheck(fingerprintSeen) === code.check;
}

/**
 * scrypt at 2^15: about a tenth of a second and 32 MiB per try. The code's secret has 40 bits, so a
 * relayed proof (salted with the relay's certificate) would take ages to turn into the right one.
 */
export const PAIRING_PROOF_COST: ScryptCost = { N: 1 << 15, r: 8, p: 1 };

/**
 * The proof that a desk holds the code's secret, bound to the certificate it saw and the code.
 * `cost` is for tests only (both sides must use the same): every desk uses PAIRING_PROOF_COST.
 */
export function pairingProof(
  secret: string,
  fingerprintSeen: string,
  codeId: string,
  cost: ScryptCost = PAIRING_PROOF_COST,
): Promise<string> {
  return new Promise((resolve, reject) => {
    scrypt(secret, `${hexOf(fingerprintSeen)}:${codeId}`, 32, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key.toString('base64url')),
    );
  });
}

/** What the main desk keeps of the proof it expects: its hash, so the store holds no usable proof. */
export function proofHash(proof: string): string {
  return createHash('sha256').update(proof, 'utf8').digest('hex');
}

/** A proof against the kept hash, in constant time. */
export function proofMatches(proof: string, keptHash: string): boolean {
  const a = Buffer.from(proofHash(proof), 'hex');
  const b = Buffer.from(keptHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
