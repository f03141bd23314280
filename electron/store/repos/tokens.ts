import type { Database } from 'better-sqlite3';
import { hashToken, newToken } from '../../common/tokens';

export interface TokenInfo {
  id: number;
  dropzone_id: number;
  label: string;
  created_at: string;
}

/** Who holds a token, as auth and the request log name the caller. */
export type TokenHolder = Pick<TokenInfo, 'id' | 'dropzone_id' | 'label'>;

/** A token as one dropzone's desk sees it (the dropzone is the caller's own). */
export type DropzoneTokenInfo = Omit<TokenInfo, 'dropzone_id'>;

export interface IssuedToken {
  id: number;
  label: string;
  created_at: string;
  /** The token itself: the caller shows it once and keeps no copy. */
  token: string;
}

/**
 * API tokens, stored only as SHA-256 hashes: callers hand in and look up tokens, and never see a
 * hash. Auth reads the store on every call, so a token works (and, once revoked, stops) at once.
 */
export class TokenRepo {
  private readonly insertStmt;
  private readonly dropzoneOfStmt;
  private readonly holderOfStmt;
  private readonly listStmt;
  private readonly listForDropzoneStmt;
  private readonly revokeStmt;
  private readonly revokeForDropzoneStmt;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      'INSERT INTO api_tokens (dropzone_id, token_hash, label, created_at) VALUES (?, ?, ?, ?)',
    );
    this.dropzoneOfStmt = db.prepare<[string], { dropzone_id: number }>(
      'SELECT dropzone_id FROM api_tokens WHERE token_hash = ?',
    );
    this.holderOfStmt = db.prepare<[string], TokenHolder>(
      'SELECT id, dropzone_id, label FROM api_tokens WHERE token_hash = ?',
    );
    this.listStmt = db.prepare<[], TokenInfo>('SELECT id, dropzone_id, label, created_at FROM api_tokens ORDER BY id');
    this.listForDropzoneStmt = db.prepare<[number], DropzoneTokenInfo>(
      'SELECT id, label, created_at FROM api_tokens WHERE dropzone_id = ? ORDER BY id',
    );
    this.revokeStmt = db.prepare('DELETE FROM api_tokens WHERE id = ?');
    this.revokeForDropzoneStmt = db.prepare('DELETE FROM api_tokens WHERE id = ? AND dropzone_id = ?');
  }

  /** Keeps a token the caller chose (a seed's, for tests and demos). */
  add(dropzoneId: number, token: string, label: string, createdAt: string): number {
    return Number(this.insertStmt.run(dropzoneId, hashToken(token), label, createdAt).lastInsertRowid);
  }

  /**
   * Makes a new token for a dropzone and keeps only its hash. The desk API and the token CLI both
   * issue tokens through here, so there is one place that decides how a token looks and is kept.
   */
  issue(dropzoneId: number, label: string, createdAt: string): IssuedToken {
    const token = newToken();
    const id = this.add(dropzoneId, token, label, createdAt);
    return { id, label, created_at: createdAt, token };
  }

  /** The dropzone a token belongs to; undefined for an unknown or revoked one. */
  dropzoneOf(token: string): number | undefined {
    return this.dropzoneOfStmt.get(hashToken(token))?.dropzone_id;
  }

  /** Whose a token is (its id, dropzone and label, never its hash): for auth and the request log. */
  holderOf(token: string): TokenHolder | undefined {
    return this.holderOfStmt.get(hashToken(token));
  }

  /** Every dropzone's tokens: for the CLI, which administers the whole store. */
  list(): TokenInfo[] {
    return this.listStmt.all();
  }

  /** One dropzone's tokens, oldest first: what its desk may see. */
  listForDropzone(dropzoneId: number): DropzoneTokenInfo[] {
    return this.listForDropzoneStmt.all(dropzoneId);
  }

  /** Removes a token of any dropzone (the CLI); false when there is none with that id. */
  revoke(id: number): boolean {
    return this.revokeStmt.run(id).changes > 0;
  }

  /** Removes a token only if it is this dropzone's: another dropzone's reads as unknown (false). */
  revokeForDropzone(id: number, dropzoneId: number): boolean {
    return this.revokeForDropzoneStmt.run(id, dropzoneId).changes > 0;
  }
}
