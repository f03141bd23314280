import type { Database } from 'better-sqlite3';
import type { DropzoneRecord } from '../records';

export type NewDropzone = Omit<DropzoneRecord, 'id'> & { id?: number };

export class DropzoneRepo {
  private readonly byIdStmt;
  private readonly byKeyStmt;
  private readonly allStmt;
  private readonly insertStmt;

  constructor(db: Database) {
    this.byIdStmt = db.prepare<[number], DropzoneRecord>('SELECT * FROM dropzones WHERE id = ?');
    this.byKeyStmt = db.prepare<[string], DropzoneRecord>('SELECT * FROM dropzones WHERE key = ?');
    this.allStmt = db.prepare<[], DropzoneRecord>('SELECT * FROM dropzones ORDER BY id');
    this.insertStmt = db.prepare(
      'INSERT INTO dropzones (id, key, name, timezone, currency, created_at) VALUES (@id, @key, @name, @timezone, @currency, @created_at)',
    );
  }

  byId(id: number): DropzoneRecord | undefined {
    return this.byIdStmt.get(id);
  }

  byKey(key: string): DropzoneRecord | undefined {
    return this.byKeyStmt.get(key);
  }

  all(): DropzoneRecord[] {
    return this.allStmt.all();
  }

  insert(dropzone: NewDropzone): number {
    return Number(this.insertStmt.run({ id: null, ...dropzone }).lastInsertRowid);
  }
}
