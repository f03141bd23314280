import type { Database } from 'better-sqlite3';
import { PartialUpdate } from './partial-update';
import { withBooleans, type FilmerRecord } from '../records';

const FILMER_BOOLEANS = ['tandem_instructor', 'videographer', 'active'] as const;

export type NewFilmer = Omit<FilmerRecord, 'id'> & { id?: number };
export type FilmerChanges = Partial<Omit<FilmerRecord, 'id' | 'dropzone_id' | 'created_at'>>;

function toRow(values: Record<string, unknown>): Record<string, unknown> {
  const row = { ...values };
  for (const c of FILMER_BOOLEANS) if (c in row) row[c] = row[c] ? 1 : 0;
  return row;
}

export class FilmerRepo {
  private readonly listAllStmt;
  private readonly listExternalStmt;
  private readonly byIdStmt;
  private readonly byExternalIdStmt;
  private readonly insertStmt;
  private readonly deleteStmt;
  private readonly jumpCountStmt;
  private readonly partialUpdate: PartialUpdate;

  constructor(private readonly db: Database) {
    this.partialUpdate = new PartialUpdate(db, 'filmers');
    this.listAllStmt = db.prepare<[number], Record<string, unknown>>(
      'SELECT * FROM filmers WHERE dropzone_id = ? ORDER BY id',
    );
    this.listExternalStmt = db.prepare<[number], Record<string, unknown>>(
      'SELECT * FROM filmers WHERE dropzone_id = ? AND external_id IS NOT NULL ORDER BY id',
    );
    this.byIdStmt = db.prepare<[number, number], Record<string, unknown>>(
      'SELECT * FROM filmers WHERE dropzone_id = ? AND id = ?',
    );
    this.byExternalIdStmt = db.prepare<[number, string], Record<string, unknown>>(
      'SELECT * FROM filmers WHERE dropzone_id = ? AND external_id = ?',
    );
    this.insertStmt = db.prepare(`
      INSERT INTO filmers (id, dropzone_id, external_id, external_service, name, email, tandem_instructor, videographer,
                           active, created_at, updated_at)
      VALUES (@id, @dropzone_id, @external_id, @external_service, @name, @email, @tandem_instructor, @videographer,
              @active, @created_at, @updated_at)`);
    this.deleteStmt = db.prepare('DELETE FROM filmers WHERE dropzone_id = ? AND id = ?');
    // Either column: a second filmer (the videographer of a `both` jump) is held by the jump as much as the first.
    this.jumpCountStmt = db.prepare<[number, number], { n: number }>(
      'SELECT count(*) AS n FROM jumps WHERE filmer_id = ? OR second_filmer_id = ?',
    );
  }

  list(dropzoneId: number, includeAll: boolean): FilmerRecord[] {
    const rows = (includeAll ? this.listAllStmt : this.listExternalStmt).all(dropzoneId);
    return rows.map((r) => withBooleans<FilmerRecord>(r, FILMER_BOOLEANS));
  }

  byId(dropzoneId: number, id: number): FilmerRecord | undefined {
    const row = this.byIdStmt.get(dropzoneId, id);
    return row && withBooleans<FilmerRecord>(row, FILMER_BOOLEANS);
  }

  byExternalId(dropzoneId: number, externalId: string): FilmerRecord | undefined {
    const row = this.byExternalIdStmt.get(dropzoneId, externalId);
    return row && withBooleans<FilmerRecord>(row, FILMER_BOOLEANS);
  }

  insert(filmer: NewFilmer): number {
    return Number(this.insertStmt.run(toRow({ id: null, ...filmer })).lastInsertRowid);
  }

  update(id: number, changes: FilmerChanges): void {
    this.partialUpdate.run(id, toRow(changes));
  }

  delete(dropzoneId: number, id: number): boolean {
    return this.deleteStmt.run(dropzoneId, id).changes > 0;
  }

  jumpCount(id: number): number {
    return this.jumpCountStmt.get(id, id)?.n ?? 0;
  }
}
