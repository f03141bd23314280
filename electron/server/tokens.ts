import { createHash, randomBytes } from 'node:crypto';
import type { TokenRepo } from '../store/repos/tokens';

/** A new API token: 32 random bytes, URL-safe. Shown once; only its hash is kept. */
export function newToken(): string {
  return `dzd_${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface IssuedToken {
  id: number;
  label: string;
  created_at: string;
  /** The token itself: the caller shows it once and keeps no copy. */
  token: string;
}

/**
 * Makes a token for a dropzone and stores only its hash. The desk API and the CLI both issue
 * tokens through here, so there is one place that decides how a token looks and is kept.
 * Auth reads the store on every call, so a token works (and, once revoked, stops) at once.
 */
export function issueToken(tokens: TokenRepo, dropzoneId: number, label: string, createdAt: string): IssuedToken {
  const token = newToken();
  const id = tokens.add(dropzoneId, hashToken(token), label, createdAt);
  return { id, label, created_at: createdAt, token };
}
