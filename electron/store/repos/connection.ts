import type { Database } from 'better-sqlite3';

/** The stored (non-secret) connection settings: the single row of `connection_settings`. */
export interface ConnectionRow {
  mode: 'local' | 'proxy';
  remote_url: string | null;
  request_timeout_ms: number;
  connect_timeout_ms: number;
  updated_at: string | null;
}

export class ConnectionRepo {
  private readonly getStmt;
  private readonly saveStmt;

  constructor(db: Database) {
    this.getStmt = db.prepare<[], ConnectionRow>(
      'SELECT mode, remote_url, request_timeout_ms, connect_timeout_ms, updated_at FROM connection_settings WHERE id = 1',
    );
    this.saveStmt = db.prepare(
      `UPDATE connection_settings SET mode = @mode, remote_url = @remote_url, request_timeout_ms = @request_timeout_ms,
         connect_timeout_ms = @connect_timeout_ms, updated_at = @updated_at WHERE id = 1`,
    );
  }

  get(): ConnectionRow {
    const row = this.getStmt.get();
    if (!row) throw new Error('connection_settings has no row: the store was not migrated');
    return row;
  }

  save(row: ConnectionRow): void {
    this.saveStmt.run(row);
  }
}
