import { createHash, randomBytes } from 'node:crypto';

/** A new API token: 32 random bytes, URL-safe. Shown once; only its hash is kept. */
export function newToken(): string {
  return `dzd_${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
