import type { Database } from 'better-sqlite3';

export interface AdminPassphraseRow {
  passphrase_hash: string;
  set_at: string;
}

/** The administrator passphrase of each dropzone (a scrypt hash, electron/common/passphrase.ts). */
export class AdminRepo {
  private readonly getStmt;
  private readonly setStmt;
  private readonly clearStmt;

  constructor(db: Database) {
    this.getStmt = db.prepare<[number], AdminPassphraseRow>(
      'SELECT passphrase_hash, set_at FROM admin_settings WHERE dropzone_id = ?',
    );
    this.setStmt = db.prepare(`
      INSERT INTO admin_settings (dropzone_id, passphrase_hash, set_at) VALUES (?, ?, ?)
      ON CONFLICT (dropzone_id) DO UPDATE SET passphrase_hash = excluded.passphrase_hash, set_at = excluded.set_at`);
    this.clearStmt = db.prepare('DELETE FROM admin_settings WHERE dropzone_id = ?');
  }

  passphrase(dropzoneId: number): AdminPassphraseRow | undefined {
    return this.getStmt.get(dropzoneId);
  }

  setPassphrase(dropzoneId: number, hash: string, at: string): void {
    this.setStmt.run(dropzoneId, hash, at);
  }

  /** True when there was one to clear. */
  clearPassphrase(dropzoneId: number): boolean {
    return this.clearStmt.run(dropzoneId).changes > 0;
  }
}
