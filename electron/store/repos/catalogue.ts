import type { Database } from 'better-sqlite3';
import { ADMIN_PRODUCT_BOOLEANS, ADMIN_UPGRADE_BOOLEANS } from '../../../shared/schemas/catalogue-admin';
import { withBooleans, type BookingRecord, type ProductRecord, type UpgradeRecord } from '../records';
import { PartialUpdate } from './partial-update';

/** The desk's extensions are optional to a seed: a seeded product derives its video entitlement from its flags. */
type ProductExtras = 'video_entitlement' | 'created_at' | 'updated_at';
export type NewProduct = Omit<ProductRecord, 'id' | ProductExtras> &
  Partial<Pick<ProductRecord, ProductExtras>> & { id?: number };
type UpgradeExtras =
  'grants_video_entitlement' | 'grants_photos' | 'grants_4k' | 'grants_raw_footage' | 'centi_credits' | 'offered_to';
export type NewUpgrade = Omit<UpgradeRecord, 'id' | UpgradeExtras> &
  Partial<Pick<UpgradeRecord, UpgradeExtras>> & { id?: number };

export type ProductChanges = Partial<Omit<ProductRecord, 'id' | 'dropzone_id' | 'created_at'>>;
export type UpgradeChanges = Partial<
  Omit<UpgradeRecord, 'id' | 'dropzone_id' | 'created_at' | 'payment_price_currency'>
>;

/** What still refers to a product: a product with any of these is deactivated, never deleted. */
export interface ProductReferences {
  bookings: number;
  finance_events: number;
}

/** A booking without a product, as matching needs it. */
export type UnassignedBooking = Pick<
  BookingRecord,
  'id' | 'external_id' | 'name' | 'jump_on' | 'camera_package' | 'album_status_raw'
> & { camera_package: string };

/** Booleans and JSON as the columns hold them. */
function toColumns(changes: Record<string, unknown>, booleans: readonly string[]): Record<string, unknown> {
  const row = { ...changes };
  for (const c of booleans) if (c in row) row[c] = row[c] ? 1 : 0;
  if ('offered_to' in row) row.offered_to = JSON.stringify(row.offered_to);
  return row;
}

function upgradeRow(row: Record<string, unknown>): UpgradeRecord {
  row.offered_to = JSON.parse(String(row.offered_to ?? '[]'));
  return withBooleans<UpgradeRecord>(row, ADMIN_UPGRADE_BOOLEANS);
}

/**
 * Products and upgrades: read-only through the Sync API; written by the seed and by the desk's
 * catalogue administration (electron/desk/catalogue-admin.ts).
 */
export class CatalogueRepo {
  private readonly productUpdate;
  private readonly upgradeUpdate;
  private readonly deleteProductStmt;
  private readonly deleteUpgradeStmt;
  private readonly productReferencesStmt;
  private readonly upgradePaymentsStmt;
  private readonly unassignedStmt;
  private readonly productsStmt;
  private readonly activeProductsStmt;
  private readonly productStmt;
  private readonly upgradesStmt;
  private readonly upgradeStmt;
  private readonly insertProductStmt;
  private readonly insertUpgradeStmt;

