import type { Database } from 'better-sqlite3';
import { withBooleans, type FinanceEventRecord, type UpgradePaymentRecord } from '../records';

const EVENT_BOOLEANS = ['photos', 'has_4k', 'raw_footage'] as const;

export type NewFinanceEvent = Omit<
  FinanceEventRecord,
  'id' | 'centi_total_credits' | 'recorded_by' | 'corrects_event_id'
> & {
  id?: number;
  recorded_by?: string | null;
  corrects_event_id?: number | null;
};
export type NewUpgradePayment = Omit<UpgradePaymentRecord, 'id'> & { id?: number };

/** The append-only ledger: rows are only ever inserted, each carrying the running total. */
export class FinanceRepo {
  private readonly ledgerStmt;
  private readonly lastTotalStmt;
  private readonly insertStmt;
  private readonly paymentStmt;
  private readonly insertPaymentStmt;
  private readonly paymentByProcessorStmt;
  private readonly eventOfPaymentStmt;

  constructor(db: Database) {
    this.ledgerStmt = db.prepare<[number], Record<string, unknown>>(
      'SELECT * FROM finance_events WHERE booking_id = ? ORDER BY created_at, id',
    );
    this.lastTotalStmt = db
      .prepare<[number]>(
        'SELECT centi_total_credits FROM finance_events WHERE booking_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
      )
      .pluck();
    this.insertStmt = db.prepare(`
      INSERT INTO finance_events (id, dropzone_id, booking_id, event_type, video_entitlement, camera_requirement, photos,
                                  has_4k, raw_footage, centi_credit_change, centi_total_credits, comment, product_id,
                                  upgrade_payment_id, created_at, updated_at, recorded_by, corrects_event_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.paymentStmt = db.prepare<[number], UpgradePaymentRecord>('SELECT * FROM upgrade_payments WHERE id = ?');
    this.insertPaymentStmt = db.prepare(`
      INSERT INTO upgrade_payments (id, dropzone_id, booking_id, upgrade_id, ammount, currency, processor_id, created_at, updated_at)
      VALUES (@id, @dropzone_id, @booking_id, @upgrade_id, @ammount, @currency, @processor_id, @created_at, @updated_at)`);
    this.paymentByProcessorStmt = db.prepare<[number, string], UpgradePaymentRecord>(
      'SELECT * FROM upgrade_payments WHERE dropzone_id = ? AND processor_id = ? ORDER BY id LIMIT 1',
    );
    this.eventOfPaymentStmt = db.prepare<[number], Record<string, unknown>>(
      'SELECT * FROM finance_events WHERE upgrade_payment_id = ? ORDER BY id LIMIT 1',
    );
  }

  /** A booking's events in ledger order: created_at ascending, ties broken by id. */
  ledger(bookingId: number): FinanceEventRecord[] {
    return this.ledgerStmt.all(bookingId).map((r) => withBooleans<FinanceEventRecord>(r, EVENT_BOOLEANS));
  }

  totalCredits(bookingId: number): number {
    return (this.lastTotalStmt.get(bookingId) as number | undefined) ?? 0;
  }

  /**
   * Appends an event; its running total is the booking's last total plus the change. A caller
   * that knows the total before (0 for a booking created in the same transaction) passes it.
   */
  append(e: NewFinanceEvent, totalBefore?: number): number {
    const before = totalBefore ?? (e.booking_id === null ? 0 : this.totalCredits(e.booking_id));
    const total = before + e.centi_credit_change;
    // Positional, like the booking insert: named binding from an object costs more than the insert.
    const result = this.insertStmt.run(
      e.id ?? null,
      e.dropzone_id,
      e.booking_id,
      e.event_type,
      e.video_entitlement,
      e.camera_requirement,
      e.photos ? 1 : 0,
      e.has_4k ? 1 : 0,
      e.raw_footage ? 1 : 0,
      e.centi_credit_change,
      total,
      e.comment,
      e.product_id,
      e.upgrade_payment_id,
      e.created_at,
      e.updated_at,
      e.recorded_by ?? null,
      e.corrects_event_id ?? null,
    );
    return Number(result.lastInsertRowid);
  }

  payment(id: number): UpgradePaymentRecord | undefined {
    return this.paymentStmt.get(id);
  }

  /** The dropzone's payment with this processor reference (a relay's retry names the same one). */
  paymentByProcessorId(dropzoneId: number, processorId: string): UpgradePaymentRecord | undefined {
    return this.paymentByProcessorStmt.get(dropzoneId, processorId);
  }

  /** The event a payment was recorded with. */
  eventOfPayment(paymentId: number): FinanceEventRecord | undefined {
    const row = this.eventOfPaymentStmt.get(paymentId);
    return row && withBooleans<FinanceEventRecord>(row, EVENT_BOOLEANS);
  }

  insertPayment(payment: NewUpgradePayment): number {
    return Number(this.insertPaymentStmt.run({ id: null, ...payment }).lastInsertRowid);
  }
}
