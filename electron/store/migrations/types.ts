import type { Database } from 'better-sqlite3';

/** One schema step. Versions run 1, 2, 3… with no gaps; `up` runs inside the migration transaction. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
