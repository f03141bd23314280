import type { Database } from 'better-sqlite3';
import type { JumpRecord } from '../records';

type JumpExtras = 'second_filmer_id' | 'jumped_on' | 'recorded_by' | 'recorded_at';
export type NewJump = Omit<JumpRecord, 'id' | JumpExtras> & Partial<Pick<JumpRecord, JumpExtras>> & { id?: number };

export class JumpRepo {
  private readonly byBookingStmt;
  private readonly insertStmt;

  constructor(db: Database) {
    this.byBookingStmt = db.prepare<[number], JumpRecord>('SELECT * FROM jumps WHERE booking_id = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO jumps (id, dropzone_id, booking_id, camera, filmer_id, second_filmer_id, jumped_on, recorded_by, recorded_at)
       VALUES (@id, @dropzone_id, @booking_id, @camera, @filmer_id, @second_filmer_id, @jumped_on, @recorded_by, @recorded_at)`,
    );
  }

  byBooking(bookingId: number): JumpRecord | undefined {
    return this.byBookingStmt.get(bookingId);
  }

  insert(jump: NewJump): number {
    return Number(this.insertStmt.run({ id: null, second_filmer_id: null, jumped_on: null, recorded_by: null, recorded_at: null, ...jump }).lastInsertRowid);
  }
}
