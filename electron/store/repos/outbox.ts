import type { Database } from 'better-sqlite3';

export type OutboxRecordKind = 'booking' | 'filmer';
export type OutboxRowState = 'waiting' | 'attention' | 'settled';

/** One write of the outbox as stored (migration 014): JSON columns as text. */
export interface OutboxRow {
  id: number;
  lane: string;
  record_kind: OutboxRecordKind;
  record_key: string;
  action: 'upsert' | 'delete';
  label: string | null;
  jump_on: string | null;
  source: string;
  predicted: string;
  before: string | null;
  after: string;
  queued_at: string;
  state: OutboxRowState;
  attention: 'conflict' | 'deleted' | 'refused' | null;
  attempts: number;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  last_error: string | null;
  in_flight_at: string | null;
  remote: string | null;
  remote_status: number | null;
  remote_error: string | null;
  decision: string | null;
  settled_at: string | null;
  outcome: string | null;
}

export type NewOutboxRow = Pick<
  OutboxRow,
  | 'lane'
  | 'record_kind'
  | 'record_key'
  | 'action'
  | 'label'
  | 'jump_on'
  | 'source'
  | 'predicted'
  | 'before'
  | 'after'
  | 'queued_at'
>;

export interface OutboxHistoryRow {
  at: string;
  who: string;
  what: string;
}

/** The columns a step of the replay or a decision changes. */
export type OutboxRowChanges = Partial<Omit<OutboxRow, 'id' | 'lane' | 'record_kind' | 'record_key' | 'queued_at'>>;

const CHANGEABLE = [
  'action',
  'label',
  'jump_on',
  'source',
  'predicted',
  'before',
  'after',
  'state',
  'attention',
  'attempts',
  'last_attempt_at',
  'next_attempt_at',
  'last_error',
  'in_flight_at',
  'remote',
  'remote_status',
  'remote_error',
  'decision',
  'settled_at',
  'outcome',
] as const;

/** Proxy mode's outbox (migration 014, docs/offline.md): the copy's store holds it. */
export class OutboxRepo {
  private readonly insertStmt;
  private readonly byIdStmt;
  private readonly openInLaneStmt;
  private readonly dueLanesStmt;
  private readonly nextDueStmt;
  private readonly countStmt;
  private readonly countAllOpenStmt;
  private readonly listStmt;
  private readonly listLaneStmt;
  private readonly countLaneStmt;
  private readonly historyStmt;
  private readonly addHistoryStmt;
  private readonly inFlightStmt;
  private readonly openLanesStmt;
  private readonly expiringStmt;
  private readonly updateStmts = new Map<string, ReturnType<Database['prepare']>>();

