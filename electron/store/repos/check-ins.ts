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
  private readonly ofDaysStmt;
  private readonly clearDaysStmt;

  constructor(db: Database) {
    this.getStmt = db.prepare<[number, string], CheckInRecord>(
      'SELECT * FROM check_ins WHERE booking_id = ? AND day = ?',
    );
    this.upsertStmt = db.prepare<CheckInRecord>(`
      INSERT INTO check_ins (booking_id, day, state, recorded_by, recorded_at) VALUES (@booking_id, @day, @state, @recorded_by, @recorded_at)
      ON CONFLICT (booking_id, day) DO UPDATE SET state = excluded.state, recorded_by = excluded.recorded_by, recorded_at = excluded.recorded_at`);
    this.deleteStmt = db.prepare<[number, string]>('DELETE FROM check_ins WHERE booking_id = ? AND day = ?');
    this.forBookingStmt = db.prepare<[number], CheckInRecord>('SELECT * FROM check_ins WHERE booking_id = ?');
    this.ofDaysStmt = db.prepare<[string, string, number], CheckInRecord>(`
      SELECT c.* FROM check_ins c JOIN bookings b ON b.id = c.booking_id
      WHERE c.day BETWEEN ? AND ? AND b.dropzone_id = ? ORDER BY c.day, c.booking_id`);
    this.clearDaysStmt = db.prepare<[string, string, number]>(`
      DELETE FROM check_ins WHERE day BETWEEN ? AND ?
        AND booking_id IN (SELECT id FROM bookings WHERE dropzone_id = ?)`);
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

  /** Every mark of the dropzone's bookings for the jump days from..to (the day index). */
  ofDays(dropzoneId: number, from: string, to: string): CheckInRecord[] {
    return this.ofDaysStmt.all(from, to, dropzoneId);
  }

  /** Clears every mark of the dropzone's bookings for those days (a paired desk's copy, before it takes its main desk's). */
  clearDays(dropzoneId: number, from: string, to: string): void {
    this.clearDaysStmt.run(from, to, dropzoneId);
  }

  /** True when there was a mark to clear. */
  clear(bookingId: number, day: string): boolean {
    return this.deleteStmt.run(bookingId, day).changes > 0;
  }
}
