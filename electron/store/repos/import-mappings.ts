import type { Database } from 'better-sqlite3';
import type { ImportKind } from '../../../shared/schemas/imports/kinds';
import type { ImportMapping } from '../../../shared/schemas/imports/mappings';

export interface StoredMapping {
  mapping: ImportMapping;
  date_format: string | null;
}

/** Column mappings remembered per dropzone, kind and header signature (shared/import-headers.ts). */
export class ImportMappingRepo {
  private readonly getStmt;
  private readonly saveStmt;

  constructor(db: Database) {
    this.getStmt = db.prepare<[number, string, string], { mapping: string; date_format: string | null }>(
      'SELECT mapping, date_format FROM import_mappings WHERE dropzone_id = ? AND kind = ? AND signature = ?',
    );
    this.saveStmt = db.prepare(`
      INSERT INTO import_mappings (dropzone_id, kind, signature, mapping, date_format, updated_at)
      VALUES (@dropzone_id, @kind, @signature, @mapping, @date_format, @updated_at)
      ON CONFLICT (dropzone_id, kind, signature) DO UPDATE SET
        mapping = excluded.mapping, date_format = excluded.date_format, updated_at = excluded.updated_at`);
  }

  get(dropzoneId: number, kind: ImportKind, signature: string): StoredMapping | undefined {
    const row = this.getStmt.get(dropzoneId, kind, signature);
    return row && { mapping: JSON.parse(row.mapping) as ImportMapping, date_format: row.date_format };
  }

  /** The latest mapping for a signature replaces the one before. */
  save(dropzoneId: number, kind: ImportKind, signature: string, stored: StoredMapping, now: string): void {
    this.saveStmt.run({
      dropzone_id: dropzoneId,
      kind,
      signature,
      mapping: JSON.stringify(stored.mapping),
      date_format: stored.date_format,
      updated_at: now,
    });
  }
}
