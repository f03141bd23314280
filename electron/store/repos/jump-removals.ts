import type { Database } from 'better-sqlite3';
import type { JumpRecord } from '../records';

/** A jump removed at the desk (migration 013): the jump as it was, and who removed it and when. */
export interface JumpRemovalRecord {
  id: number;
  dropzone_id: number;
  booking_id: number | null;
  jump_id: number;
  camera: string | null;
  filmer_id: number | null;
  second_filmer_id: number | null;
  jumped_on: string | null;
  recorded_by: string | null;
  recorded_at: string | null;
  removed_by: string;
  removed_at: string;
}

/** The trace of removed jumps: rows are only inserted; the booking is SET NULL when it goes. */
export class JumpRemovalRepo {
  private readonly insertStmt;
  private readonly ofBookingStmt;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO jump_removals (dropzone_id, booking_id, jump_id, camera, filmer_id, second_filmer_id, jumped_on,
                                  recorded_by, recorded_at, removed_by, removed_at)
       VALUES (@dropzone_id, @booking_id, @jump_id, @camera, @filmer_id, @second_filmer_id, @jumped_on,
               @recorded_by, @recorded_at, @removed_by, @removed_at)`,
    );
    this.ofBookingStmt = db.prepare<[number], JumpRemovalRecord>(
      'SELECT * FROM jump_removals WHERE booking_id = ? ORDER BY id',
    );
  }

  /** Records that `jump` was removed; returns the record's id. */
  record(jump: JumpRecord, removedBy: string, removedAt: string): number {
    const { id: jump_id, ...was } = jump;
    return Number(
      this.insertStmt.run({ ...was, jump_id, removed_by: removedBy, removed_at: removedAt }).lastInsertRowid,
    );
  }

  /** The booking's removed jumps, oldest first. */
  ofBooking(bookingId: number): JumpRemovalRecord[] {
    return this.ofBookingStmt.all(bookingId);
  }
}
