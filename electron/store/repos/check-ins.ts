import type { Database } from 'better-sqlite3';
import type { CheckInState } from '../../../shared/schemas/reception';

export interface CheckInRecord {
  booking_id: number;
  day: string;
  state: CheckInState;
  recorded_by: string;
  recorded_at: string;
}

/** Reception's marks (migration 010): one per booking and jump day, gone with the booking. */
export class CheckInRepo {
  private readonly getStmt;
  private readonly upsertStmt;
  private readonly deleteStmt;
  private readonly forBookingStmt;

  constructor(db: Database) {
    this.getStmt = db.prepare<[number, string], CheckInRecord>(
      'SELECT * FROM check_ins WHERE booking_id = ? AND day = ?',
    );
    this.upsertStmt = db.prepare<CheckInRecord>(`
      INSERT INTO check_ins (booking_id, day, state, recorded_by, recorded_at) VALUES (@booking_id, @day, @state, @recorded_by, @recorded_at)
      ON CONFLICT (booking_id, day) DO UPDATE SET state = excluded.state, recorded_by = excluded.recorded_by, recorded_at = excluded.recorded_at`);
    this.deleteStmt = db.prepare<[number, string]>('DELETE FROM check_ins WHERE booking_id = ? AND day = ?');
    this.forBookingStmt = db.prepare<[number], CheckInRecord>('SELECT * FROM check_ins WHERE booking_id = ?');
  }

  /** Every mark of a booking (a booking made offline hands them to its row from the remote). */
  forBooking(bookingId: number): CheckInRecord[] {
    return this.forBookingStmt.all(bookingId);
  }

  get(bookingId: number, day: string): CheckInRecord | undefined {
    return this.getStmt.get(bookingId, day);
  }

  /** Marks the booking for the day, replacing an earlier mark of that day. */
  put(record: CheckInRecord): void {
    this.upsertStmt.run(record);
  }

  /** True when there was a mark to clear. */
  clear(bookingId: number, day: string): boolean {
    return this.deleteStmt.run(bookingId, day).changes > 0;
  }
}