  constructor(private readonly db: Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO outbox_ops (lane, record_kind, record_key, action, label, jump_on, source, predicted, before, after, queued_at)
       VALUES (@lane, @record_kind, @record_key, @action, @label, @jump_on, @source, @predicted, @before, @after, @queued_at)`,
    );
    this.byIdStmt = db.prepare<[number], OutboxRow>('SELECT * FROM outbox_ops WHERE id = ?');
    this.openInLaneStmt = db.prepare<[string], OutboxRow>(
      "SELECT * FROM outbox_ops WHERE lane = ? AND state != 'settled' ORDER BY id",
    );
    // The lanes with a write waiting and due, by their oldest such write: what the replay looks at
    // next (whether it can go, or waits behind a write held for a person, is the replay's to say).
    this.dueLanesStmt = db
      .prepare<[{ now: string; limit: number; offset: number }], string>(
        `SELECT lane FROM outbox_ops
       WHERE state = 'waiting' AND (next_attempt_at IS NULL OR next_attempt_at <= @now)
       GROUP BY lane ORDER BY MIN(id) LIMIT @limit OFFSET @offset`,
      )
      .pluck();
    this.nextDueStmt = db
      .prepare<[string], string | null>(
        "SELECT MIN(next_attempt_at) FROM outbox_ops WHERE state = 'waiting' AND next_attempt_at > ?",
      )
      .pluck();
    this.countStmt = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM outbox_ops WHERE state = ?');
    this.countAllOpenStmt = db.prepare<[], { n: number }>(
      "SELECT COUNT(*) AS n FROM outbox_ops WHERE state != 'settled'",
    );
    this.listStmt = db.prepare<[{ state: string; limit: number; offset: number }], OutboxRow>(
      // Settled: the latest first; the others in the order they will be sent.
      `SELECT * FROM outbox_ops WHERE state = @state
       ORDER BY CASE WHEN @state = 'settled' THEN -id ELSE id END LIMIT @limit OFFSET @offset`,
    );
    this.listLaneStmt = db.prepare<[string, number, number], OutboxRow>(
      'SELECT * FROM outbox_ops WHERE lane = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    );
    this.countLaneStmt = db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM outbox_ops WHERE lane = ?');
    this.historyStmt = db.prepare<[number], OutboxHistoryRow>(
      'SELECT at, who, what FROM outbox_history WHERE op_id = ? ORDER BY id',
    );
    this.addHistoryStmt = db.prepare('INSERT INTO outbox_history (op_id, at, who, what) VALUES (?, ?, ?, ?)');
    this.inFlightStmt = db.prepare<[], OutboxRow>(
      "SELECT * FROM outbox_ops WHERE in_flight_at IS NOT NULL AND state != 'settled' ORDER BY id",
    );
    this.openLanesStmt = db.prepare<[], { lane: string }>(
      "SELECT DISTINCT lane FROM outbox_ops WHERE state != 'settled'",
    );
    this.expiringStmt = db.prepare<[string], { n: number }>(
      "SELECT COUNT(*) AS n FROM outbox_ops WHERE state != 'settled' AND jump_on IS NOT NULL AND jump_on <= ?",
    );
  }

  insert(row: NewOutboxRow): number {
    return Number(this.insertStmt.run(row).lastInsertRowid);
  }

  byId(id: number): OutboxRow | undefined {
    return this.byIdStmt.get(id);
  }

  /** A lane's writes not yet settled, oldest first. */
  openInLane(lane: string): OutboxRow[] {
    return this.openInLaneStmt.all(lane);
  }

  hasOpen(lane: string): boolean {
    return this.openInLaneStmt.get(lane) !== undefined;
  }

  /** Every lane with a write not yet settled (the copy's refresh leaves their records as the desk has them). */
  openLanes(): Set<string> {
    return new Set(this.openLanesStmt.all().map((r) => r.lane));
  }

  /** The lanes with a write waiting and due at `now`, by their oldest such write. */
  dueLanes(now: string, limit: number, offset: number): string[] {
    return this.dueLanesStmt.all({ now, limit, offset });
  }

  /**
   * When the next write waiting on a backoff or a decision's grace falls due after `now` (null: none
   * waits on a time). One due already but behind a held write is not counted: it would wake the replay at once, over and over.
   */
  nextDueAt(now: string): string | null {
    return this.nextDueStmt.get(now) ?? null;
  }

  count(state: OutboxRowState): number {
    return this.countStmt.get(state)!.n;
  }

  countOpen(): number {
    return this.countAllOpenStmt.get()!.n;
  }

  /** Open writes whose booking jumps on or before `day`. */
  countJumpingBy(day: string): number {
    return this.expiringStmt.get(day)!.n;
  }

  list(state: OutboxRowState, limit: number, offset: number): OutboxRow[] {
    return this.listStmt.all({ state, limit, offset });
  }

  listLane(lane: string, limit: number, offset: number): { rows: OutboxRow[]; total: number } {
    return { rows: this.listLaneStmt.all(lane, limit, offset), total: this.countLaneStmt.get(lane)!.n };
  }

  inFlight(): OutboxRow[] {
    return this.inFlightStmt.all();
  }

  update(id: number, changes: OutboxRowChanges): void {
    const keys = CHANGEABLE.filter((key) => key in changes);
    if (keys.length === 0) return;
    const sql = `UPDATE outbox_ops SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`;
    let stmt = this.updateStmts.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.updateStmts.set(sql, stmt);
    }
    const params: Record<string, unknown> = { id };
    for (const key of keys) params[key] = changes[key] ?? null;
    stmt.run(params);
  }

  history(id: number): OutboxHistoryRow[] {
    return this.historyStmt.all(id);
  }

  addHistory(id: number, at: string, who: string, what: string): void {
    this.addHistoryStmt.run(id, at, who, what);
  }
}
