import type { Database } from 'better-sqlite3';
import { hashToken } from '../../common/tokens';

export interface PairingCodeRow {
  code_id: string;
  dropzone_id: number;
  proof_hash: string;
  created_at: string;
  expires_at: string;
  wrong_proofs: number;
  used_at: string | null;
  burnt: number;
}

/** A desk paired with this main desk, as list and revoke show it (never its credential). */
export interface PairedDeskRow {
  id: number;
  dropzone_id: number;
  name: string;
  paired_at: string;
  paired_from: string | null;
  last_seen_at: string | null;
  last_address: string | null;
  revoked_at: string | null;
}

/** The one-time pairing codes this main desk showed: each keeps the hash of the proof it expects. */
export class PairingCodeRepo {
  private readonly insertStmt;
  private readonly byIdStmt;
  private readonly wrongStmt;
  private readonly useStmt;
  private readonly forgetStmt;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      'INSERT INTO pairing_codes (code_id, dropzone_id, proof_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.byIdStmt = db.prepare<[string], PairingCodeRow>('SELECT * FROM pairing_codes WHERE code_id = ?');
    this.wrongStmt = db.prepare(
      'UPDATE pairing_codes SET wrong_proofs = wrong_proofs + 1, burnt = (wrong_proofs + 1 >= ?), used_at = CASE WHEN wrong_proofs + 1 >= ? THEN ? ELSE used_at END WHERE code_id = ? AND used_at IS NULL',
    );
    this.useStmt = db.prepare('UPDATE pairing_codes SET used_at = ? WHERE code_id = ? AND used_at IS NULL');
    // Codes are short-lived: a day after expiry they say nothing a person needs.
    this.forgetStmt = db.prepare('DELETE FROM pairing_codes WHERE expires_at < ?');
  }

  add(code: Omit<PairingCodeRow, 'wrong_proofs' | 'used_at' | 'burnt'>): void {
    this.insertStmt.run(code.code_id, code.dropzone_id, code.proof_hash, code.created_at, code.expires_at);
  }

  byId(codeId: string): PairingCodeRow | undefined {
    return this.byIdStmt.get(codeId);
  }

  /** Counts a wrong proof; the `limit`-th burns the code. */
  countWrongProof(codeId: string, limit: number, at: string): void {
    this.wrongStmt.run(limit, limit, at, codeId);
  }

  /** Marks the code used; false when it was used (or burnt) meanwhile. */
  use(codeId: string, at: string): boolean {
    return this.useStmt.run(at, codeId).changes === 1;
  }

  forgetExpiredBefore(at: string): void {
    this.forgetStmt.run(at);
  }
}

const DESK_COLUMNS = 'id, dropzone_id, name, paired_at, paired_from, last_seen_at, last_address, revoked_at';

/** The desks paired with this main desk: each credential kept as a SHA-256 hash, as API tokens are. */
export class PairedDeskRepo {
  private readonly insertStmt;
  private readonly byCredentialStmt;
  private readonly listStmt;
  private readonly liveByNameStmt;
  private readonly byIdStmt;
  private readonly revokeStmt;
  private readonly seenStmt;

  constructor(db: Database) {
    this.insertStmt = db.prepare(
      'INSERT INTO paired_desks (dropzone_id, name, credential_hash, paired_at, paired_from, last_seen_at, last_address) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.byCredentialStmt = db.prepare<[string], PairedDeskRow>(
      `SELECT ${DESK_COLUMNS} FROM paired_desks WHERE credential_hash = ?`,
    );
    this.listStmt = db.prepare<[], PairedDeskRow>(
      `SELECT ${DESK_COLUMNS} FROM paired_desks WHERE revoked_at IS NULL ORDER BY lower(name)`,
    );
    this.liveByNameStmt = db.prepare<[string], PairedDeskRow>(
      `SELECT ${DESK_COLUMNS} FROM paired_desks WHERE revoked_at IS NULL AND lower(name) = lower(?)`,
    );
    this.byIdStmt = db.prepare<[number], PairedDeskRow>(`SELECT ${DESK_COLUMNS} FROM paired_desks WHERE id = ?`);
    this.revokeStmt = db.prepare('UPDATE paired_desks SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
    this.seenStmt = db.prepare('UPDATE paired_desks SET last_seen_at = ?, last_address = ? WHERE id = ?');
  }

  add(desk: { dropzoneId: number; name: string; credential: string; at: string; from: string | null }): number {
    return Number(
      this.insertStmt.run(
        desk.dropzoneId,
        desk.name,
        hashToken(desk.credential),
        desk.at,
        desk.from,
        desk.at,
        desk.from,
      ).lastInsertRowid,
    );
  }

  /** The desk a credential names, revoked ones included (so a removed desk is told so). */
  holderOf(credential: string): PairedDeskRow | undefined {
    return this.byCredentialStmt.get(hashToken(credential));
  }

  list(): PairedDeskRow[] {
    return this.listStmt.all();
  }

  liveByName(name: string): PairedDeskRow | undefined {
    return this.liveByNameStmt.get(name);
  }

  byId(id: number): PairedDeskRow | undefined {
    return this.byIdStmt.get(id);
  }

  revoke(id: number, at: string): boolean {
    return this.revokeStmt.run(at, id).changes === 1;
  }

  seen(id: number, at: string, address: string | null): void {
    this.seenStmt.run(at, address, id);
  }
}
