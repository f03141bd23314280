import type { Database, Statement } from 'better-sqlite3';

/**
 * `UPDATE <table> SET <only the given columns> WHERE id = ?`, with one prepared statement per
 * column set, kept for reuse: updates send only what changed, and the sets repeat.
 */
export class PartialUpdate {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Database,
    private readonly table: string,
  ) {}

  run(id: number, row: Record<string, unknown>): void {
    const columns = Object.keys(row).sort();
    if (columns.length === 0) return;
    const key = columns.join(',');
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(
        `UPDATE ${this.table} SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`,
      );
      this.statements.set(key, statement);
    }
    statement.run({ ...row, id });
  }
}
