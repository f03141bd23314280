import type { Database } from 'better-sqlite3';

/** The main desk's certificate and its private key, as PEM: made once, at the first LAN start. */
export interface LanIdentityRow {
  key_pem: string;
  cert_pem: string;
  fingerprint: string;
  created_at: string;
}

/** "Let other desks join" and where, as saved in Settings → Desks. */
export interface LanSettingsRow {
  enabled: boolean;
  /** null: the default LAN port. */
  port: number | null;
  /** null: every interface. */
  address: string | null;
}

/** The main desk's identity on the venue's network and its LAN settings: one row each. */
export class LanRepo {
  private readonly identityStmt;
  private readonly keepIdentityStmt;
  private readonly settingsStmt;
  private readonly saveSettingsStmt;

  constructor(db: Database) {
    this.identityStmt = db.prepare<[], LanIdentityRow>(
      'SELECT key_pem, cert_pem, fingerprint, created_at FROM lan_identity WHERE id = 1',
    );
    // OR IGNORE: two starts racing keep the first identity; the loser reads it back.
    this.keepIdentityStmt = db.prepare(
      'INSERT OR IGNORE INTO lan_identity (id, key_pem, cert_pem, fingerprint, created_at) VALUES (1, ?, ?, ?, ?)',
    );
    this.settingsStmt = db.prepare<[], { lan_enabled: number; lan_port: number | null; lan_address: string | null }>(
      'SELECT lan_enabled, lan_port, lan_address FROM listen_settings WHERE id = 1',
    );
    this.saveSettingsStmt = db.prepare(
      'UPDATE listen_settings SET lan_enabled = ?, lan_port = ?, lan_address = ?, updated_at = ? WHERE id = 1',
    );
  }

  identity(): LanIdentityRow | undefined {
    return this.identityStmt.get();
  }

  /** Keeps an identity unless one is kept already; returns the one kept. */
  keepIdentity(identity: LanIdentityRow): LanIdentityRow {
    this.keepIdentityStmt.run(identity.key_pem, identity.cert_pem, identity.fingerprint, identity.created_at);
    return this.identity()!;
  }

  settings(): LanSettingsRow {
    const row = this.settingsStmt.get();
    if (!row) throw new Error('listen_settings has no row: the store was not migrated');
    return { enabled: row.lan_enabled === 1, port: row.lan_port, address: row.lan_address };
  }

  saveSettings(settings: LanSettingsRow, at: string): void {
    this.saveSettingsStmt.run(settings.enabled ? 1 : 0, settings.port, settings.address, at);
  }
}
