import { z } from 'zod';
import { isoDateTime, keyMask } from './common';

export const PRODUCT_LIST_KEYS = [
  'id',
  'name',
  'active',
  'booking_system_name',
  'price_cents',
  'photos',
  'videographer',
] as const;

export const product = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  booking_system_name: z.string(),
  price_cents: z.number().int(),
  photos: z.boolean(),
  selfie: z.boolean(),
  videographer: z.boolean(),
  either_video: z.boolean(),
  socials: z.boolean(),
  has_4k: z.boolean(),
  raw_footage: z.boolean(),
});
export type Product = z.infer<typeof product>;
/** Every field of spec 2.3, in the order a desk user reads them. */
export const PRODUCT_FIELDS = product.keyof().options;
export const productListItem = product.pick(keyMask(PRODUCT_LIST_KEYS));
export type ProductListItem = z.infer<typeof productListItem>;
export const productList = z.object({ version: z.string(), products: z.array(productListItem) });

export const UPGRADE_LIST_KEYS = ['id', 'name', 'active', 'payment_price_cents', 'payment_price_currency'] as const;

export const upgrade = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  notify_staff: z.boolean(),
  payment_price_cents: z.number().int(),
  payment_price_currency: z.string(),
  payment_price_identifier: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Upgrade = z.infer<typeof upgrade>;
/** Every field of spec 2.4, in the order a desk user reads them. */
export const UPGRADE_FIELDS = upgrade.keyof().options;
export const upgradeListItem = upgrade.pick(keyMask(UPGRADE_LIST_KEYS));
export type UpgradeListItem = z.infer<typeof upgradeListItem>;
export const upgradeList = z.object({ version: z.string(), upgrades: z.array(upgradeListItem) });
