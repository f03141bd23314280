import type { Database } from 'better-sqlite3';

/**
 * Ledger events that changed the booking's product, with the product before each (migration
 * 013): what a correction of such an event puts back. Rows are only inserted, as the ledger's.
 */
export class ProductChangeRepo {
  private readonly insertStmt;
  private readonly ofBookingStmt;

  constructor(db: Database) {
    this.insertStmt = db.prepare<[number, number | null]>(
      'INSERT INTO product_changes (event_id, product_before_id) VALUES (?, ?)',
    );
    this.ofBookingStmt = db.prepare<[number], { event_id: number; product_before_id: number | null }>(
      `SELECT pc.event_id, pc.product_before_id FROM product_changes pc
       JOIN finance_events e ON e.id = pc.event_id WHERE e.booking_id = ?`,
    );
  }

  record(eventId: number, productBeforeId: number | null): void {
    this.insertStmt.run(eventId, productBeforeId);
  }

  /** For each event of the booking that changed its product: the product before it (null: none). */
  ofBooking(bookingId: number): Map<number, number | null> {
    return new Map(this.ofBookingStmt.all(bookingId).map((r) => [r.event_id, r.product_before_id]));
  }
}
