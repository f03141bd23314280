import type { Database } from 'better-sqlite3';

/** The stored listening preference: the single row of `listen_settings`. */
export interface ListenSettingsRow {
  fixed_port: number | null;
  updated_at: string | null;
}

export class ListenSettingsRepo {
  private readonly getStmt;
  private readonly saveStmt;

  constructor(db: Database) {
    this.getStmt = db.prepare<[], ListenSettingsRow>('SELECT fixed_port, updated_at FROM listen_settings WHERE id = 1');
    this.saveStmt = db.prepare('UPDATE listen_settings SET fixed_port = ?, updated_at = ? WHERE id = 1');
  }

  get(): ListenSettingsRow {
    const row = this.getStmt.get();
    if (!row) throw new Error('listen_settings has no row: the store was not migrated');
    return row;
  }

  setFixedPort(port: number | null, at: string): void {
    this.saveStmt.run(port, at);
  }
}