  constructor(db: Database) {
    this.productUpdate = new PartialUpdate(db, 'products');
    this.upgradeUpdate = new PartialUpdate(db, 'upgrades');
    this.deleteProductStmt = db.prepare('DELETE FROM products WHERE dropzone_id = ? AND id = ?');
    this.deleteUpgradeStmt = db.prepare('DELETE FROM upgrades WHERE dropzone_id = ? AND id = ?');
    this.productReferencesStmt = db.prepare<{ id: number }, ProductReferences>(`
      SELECT (SELECT count(*) FROM bookings WHERE product_id = @id) AS bookings,
             (SELECT count(*) FROM finance_events WHERE product_id = @id) AS finance_events`);
    this.upgradePaymentsStmt = db
      .prepare<[number], number>('SELECT count(*) FROM upgrade_payments WHERE upgrade_id = ?')
      .pluck();
    this.unassignedStmt = db.prepare<[number], UnassignedBooking>(`
      SELECT id, external_id, name, jump_on, camera_package, album_status_raw FROM bookings
      WHERE dropzone_id = ? AND product_id IS NULL AND camera_package IS NOT NULL AND camera_package <> ''
      ORDER BY jump_on IS NULL, jump_on, id`);
    this.productsStmt = db.prepare<[number], Record<string, unknown>>(
      'SELECT * FROM products WHERE dropzone_id = ? ORDER BY id',
    );
    this.activeProductsStmt = db.prepare<[number], Record<string, unknown>>(
      'SELECT * FROM products WHERE dropzone_id = ? AND active = 1 ORDER BY id',
    );
    this.productStmt = db.prepare<[number, number], Record<string, unknown>>(
      'SELECT * FROM products WHERE dropzone_id = ? AND id = ?',
    );
    this.upgradesStmt = db.prepare<[number], Record<string, unknown>>(
      'SELECT * FROM upgrades WHERE dropzone_id = ? ORDER BY id',
    );
    this.upgradeStmt = db.prepare<[number, number], Record<string, unknown>>(
      'SELECT * FROM upgrades WHERE dropzone_id = ? AND id = ?',
    );
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
    return this.productsStmt.all(dropzoneId).map((r) => withBooleans<ProductRecord>(r, ADMIN_PRODUCT_BOOLEANS));
  }

  activeProducts(dropzoneId: number): ProductRecord[] {
    return this.activeProductsStmt.all(dropzoneId).map((r) => withBooleans<ProductRecord>(r, ADMIN_PRODUCT_BOOLEANS));
  }

  product(dropzoneId: number, id: number): ProductRecord | undefined {
    const row = this.productStmt.get(dropzoneId, id);
    return row && withBooleans<ProductRecord>(row, ADMIN_PRODUCT_BOOLEANS);
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
    for (const c of ADMIN_PRODUCT_BOOLEANS) (row as Record<string, unknown>)[c] = product[c] ? 1 : 0;
    return Number(this.insertProductStmt.run(row).lastInsertRowid);
  }

  insertUpgrade(upgrade: NewUpgrade): number {
    const row = {
      id: null,
      grants_video_entitlement: null,
      grants_photos: false,
      grants_4k: false,
      grants_raw_footage: false,
      centi_credits: 0,
      ...upgrade,
      offered_to: JSON.stringify(upgrade.offered_to ?? []),
    };
    for (const c of ADMIN_UPGRADE_BOOLEANS) (row as Record<string, unknown>)[c] = upgrade[c] ? 1 : 0;
    return Number(this.insertUpgradeStmt.run(row).lastInsertRowid);
  }

  /** Changes the given columns of a product; the caller sets updated_at. */
  updateProduct(id: number, changes: ProductChanges): void {
    this.productUpdate.run(id, toColumns(changes, ADMIN_PRODUCT_BOOLEANS));
  }

  updateUpgrade(id: number, changes: UpgradeChanges): void {
    this.upgradeUpdate.run(id, toColumns(changes, ADMIN_UPGRADE_BOOLEANS));
  }

  productReferences(id: number): ProductReferences {
    // Ids are unique across dropzones: a product's references are its own dropzone's.
    return this.productReferencesStmt.get({ id })!;
  }

  upgradePayments(id: number): number {
    return this.upgradePaymentsStmt.get(id) as number;
  }

  deleteProduct(dropzoneId: number, id: number): boolean {
    return this.deleteProductStmt.run(dropzoneId, id).changes > 0;
  }

  deleteUpgrade(dropzoneId: number, id: number): boolean {
    return this.deleteUpgradeStmt.run(dropzoneId, id).changes > 0;
  }

  /** The dropzone's bookings without a product that carry a camera_package, by jump date then id. */
  bookingsWithoutProduct(dropzoneId: number): UnassignedBooking[] {
    return this.unassignedStmt.all(dropzoneId);
  }
}
