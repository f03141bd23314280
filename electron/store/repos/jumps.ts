import type { Database } from 'better-sqlite3';
import type { JumpRecord } from '../records';

export type NewJump = Omit<JumpRecord, 'id'> & { id?: number };

export class JumpRepo {
  private readonly byBookingStmt;
  private readonly insertStmt;

  constructor(db: Database) {
    this.byBookingStmt = db.prepare<[number], JumpRecord>('SELECT * FROM jumps WHERE booking_id = ?');
    this.insertStmt = db.prepare(
      'INSERT INTO jumps (id, dropzone_id, booking_id, camera, filmer_id) VALUES (@id, @dropzone_id, @booking_id, @camera, @filmer_id)',
    );
  }

  byBooking(bookingId: number): JumpRecord | undefined {
    return this.byBookingStmt.get(bookingId);
  }

  insert(jump: NewJump): number {
    return Number(this.insertStmt.run({ id: null, ...jump }).lastInsertRowid);
  }
}
