import type {
  AdminProduct,
  AdminUpgrade,
  ProductCreate,
  ProductPatch,
  ProductSaved,
  UpgradeCreate,
  UpgradePatch,
  UpgradeSaved,
} from '../../shared/schemas/catalogue-admin';
import {
  productEntitlementProblems,
  productEntitlements,
  storedEntitlements,
  type ProductEntitlements,
} from '../../shared/service/product-entitlements';
import type { ProductRecord, UpgradeRecord } from '../store/records';
import type { ProductChanges, UpgradeChanges } from '../store/repos/catalogue';
import { versionOf } from '../sync/catalogue';
import { timestamp, type SyncContext } from '../sync/context';
import { previewRematch } from './product-rematch';

/**
 * The catalogue's administration in local mode (the spec's "admin interface", 2.3, 2.4): products
 * and upgrades made, changed, deactivated and deleted. The Sync API stays read-only; its list
 * `version` is a digest of the full records, so every change here changes it.
 */

type RefusalStatus = 'not_found' | 'conflict' | 'unprocessable_content';
export type AdminRefusal<S extends RefusalStatus = RefusalStatus> = {
  ok: false;
  status: S;
  error: string;
  extra?: Record<string, unknown>;
};
export type AdminOutcome<T, S extends RefusalStatus = RefusalStatus> =
  { ok: true; value: T } | { [K in S]: AdminRefusal<K> }[S];

const refuse = <S extends RefusalStatus>(
  status: S,
  error: string,
  extra?: Record<string, unknown>,
): AdminRefusal<S> => ({ ok: false, status, error, extra });

/** A 422 naming each field, in the desk's error shape. */
function invalid(fields: Record<string, string>): AdminRefusal<'unprocessable_content'> {
  return refuse(
    'unprocessable_content',
    Object.entries(fields)
      .map(([f, m]) => `${f} ${m}`)
      .join('; '),
    { fields },
  );
}

export function adminProductView(ctx: SyncContext, p: ProductRecord): AdminProduct {
  const { dropzone_id: _dz, video_entitlement: _stored, ...fields } = p;
  const granted = productEntitlements(p);
  return {
    ...fields,
    video_entitlement: granted.video_entitlement,
    camera_requirement: granted.camera_requirement,
    ...ctx.store.catalogue.productReferences(p.id),
  };
}

export function adminUpgradeView(ctx: SyncContext, u: UpgradeRecord): AdminUpgrade {
  const { dropzone_id: _dz, ...fields } = u;
  return { ...fields, payments: ctx.store.catalogue.upgradePayments(u.id) };
}

export function listAdminProducts(ctx: SyncContext) {
  const records = ctx.store.catalogue.products(ctx.dropzone.id);
  return {
    version: versionOf(records),
    currency: ctx.dropzone.currency,
    products: records.map((p) => adminProductView(ctx, p)),
  };
}

export function listAdminUpgrades(ctx: SyncContext) {
  const records = ctx.store.catalogue.upgrades(ctx.dropzone.id);
  return {
    version: versionOf(records),
    currency: ctx.dropzone.currency,
    upgrades: records.map((u) => adminUpgradeView(ctx, u)),
  };
}

/**
 * Two active products with one booking system name (any case) would match the same bookings, and
 * the lower id would always win: the other could never be matched, silently.
 */
function nameClash(
  ctx: SyncContext,
  candidate: { id?: number; active: boolean; booking_system_name: string },
): Record<string, string> {
  const wanted = candidate.booking_system_name.toLowerCase();
  if (!candidate.active || wanted === '') return {};
  const other = ctx.store.catalogue
    .activeProducts(ctx.dropzone.id)
    .find((p) => p.id !== candidate.id && p.booking_system_name.toLowerCase() === wanted);
  if (!other) return {};
  return {
    booking_system_name: `is already the booking system name of active product ${other.id} (${other.name}): two active products with one name match the same bookings and only the lower id is ever chosen; change one, or deactivate it first`,
  };
}

const ENTITLEMENT_FIELDS = ['video_entitlement', 'camera_requirement', 'photos', 'has_4k', 'raw_footage'] as const;

function productSaved(ctx: SyncContext, id: number): ProductSaved {
  const product = ctx.store.catalogue.product(ctx.dropzone.id, id)!;
  return {
    product: adminProductView(ctx, product),
    version: listAdminProducts(ctx).version,
    rematch: previewRematch(ctx, product),
  };
}

export function createProduct(
  ctx: SyncContext,
  input: ProductCreate & { active?: boolean },
): AdminOutcome<ProductSaved, 'unprocessable_content'> {
  const entry: ProductEntitlements = {
    video_entitlement: input.video_entitlement,
    camera_requirement: input.camera_requirement,
    photos: input.photos,
    has_4k: input.has_4k,
    raw_footage: input.raw_footage,
  };
  const active = input.active ?? true;
  const problems = {
    ...productEntitlementProblems(entry),
    ...nameClash(ctx, { active, booking_system_name: input.booking_system_name }),
  };
  if (Object.keys(problems).length > 0) return invalid(problems);
  const at = timestamp(ctx);
  const id = ctx.store.transaction(() =>
    ctx.store.catalogue.insertProduct({
      dropzone_id: ctx.dropzone.id,
      name: input.name,
      active,
      booking_system_name: input.booking_system_name,
      price_cents: input.price_cents,
      centi_credits: input.centi_credits,
      ...storedEntitlements(entry),
      created_at: at,
      updated_at: at,
    }),
  );
  return { ok: true, value: productSaved(ctx, id) };
}

