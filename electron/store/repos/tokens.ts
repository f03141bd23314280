import type { Database } from 'better-sqlite3';

export interface TokenInfo {
  id: number;
  dropzone_id: number;
  label: string;
  created_at: string;
}

/** A token as one dropzone's desk sees it (the dropzone is the caller's own). */
export type DropzoneTokenInfo = Omit<TokenInfo, 'dropzone_id'>;

/** API tokens, stored only as SHA-256 hashes (tokens are random, so a fast hash is enough). */
export class TokenRepo {
  private readonly insertStmt;
  private readonly dropzoneOfStmt;
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
    this.listStmt = db.prepare<[], TokenInfo>('SELECT id, dropzone_id, label, created_at FROM api_tokens ORDER BY id');
    this.listForDropzoneStmt = db.prepare<[number], DropzoneTokenInfo>(
      'SELECT id, label, created_at FROM api_tokens WHERE dropzone_id = ? ORDER BY id',
    );
    this.revokeStmt = db.prepare('DELETE FROM api_tokens WHERE id = ?');
    this.revokeForDropzoneStmt = db.prepare('DELETE FROM api_tokens WHERE id = ? AND dropzone_id = ?');
  }

  add(dropzoneId: number, tokenHash: string, label: string, createdAt: string): number {
    return Number(this.insertStmt.run(dropzoneId, tokenHash, label, createdAt).lastInsertRowid);
  }

  dropzoneOf(tokenHash: string): number | undefined {
    return this.dropzoneOfStmt.get(tokenHash)?.dropzone_id;
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
