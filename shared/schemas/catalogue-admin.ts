import { z } from 'zod';
import { product, upgrade } from './catalogue';
import { booleanFields, isoDateTime } from './common';
import { CAMERA_REQUIREMENTS, VIDEO_ENTITLEMENTS } from './finance';
import { recordedBy } from './recorded-by';
import { wellFormedString } from './text';

/**
 * The desk's catalogue administration (/api/desk/catalogue/*, local mode): products and upgrades
 * with every spec field (2.3, 2.4) and what each grants, and the matching of bookings'
 * camera_package to products. docs/desk-api.md, "Catalogue administration".
 */

export const CATALOGUE_LIMITS = {
  maxNameLength: 120,
  maxBookingSystemNameLength: 255,
  maxPriceIdentifierLength: 255,
  /** 1,000,000.00 in the dropzone's currency: a typo guard, not a business rule. */
  maxPriceCents: 100_000_000,
  /** 10,000 credits. */
  maxCentiCredits: 1_000_000,
  /** Bookings a rematch preview lists by name; the count is always whole. */
  rematchSample: 20,
} as const;

/**
 * "A valid price identifier at the payment processor" (spec 2.4): an opaque reference such as
 * Stripe's `price_1MoBy5LkdIwHu7ix`. The desk cannot ask the processor, so it checks the form
 * every processor's ids share: a letter or digit, then letters, digits, `_ - . :`; no spaces.
 */
export const PRICE_IDENTIFIER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

const required = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : `must be ${what}`),
});

const name = wellFormedString(required('a string'))
  .trim()
  .min(1, { error: 'must not be blank' })
  .max(CATALOGUE_LIMITS.maxNameLength, { error: `must be at most ${CATALOGUE_LIMITS.maxNameLength} characters` });

/** Trimmed: a trailing space is invisible in the form and would make every booking miss the product. */
const bookingSystemName = wellFormedString(required('a string'))
  .trim()
  .max(CATALOGUE_LIMITS.maxBookingSystemNameLength, {
    error: `must be at most ${CATALOGUE_LIMITS.maxBookingSystemNameLength} characters`,
  });

const cents = (max: number) =>
  z
    .number(required('a whole number of minor currency units (cents)'))
    .int({ error: 'must be a whole number of minor currency units (cents)' })
    .min(0, { error: 'must not be negative' })
    .max(max, { error: `must be at most ${max}` });

const centiCredits = z
  .number(required('a whole number of centi-credits (100 = 1 credit)'))
  .int({ error: 'must be a whole number of centi-credits (100 = 1 credit)' })
  .min(0, { error: 'must not be negative' })
  .max(CATALOGUE_LIMITS.maxCentiCredits, { error: `must be at most ${CATALOGUE_LIMITS.maxCentiCredits}` });

const flag = z.boolean(required('true or false'));

