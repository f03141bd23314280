import { createHash } from 'node:crypto';
import { PRODUCT_LIST_KEYS, UPGRADE_LIST_KEYS, type Product, type Upgrade } from '../../shared/schemas/catalogue';
import type { ProductRecord, UpgradeRecord } from '../store/records';
import type { SyncContext, SyncResult } from './context';
import { parseRecordId as parseId } from './validation';

/** The spec's fields only (2.3): what a product grants in credits and its own video entitlement are the desk's (the desk API shows them). */
function productView(p: ProductRecord): Product {
  const {
    dropzone_id: _dz,
    centi_credits: _credits,
    video_entitlement: _video,
    created_at: _made,
    updated_at: _changed,
    ...wire
  } = p;
  return wire;
}

/** The spec's fields only (2.4): what an upgrade grants and whom it is offered to are the desk's. */
function upgradeView(u: UpgradeRecord): Upgrade {
  const {
    dropzone_id: _dz,
    grants_video_entitlement: _video,
    grants_photos: _photos,
    grants_4k: _4k,
    grants_raw_footage: _raw,
    centi_credits: _credits,
    offered_to: _offered,
    ...wire
  } = u;
  return wire;
}

function pick<T extends object>(record: T, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(keys.map((k) => [k, (record as Record<string, unknown>)[k]])) as Partial<T>;
}

/**
 * The list `version`: a digest of the full catalogue, so it changes exactly when any product
 * (or upgrade) changes and a caller can tell whether its cached copy is current.
 */
export function versionOf(records: readonly object[]): string {
  return createHash('sha256').update(JSON.stringify(records)).digest('hex').slice(0, 16);
}

export function listProducts(ctx: SyncContext): SyncResult {
  const records = ctx.store.catalogue.products(ctx.dropzone.id);
  // Over the whole records: a change of what a product grants changes the version too.
  return {
    status: 'ok',
    body: { version: versionOf(records), products: records.map((p) => pick(productView(p), PRODUCT_LIST_KEYS)) },
  };
}

export function showProduct(ctx: SyncContext, rawId: string): SyncResult {
  const id = parseId(rawId);
  const product = id === undefined ? undefined : ctx.store.catalogue.product(ctx.dropzone.id, id);
  if (!product)
    return { status: 'not_found', body: { id: id ?? rawId, error: 'product not found', status: 'not_found' } };
  return { status: 'ok', body: productView(product) };
}

export function listUpgrades(ctx: SyncContext): SyncResult {
  const records = ctx.store.catalogue.upgrades(ctx.dropzone.id);
  return {
    status: 'ok',
    body: { version: versionOf(records), upgrades: records.map((u) => pick(upgradeView(u), UPGRADE_LIST_KEYS)) },
  };
}

export function showUpgrade(ctx: SyncContext, rawId: string): SyncResult {
  const id = parseId(rawId);
  const upgrade = id === undefined ? undefined : ctx.store.catalogue.upgrade(ctx.dropzone.id, id);
  if (!upgrade)
    return { status: 'not_found', body: { id: id ?? rawId, error: 'upgrade not found', status: 'not_found' } };
  return { status: 'ok', body: upgradeView(upgrade) };
}
