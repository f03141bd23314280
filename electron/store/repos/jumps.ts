import type { Database } from 'better-sqlite3';
import type { JumpRecord } from '../records';

type JumpExtras = 'second_filmer_id' | 'jumped_on' | 'recorded_by' | 'recorded_at';
export type NewJump = Omit<JumpRecord, 'id' | JumpExtras> & Partial<Pick<JumpRecord, JumpExtras>> & { id?: number };
export type JumpChanges = Pick<
  JumpRecord,
  'camera' | 'filmer_id' | 'second_filmer_id' | 'jumped_on' | 'recorded_by' | 'recorded_at'
>;

/** A jump a filmer is on, with its booking (null once the booking was deleted: the jump stays, SET NULL). */
export interface FilmerJumpRow extends JumpRecord {
  booking_external_id: string | null;
  booking_name: string | null;
  booking_jump_on: string | null;
}

/**
 * The day a jump counts for: its own date, or (for jumps recorded before the desk kept one) its
 * booking's jump date. One expression, so the day's count and the filmer's list agree.
 */
const JUMP_DAY = 'COALESCE(j.jumped_on, b.jump_on)';

export class JumpRepo {
  private readonly byBookingStmt;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;
  private readonly onDayStmt;
  private readonly ofFilmerStmt;
  private readonly countsStmt;

  constructor(db: Database) {
    this.byBookingStmt = db.prepare<[number], JumpRecord>('SELECT * FROM jumps WHERE booking_id = ?');
    this.insertStmt = db.prepare(
      `INSERT INTO jumps (id, dropzone_id, booking_id, camera, filmer_id, second_filmer_id, jumped_on, recorded_by, recorded_at)
       VALUES (@id, @dropzone_id, @booking_id, @camera, @filmer_id, @second_filmer_id, @jumped_on, @recorded_by, @recorded_at)`,
    );
    this.updateStmt = db.prepare(
      `UPDATE jumps SET camera = @camera, filmer_id = @filmer_id, second_filmer_id = @second_filmer_id, jumped_on = @jumped_on,
              recorded_by = @recorded_by, recorded_at = @recorded_at
       WHERE id = @id`,
    );
    this.deleteStmt = db.prepare('DELETE FROM jumps WHERE id = ?');
    this.onDayStmt = db.prepare<[number, number, number, string, number], { n: number }>(
      `SELECT count(*) AS n FROM jumps j LEFT JOIN bookings b ON b.id = j.booking_id
       WHERE j.dropzone_id = ? AND (j.filmer_id = ? OR j.second_filmer_id = ?) AND ${JUMP_DAY} = ? AND j.booking_id IS NOT ?`,
    );
    this.ofFilmerStmt = db.prepare<[number, number, number], FilmerJumpRow>(
      `SELECT j.*, b.external_id AS booking_external_id, b.name AS booking_name, b.jump_on AS booking_jump_on
       FROM jumps j LEFT JOIN bookings b ON b.id = j.booking_id
       WHERE j.dropzone_id = ? AND (j.filmer_id = ? OR j.second_filmer_id = ?)
       ORDER BY ${JUMP_DAY} DESC NULLS LAST, j.id DESC`,
    );
    // A jump with the same filmer in both columns (never written by the desk) counts once.
    this.countsStmt = db.prepare<[{ dz: number }], { filmer_id: number; n: number }>(
      `SELECT filmer_id, count(DISTINCT jump_id) AS n FROM (
         SELECT id AS jump_id, filmer_id FROM jumps WHERE dropzone_id = @dz AND filmer_id IS NOT NULL
         UNION ALL
         SELECT id AS jump_id, second_filmer_id FROM jumps WHERE dropzone_id = @dz AND second_filmer_id IS NOT NULL
       ) GROUP BY filmer_id`,
    );
  }

  byBooking(bookingId: number): JumpRecord | undefined {
    return this.byBookingStmt.get(bookingId);
  }

  insert(jump: NewJump): number {
    return Number(
      this.insertStmt.run({
        id: null,
        second_filmer_id: null,
        jumped_on: null,
        recorded_by: null,
        recorded_at: null,
        ...jump,
      }).lastInsertRowid,
    );
  }

  /** Replaces what a jump records; its id stays (the show response's `jump.id`). */
  update(id: number, changes: JumpChanges): void {
    this.updateStmt.run({ id, ...changes });
  }

  delete(id: number): void {
    this.deleteStmt.run(id);
  }

  /** Jumps the filmer is on (either column) on `day`, leaving out the jump of `exceptBookingId` (the one being replaced). */
  countOnDay(dropzoneId: number, filmerId: number, day: string, exceptBookingId: number): number {
    return this.onDayStmt.get(dropzoneId, filmerId, filmerId, day, exceptBookingId)?.n ?? 0;
  }

  /** Every jump the filmer is on (either column), newest day first. */
  ofFilmer(dropzoneId: number, filmerId: number): FilmerJumpRow[] {
    return this.ofFilmerStmt.all(dropzoneId, filmerId, filmerId);
  }

  /** How many jumps each filmer of the dropzone is on (either column); filmers without jumps are absent. */
  countsByFilmer(dropzoneId: number): Map<number, number> {
    return new Map(this.countsStmt.all({ dz: dropzoneId }).map((r) => [r.filmer_id, r.n]));
  }
}