const videoEntitlement = z.enum(VIDEO_ENTITLEMENTS, {
  error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${VIDEO_ENTITLEMENTS.join(', ')}`),
});
/** What an upgrade raises the video to: never `none` (taking video away is no upgrade). */
const GRANTABLE_VIDEO = VIDEO_ENTITLEMENTS.filter((v) => v !== 'none') as Exclude<
  (typeof VIDEO_ENTITLEMENTS)[number],
  'none'
>[];
const cameraRequirement = z
  .enum(CAMERA_REQUIREMENTS, { error: `must be one of ${CAMERA_REQUIREMENTS.join(', ')}, or null` })
  .nullable();

// ---- products ---------------------------------------------------------------------------------

const productFields = {
  name,
  booking_system_name: bookingSystemName,
  active: flag,
  price_cents: cents(CATALOGUE_LIMITS.maxPriceCents),
  centi_credits: centiCredits,
  video_entitlement: videoEntitlement,
  camera_requirement: cameraRequirement,
  photos: flag,
  has_4k: flag,
  raw_footage: flag,
};

/** POST /api/desk/catalogue/products: every field but `active` (default true). */
export const productCreate = z.strictObject({ ...productFields, active: flag.optional() });
export type ProductCreate = z.input<typeof productCreate>;

/** PATCH /api/desk/catalogue/products/:id: the fields to change (at least one). */
export const productPatch = z
  .strictObject(productFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: 'must change at least one field' });
export type ProductPatch = z.input<typeof productPatch>;

/** A product as the desk administers it: the spec's fields (2.3) and what it grants. */
export const adminProduct = z.strictObject({
  // The spec's fields (2.3) as the Sync API shows them; its booleans derived from the entitlements below.
  ...product.shape,
  // What it grants: its entitlements (spec 2.5) and credits.
  video_entitlement: z.enum(VIDEO_ENTITLEMENTS),
  camera_requirement: z.enum(CAMERA_REQUIREMENTS).nullable(),
  centi_credits: z.number().int(),
  created_at: isoDateTime.nullable(),
  updated_at: isoDateTime.nullable(),
  /** What refers to it: a product with any is never deleted, only deactivated. */
  bookings: z.number().int(),
  finance_events: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProduct>;
/** A product's yes-or-no fields as the desk keeps them (the store holds them as 0 and 1). */
export const ADMIN_PRODUCT_BOOLEANS = booleanFields(adminProduct.shape);

export const adminProductList = z.strictObject({
  /** The Sync API list's version (GET /api/f1/sync/products): it changes with every change. */
  version: z.string(),
  currency: z.string(),
  products: z.array(adminProduct),
});
export type AdminProductList = z.infer<typeof adminProductList>;

// ---- matching ---------------------------------------------------------------------------------

/** A booking a product would now be matched to. */
export const rematchBooking = z.strictObject({
  id: z.number().int(),
  external_id: z.string().nullable(),
  name: z.string().nullable(),
  jump_on: z.string().nullable(),
  camera_package: z.string(),
});
export type RematchBooking = z.infer<typeof rematchBooking>;

/**
 * The bookings without a product whose camera_package this product now wins, and whose album has
 * not reached the customer (a prospect who got a free preview is converted at reception instead).
 */
export const rematchPreview = z.strictObject({
  product_id: z.number().int(),
  count: z.number().int(),
  /** The first few, by jump date then id. */
  sample: z.array(rematchBooking),
});
export type RematchPreview = z.infer<typeof rematchPreview>;

/** POST …/products/:id/rematch: who matches them (each ledger event records it). */
export const rematchRequest = z.strictObject({ recorded_by: recordedBy });
export type RematchRequest = z.input<typeof rematchRequest>;

export const rematchResult = z.strictObject({ product_id: z.number().int(), matched: z.number().int() });
export type RematchResult = z.infer<typeof rematchResult>;

/** A product written: the record, the list's new version, and the bookings it would now match. */
export const productSaved = z.strictObject({ product: adminProduct, version: z.string(), rematch: rematchPreview });
export type ProductSaved = z.infer<typeof productSaved>;

/** One camera_package value of bookings without a product. */
export const unmatchedPackage = z.strictObject({
  camera_package: z.string(),
  /** Bookings without a product that carry it. */
  bookings: z.number().int(),
  /** Of those, the ones a matching product would get (their album has not reached the customer). */
  matchable: z.number().int(),
  /** The active product it matches now (added after these bookings came), or null: it matches none. */
  product: z.strictObject({ id: z.number().int(), name: z.string() }).nullable(),
});
export type UnmatchedPackage = z.infer<typeof unmatchedPackage>;

export const unmatchedPackages = z.strictObject({ packages: z.array(unmatchedPackage) });

// ---- upgrades ---------------------------------------------------------------------------------

const upgradeFields = {
  name,
  active: flag,
  notify_staff: flag,
  payment_price_cents: cents(CATALOGUE_LIMITS.maxPriceCents),
  payment_price_identifier: wellFormedString(required('a string'))
    .trim()
    .min(1, { error: 'must not be blank: the price identifier at the payment processor' })
    .max(CATALOGUE_LIMITS.maxPriceIdentifierLength, {
      error: `must be at most ${CATALOGUE_LIMITS.maxPriceIdentifierLength} characters`,
    })
    .regex(PRICE_IDENTIFIER_PATTERN, {
      error:
        'must be a payment processor price identifier: letters, digits and _ - . : only, starting with a letter or digit (e.g. price_1MoBy5LkdIwHu7ix)',
    }),
  grants_video_entitlement: z
    .enum(GRANTABLE_VIDEO, { error: `must be one of ${GRANTABLE_VIDEO.join(', ')}, or null` })
    .nullable(),
  grants_photos: flag,
  grants_4k: flag,
  grants_raw_footage: flag,
  centi_credits: centiCredits,
  offered_to: z
    .array(videoEntitlement, { error: 'must be an array of video entitlements' })
    .refine((list) => new Set(list).size === list.length, { error: 'must name each video entitlement once' }),
};

/** POST /api/desk/catalogue/upgrades: every field but `active` (default true); the currency is the dropzone's. */
export const upgradeCreate = z.strictObject({ ...upgradeFields, active: flag.optional() });
export type UpgradeCreate = z.input<typeof upgradeCreate>;

export const upgradePatch = z
  .strictObject(upgradeFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: 'must change at least one field' });
export type UpgradePatch = z.input<typeof upgradePatch>;

export const adminUpgrade = z.strictObject({
  // The spec's fields (2.4), as the Sync API's show response gives them.
  ...upgrade.shape,
  grants_video_entitlement: z.enum(VIDEO_ENTITLEMENTS).nullable(),
  grants_photos: z.boolean(),
  grants_4k: z.boolean(),
  grants_raw_footage: z.boolean(),
  centi_credits: z.number().int(),
  offered_to: z.array(z.enum(VIDEO_ENTITLEMENTS)),
  /** Payments that name it: an upgrade with any is never deleted, only deactivated. */
  payments: z.number().int(),
});
export type AdminUpgrade = z.infer<typeof adminUpgrade>;
/** An upgrade's yes-or-no fields as the desk keeps them, what it grants among them. */
export const ADMIN_UPGRADE_BOOLEANS = booleanFields(adminUpgrade.shape);

export const adminUpgradeList = z.strictObject({
  version: z.string(),
  currency: z.string(),
  upgrades: z.array(adminUpgrade),
});
export type AdminUpgradeList = z.infer<typeof adminUpgradeList>;

export const upgradeSaved = z.strictObject({ upgrade: adminUpgrade, version: z.string() });
export type UpgradeSaved = z.infer<typeof upgradeSaved>;
