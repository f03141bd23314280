import type { Database } from 'better-sqlite3';
import type { CheckInState } from '../../../shared/schemas/reception';

export interface CheckInMarkRecord {
  key: string;
  booking_id: number;
  day: string;
  state: CheckInState | null;
  recorded_by: string | null;
  made_at: string;
  desk: string | null;
  received_at: string;
}

export interface MainDeskMarkRecord {
  id: number;
  key: string;
  booking_id: number;
  body: string;
  made_at: string;
  attempts: number;
  last_error: string | null;
  settled_at: string | null;
  outcome: string | null;
}

/** Every mark a booking was given, from every desk (migration 015): the check-in history. */
export class CheckInMarkRepo {
  private readonly byKeyStmt;
  private readonly insertStmt;
  private readonly forBookingStmt;
  private readonly lastMadeStmt;

  constructor(db: Database) {
    this.byKeyStmt = db.prepare<[string], CheckInMarkRecord>('SELECT * FROM check_in_marks WHERE key = ?');
    this.insertStmt = db.prepare<CheckInMarkRecord>(`
      INSERT INTO check_in_marks (key, booking_id, day, state, recorded_by, made_at, desk, received_at)
      VALUES (@key, @booking_id, @day, @state, @recorded_by, @made_at, @desk, @received_at)`);
    this.forBookingStmt = db.prepare<[number], CheckInMarkRecord>(
      'SELECT * FROM check_in_marks WHERE booking_id = ? ORDER BY made_at, id',
    );
    this.lastMadeStmt = db.prepare<[number, string], { made_at: string | null }>(
      'SELECT max(made_at) AS made_at FROM check_in_marks WHERE booking_id = ? AND day = ?',
    );
  }

  /** When the last mark for a booking's day was made, clears included (the one in force); undefined: never marked. */
  lastMadeAt(bookingId: number, day: string): string | undefined {
    return this.lastMadeStmt.get(bookingId, day)?.made_at ?? undefined;
  }

  byKey(key: string): CheckInMarkRecord | undefined {
    return this.byKeyStmt.get(key);
  }

  add(record: CheckInMarkRecord): void {
    this.insertStmt.run(record);
  }

  forBooking(bookingId: number): CheckInMarkRecord[] {
    return this.forBookingStmt.all(bookingId);
  }
}

/** A paired desk's marks waiting for its main desk (migration 015), oldest first. */
export class MainDeskMarkRepo {
  private readonly insertStmt;
  private readonly deleteStmt;
  private readonly waitingStmt;
  private readonly countStmt;
  private readonly settleStmt;
  private readonly failStmt;

  constructor(db: Database) {
    this.insertStmt = db.prepare<{ key: string; booking_id: number; body: string; made_at: string }>(
      'INSERT INTO main_desk_marks (key, booking_id, body, made_at) VALUES (@key, @booking_id, @body, @made_at)',
    );
    this.deleteStmt = db.prepare<[string]>('DELETE FROM main_desk_marks WHERE key = ? AND settled_at IS NULL');
    this.waitingStmt = db.prepare<[], MainDeskMarkRecord>(
      'SELECT * FROM main_desk_marks WHERE settled_at IS NULL ORDER BY id',
    );
    this.countStmt = db.prepare<[], { n: number }>(
      'SELECT count(*) AS n FROM main_desk_marks WHERE settled_at IS NULL',
    );
    this.settleStmt = db.prepare<[string, string, number]>(
      'UPDATE main_desk_marks SET settled_at = ?, outcome = ?, attempts = attempts + 1 WHERE id = ?',
    );
    this.failStmt = db.prepare<[string, number]>(
      'UPDATE main_desk_marks SET attempts = attempts + 1, last_error = ? WHERE id = ?',
    );
  }

  queue(mark: { key: string; booking_id: number; body: string; made_at: string }): void {
    this.insertStmt.run(mark);
  }

  /** A mark the desk's own rules refused after all (no jump day): it never goes up. */
  withdraw(key: string): void {
    this.deleteStmt.run(key);
  }

  waiting(): MainDeskMarkRecord[] {
    return this.waitingStmt.all();
  }

  waitingCount(): number {
    return this.countStmt.get()?.n ?? 0;
  }

  settle(id: number, at: string, outcome: string): void {
    this.settleStmt.run(at, outcome, id);
  }

  failed(id: number, error: string): void {
    this.failStmt.run(error, id);
  }
}
