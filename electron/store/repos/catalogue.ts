import type { Database } from 'better-sqlite3';
import { withBooleans, type ProductRecord, type UpgradeRecord } from '../records';

const PRODUCT_BOOLEANS = ['active', 'photos', 'selfie', 'videographer', 'either_video', 'socials', 'has_4k', 'raw_footage'] as const;
const UPGRADE_BOOLEANS = ['active', 'notify_staff', 'grants_photos', 'grants_4k', 'grants_raw_footage'] as const;

/** The desk's extensions are optional to a seed: a seeded product derives its video entitlement from its flags. */
type ProductExtras = 'video_entitlement' | 'created_at' | 'updated_at';
export type NewProduct = Omit<ProductRecord, 'id' | ProductExtras> & Partial<Pick<ProductRecord, ProductExtras>> & { id?: number };
type UpgradeExtras = 'grants_video_entitlement' | 'grants_photos' | 'grants_4k' | 'grants_raw_footage' | 'centi_credits' | 'offered_to';
export type NewUpgrade = Omit<UpgradeRecord, 'id' | UpgradeExtras> & Partial<Pick<UpgradeRecord, UpgradeExtras>> & { id?: number };

function upgradeRow(row: Record<string, unknown>): UpgradeRecord {
  row.offered_to = JSON.parse(String(row.offered_to ?? '[]'));
  return withBooleans<UpgradeRecord>(row, UPGRADE_BOOLEANS);
}

/** Products and upgrades: read-only through the API, written only by the seed (the "admin interface"). */
export class CatalogueRepo {
  private readonly productsStmt;
  private readonly activeProductsStmt;
  private readonly productStmt;
  private readonly upgradesStmt;
  private readonly upgradeStmt;
  private readonly insertProductStmt;
  private readonly insertUpgradeStmt;

  constructor(db: Database) {
    this.productsStmt = db.prepare<[number], Record<string, unknown>>('SELECT * FROM products WHERE dropzone_id = ? ORDER BY id');
    this.activeProductsStmt = db.prepare<[number], Record<string, unknown>>(
      'SELECT * FROM products WHERE dropzone_id = ? AND active = 1 ORDER BY id',
    );
    this.productStmt = db.prepare<[number, number], Record<string, unknown>>('SELECT * FROM products WHERE dropzone_id = ? AND id = ?');
    this.upgradesStmt = db.prepare<[number], Record<string, unknown>>('SELECT * FROM upgrades WHERE dropzone_id = ? ORDER BY id');
    this.upgradeStmt = db.prepare<[number, number], Record<string, unknown>>('SELECT * FROM upgrades WHERE dropzone_id = ? AND id = ?');
    this.insertProductStmt = db.prepare(`
      INSERT INTO products (id, dropzone_id, name, active, booking_system_name, price_cents, photos, selfie, videographer,
                            either_video, socials, has_4k, raw_footage, centi_credits, video_entitlement, created_at, updated_at)
      VALUES (@id, @dropzone_id, @name, @active, @booking_system_name, @price_cents, @photos, @selfie, @videographer,
              @either_video, @socials, @has_4k, @raw_footage, @centi_credits, @video_entitlement, @created_at, @updated_at)`);
    this.insertUpgradeStmt = db.prepare(`
      INSERT INTO upgrades (id, dropzone_id, name, active, notify_staff, payment_price_cents, payment_price_currency,
                            payment_price_identifier, created_at, updated_at, grants_video_entitlement, grants_photos, grants_4k,
                            grants_raw_footage, centi_credits, offered_to)
      VALUES (@id, @dropzone_id, @name, @active, @notify_staff, @payment_price_cents, @payment_price_currency,
              @payment_price_identifier, @created_at, @updated_at, @grants_video_entitlement, @grants_photos, @grants_4k,
              @grants_raw_footage, @centi_credits, @offered_to)`);
  }

  products(dropzoneId: number): ProductRecord[] {
    return this.productsStmt.all(dropzoneId).map((r) => withBooleans<ProductRecord>(r, PRODUCT_BOOLEANS));
  }

  activeProducts(dropzoneId: number): ProductRecord[] {
    return this.activeProductsStmt.all(dropzoneId).map((r) => withBooleans<ProductRecord>(r, PRODUCT_BOOLEANS));
  }

  product(dropzoneId: number, id: number): ProductRecord | undefined {
    const row = this.productStmt.get(dropzoneId, id);
    return row && withBooleans<ProductRecord>(row, PRODUCT_BOOLEANS);
  }

  upgrades(dropzoneId: number): UpgradeRecord[] {
    return this.upgradesStmt.all(dropzoneId).map(upgradeRow);
  }

  upgrade(dropzoneId: number, id: number): UpgradeRecord | undefined {
    const row = this.upgradeStmt.get(dropzoneId, id);
    return row && upgradeRow(row);
  }

  insertProduct(product: NewProduct): number {
    const row = { id: null, video_entitlement: null, created_at: null, updated_at: null, ...product };
    for (const c of PRODUCT_BOOLEANS) (row as Record<string, unknown>)[c] = product[c] ? 1 : 0;
    return Number(this.insertProductStmt.run(row).lastInsertRowid);
  }

  insertUpgrade(upgrade: NewUpgrade): number {
    const row = {
      id: null, grants_video_entitlement: null, grants_photos: false, grants_4k: false, grants_raw_footage: false, centi_credits: 0,
      ...upgrade,
      offered_to: JSON.stringify(upgrade.offered_to ?? []),
    };
    for (const c of UPGRADE_BOOLEANS) (row as Record<string, unknown>)[c] = upgrade[c] ? 1 : 0;
    return Number(this.insertUpgradeStmt.run(row).lastInsertRowid);
  }
}
