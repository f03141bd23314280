import type { Database } from 'better-sqlite3';

export interface TokenInfo {
  id: number;
  dropzone_id: number;
  label: string;
  created_at: string;
}

/** API tokens, stored only as SHA-256 hashes (tokens are random, so a fast hash is enough). */
export class TokenRepo {
  private readonly insertStmt;
  private readonly dropzoneOfStmt;
  private readonly listStmt;
  private readonly revokeStmt;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      'INSERT INTO api_tokens (dropzone_id, token_hash, label, created_at) VALUES (?, ?, ?, ?)',
    );
    this.dropzoneOfStmt = db.prepare<[string], { dropzone_id: number }>(
      'SELECT dropzone_id FROM api_tokens WHERE token_hash = ?',
    );
    this.listStmt = db.prepare<[], TokenInfo>('SELECT id, dropzone_id, label, created_at FROM api_tokens ORDER BY id');
    this.revokeStmt = db.prepare('DELETE FROM api_tokens WHERE id = ?');
  }

  add(dropzoneId: number, tokenHash: string, label: string, createdAt: string): number {
    return Number(this.insertStmt.run(dropzoneId, tokenHash, label, createdAt).lastInsertRowid);
  }

  dropzoneOf(tokenHash: string): number | undefined {
    return this.dropzoneOfStmt.get(tokenHash)?.dropzone_id;
  }

  list(): TokenInfo[] {
    return this.listStmt.all();
  }

  revoke(id: number): boolean {
    return this.revokeStmt.run(id).changes > 0;
  }
}
