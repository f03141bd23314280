import { CATALOGUE_LIMITS, type RematchPreview, type UnmatchedPackage } from '../../shared/schemas/catalogue-admin';
import { albumStage } from '../../shared/service/album';
import { matchProduct } from '../../shared/service/product-match';
import type { ProductRecord } from '../store/records';
import type { UnassignedBooking } from '../store/repos/catalogue';
import { timestamp, type SyncContext } from '../sync/context';
import { recordProductAssignment } from '../sync/finance';

/**
 * Matching made manageable (spec 2.3: products "must be configured by hand so that their names
 * match the names the external system sends"): which bookings a product added, renamed or
 * reactivated would now get, matching them on the administrator's word, and the camera_package
 * values no product matches.
 */

/**
 * Nothing has reached the customer yet. A prospect who got a free preview is converted at
 * reception (a paid product after the preview, spec 6), never matched behind the desk's back.
 */
const awaitsProduct = (b: UnassignedBooking) => albumStage(b.album_status_raw) === 'none';

/** The bookings without a product whose camera_package this product now wins (matchProduct over every active product). */
function candidates(ctx: SyncContext, product: ProductRecord): UnassignedBooking[] {
  if (!product.active) return [];
  const active = ctx.store.catalogue.activeProducts(ctx.dropzone.id);
  return ctx.store.catalogue
    .bookingsWithoutProduct(ctx.dropzone.id)
    .filter((b) => awaitsProduct(b) && matchProduct(active, b.camera_package)?.id === product.id);
}

export function previewRematch(ctx: SyncContext, product: ProductRecord): RematchPreview {
  const found = candidates(ctx, product);
  return {
    product_id: product.id,
    count: found.length,
    sample: found
      .slice(0, CATALOGUE_LIMITS.rematchSample)
      .map(({ id, external_id, name, jump_on, camera_package }) => ({
        id,
        external_id,
        name,
        jump_on,
        camera_package,
      })),
  };
}

export type RematchOutcome =
  { ok: true; product: ProductRecord; matched: number } | { ok: false; status: 'not_found'; error: string; id: number };

export function findProduct(ctx: SyncContext, id: number): ProductRecord | undefined {
  return ctx.store.catalogue.product(ctx.dropzone.id, id);
}

/**
 * Matches them, in one transaction: each booking gets the product and its ledger event (the one a
 * sync's match writes), recorded by the person at the desk. The candidates are found again
 * inside the transaction, so a booking matched or previewed since the preview is left alone.
 */
export function applyRematch(ctx: SyncContext, id: number, recordedBy: string): RematchOutcome {
  return ctx.store.transaction((): RematchOutcome => {
    const product = findProduct(ctx, id);
    if (!product) return { ok: false, status: 'not_found', error: 'product not found', id };
    const at = timestamp(ctx);
    const found = candidates(ctx, product);
    for (const booking of found) {
      ctx.store.bookings.update(booking.id, { product_id: product.id, updated_at: at });
      recordProductAssignment(
        ctx.store,
        { id: booking.id, dropzone_id: ctx.dropzone.id, camera_package: booking.camera_package },
        undefined,
        product,
        at,
        undefined,
        recordedBy,
      );
    }
    return { ok: true, product, matched: found.length };
  });
}

/**
 * The camera_package values of bookings without a product, with counts, most bookings first. A
 * value an active product matches now (added after those bookings came) names it: matching those
 * bookings is one step; the rest match no product at all.
 */
export function unmatchedPackages(ctx: SyncContext): UnmatchedPackage[] {
  const active = ctx.store.catalogue.activeProducts(ctx.dropzone.id);
  const byPackage = new Map<string, UnmatchedPackage>();
  for (const booking of ctx.store.catalogue.bookingsWithoutProduct(ctx.dropzone.id)) {
    let entry = byPackage.get(booking.camera_package);
    if (!entry) {
      const product = matchProduct(active, booking.camera_package);
      entry = {
        camera_package: booking.camera_package,
        bookings: 0,
        matchable: 0,
        product: product ? { id: product.id, name: product.name } : null,
      };
      byPackage.set(booking.camera_package, entry);
    }
    entry.bookings += 1;
    if (awaitsProduct(booking)) entry.matchable += 1;
  }
  return [...byPackage.values()].sort(
    (a, b) => b.bookings - a.bookings || a.camera_package.localeCompare(b.camera_package),
  );
}
