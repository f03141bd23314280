import { createHash, randomBytes } from 'node:crypto';

/**
 * What a desk token looks like and how it is kept: API tokens (stored, hashed, by the store) and
 * the desk UI's session tokens (in memory, by the server) alike. Here, below every layer, because
 * the store, the server, the token CLI and the Electron shell all need it and none of them owns it.
 */

/** A new token: 32 random bytes, URL-safe. Shown once; only its hash is kept. */
export function newToken(): string {
  return `dzd_${randomBytes(32).toString('base64url')}`;
}

/** Tokens are random, so a fast hash is enough to keep them at rest. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