export function updateProduct(
  ctx: SyncContext,
  id: number,
  patch: ProductPatch,
): AdminOutcome<ProductSaved, 'not_found' | 'unprocessable_content'> {
  return ctx.store.transaction((): AdminOutcome<ProductSaved, 'not_found' | 'unprocessable_content'> => {
    const existing = ctx.store.catalogue.product(ctx.dropzone.id, id);
    if (!existing) return refuse('not_found', 'product not found', { id });
    const entry: ProductEntitlements = { ...productEntitlements(existing), ...pickDefined(patch, ENTITLEMENT_FIELDS) };
    const after = {
      id,
      active: patch.active ?? existing.active,
      booking_system_name: patch.booking_system_name ?? existing.booking_system_name,
    };
    const problems = { ...productEntitlementProblems(entry), ...nameClash(ctx, after) };
    if (Object.keys(problems).length > 0) return invalid(problems);

    const wanted: ProductChanges = {
      ...pickDefined(patch, ['name', 'booking_system_name', 'active', 'price_cents', 'centi_credits'] as const),
      ...(ENTITLEMENT_FIELDS.some((f) => f in patch) ? storedEntitlements(entry) : {}),
    };
    // Only what differs is written: a save that changes nothing leaves updated_at (and the version) alone.
    const changes = Object.fromEntries(
      Object.entries(wanted).filter(
        ([column, value]) => (existing as unknown as Record<string, unknown>)[column] !== value,
      ),
    ) as ProductChanges;
    if (Object.keys(changes).length > 0)
      ctx.store.catalogue.updateProduct(id, { ...changes, updated_at: timestamp(ctx) });
    return { ok: true, value: productSaved(ctx, id) };
  });
}

export function deleteProduct(ctx: SyncContext, id: number): AdminOutcome<null, 'not_found' | 'conflict'> {
  return ctx.store.transaction((): AdminOutcome<null, 'not_found' | 'conflict'> => {
    const existing = ctx.store.catalogue.product(ctx.dropzone.id, id);
    if (!existing) return refuse('not_found', 'product not found', { id });
    const references = ctx.store.catalogue.productReferences(id);
    if (references.bookings > 0 || references.finance_events > 0) {
      return refuse(
        'conflict',
        `product ${id} (${existing.name}) is in use by ${references.bookings} booking(s) and ${references.finance_events} finance event(s): deactivate it instead (a product in use is never deleted, so the ledger keeps what it refers to)`,
        { id, ...references },
      );
    }
    ctx.store.catalogue.deleteProduct(ctx.dropzone.id, id);
    return { ok: true, value: null };
  });
}

function upgradeSaved(ctx: SyncContext, id: number): UpgradeSaved {
  return {
    upgrade: adminUpgradeView(ctx, ctx.store.catalogue.upgrade(ctx.dropzone.id, id)!),
    version: listAdminUpgrades(ctx).version,
  };
}

export function createUpgrade(ctx: SyncContext, input: UpgradeCreate & { active?: boolean }): UpgradeSaved {
  const at = timestamp(ctx);
  const id = ctx.store.transaction(() =>
    ctx.store.catalogue.insertUpgrade({
      ...input,
      dropzone_id: ctx.dropzone.id,
      active: input.active ?? true,
      // An upgrade's price is in the dropzone's one currency, as every price the desk shows: never another.
      payment_price_currency: ctx.dropzone.currency,
      created_at: at,
      updated_at: at,
    }),
  );
  return upgradeSaved(ctx, id);
}

export function updateUpgrade(
  ctx: SyncContext,
  id: number,
  patch: UpgradePatch,
): AdminOutcome<UpgradeSaved, 'not_found'> {
  return ctx.store.transaction((): AdminOutcome<UpgradeSaved, 'not_found'> => {
    const existing = ctx.store.catalogue.upgrade(ctx.dropzone.id, id);
    if (!existing) return refuse('not_found', 'upgrade not found', { id });
    const changes = Object.fromEntries(
      Object.entries(patch).filter(
        ([column, value]) =>
          value !== undefined &&
          JSON.stringify((existing as unknown as Record<string, unknown>)[column]) !== JSON.stringify(value),
      ),
    ) as UpgradeChanges;
    if (Object.keys(changes).length > 0)
      ctx.store.catalogue.updateUpgrade(id, { ...changes, updated_at: timestamp(ctx) });
    return { ok: true, value: upgradeSaved(ctx, id) };
  });
}

export function deleteUpgrade(ctx: SyncContext, id: number): AdminOutcome<null, 'not_found' | 'conflict'> {
  return ctx.store.transaction((): AdminOutcome<null, 'not_found' | 'conflict'> => {
    const existing = ctx.store.catalogue.upgrade(ctx.dropzone.id, id);
    if (!existing) return refuse('not_found', 'upgrade not found', { id });
    const payments = ctx.store.catalogue.upgradePayments(id);
    if (payments > 0) {
      return refuse(
        'conflict',
        `upgrade ${id} (${existing.name}) was paid for ${payments} time(s): deactivate it instead (an upgrade with payments is never deleted)`,
        { id, payments },
      );
    }
    ctx.store.catalogue.deleteUpgrade(ctx.dropzone.id, id);
    return { ok: true, value: null };
  });
}

function pickDefined<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
}
