import type { AdminProduct, ProductCreate } from '../../../../../shared/schemas/catalogue-admin';
import type { CameraRequirement, VideoEntitlement } from '../../../../../shared/schemas/finance';
import { productEntitlementProblems } from '../../../../../shared/service/product-entitlements';
import { formatHundredths, parseHundredths } from './amounts';

/** What the product form holds: amounts as typed, the camera as a choice ("none" for null). */
export interface ProductFormValues {
  name: string;
  booking_system_name: string;
  price: string;
  credits: string;
  active: boolean;
  video_entitlement: VideoEntitlement;
  camera_requirement: CameraRequirement | 'none';
  photos: boolean;
  has_4k: boolean;
  raw_footage: boolean;
}

export const NEW_PRODUCT: ProductFormValues = {
  name: '',
  booking_system_name: '',
  price: '',
  credits: '0.00',
  active: true,
  video_entitlement: 'main',
  camera_requirement: 'either',
  photos: false,
  has_4k: false,
  raw_footage: false,
};

export function productFormValues(product: AdminProduct): ProductFormValues {
  return {
    name: product.name,
    booking_system_name: product.booking_system_name,
    price: formatHundredths(product.price_cents),
    credits: formatHundredths(product.centi_credits),
    active: product.active,
    video_entitlement: product.video_entitlement,
    camera_requirement: product.camera_requirement ?? 'none',
    photos: product.photos,
    has_4k: product.has_4k,
    raw_footage: product.raw_footage,
  };
}

export type ProductFormResult =
  | { ok: true; body: ProductCreate & { active: boolean } }
  | { ok: false; errors: Partial<Record<keyof ProductFormValues, string>> };

/**
 * The body the form sends, or the problems the page can see itself (amounts it cannot read,
 * video without a camera). The server judges the rest (a taken name) and its 422 names the field.
 */
export function productBody(values: ProductFormValues): ProductFormResult {
  const errors: Partial<Record<keyof ProductFormValues, string>> = {};
  const price_cents = parseHundredths(values.price);
  const centi_credits = parseHundredths(values.credits);
  if (price_cents === undefined) errors.price = 'Enter the price as an amount, e.g. 149 or 149.00';
  if (centi_credits === undefined) errors.credits = 'Enter the credits as a number with at most two decimals, e.g. 1.5';
  const camera_requirement = values.camera_requirement === 'none' ? null : values.camera_requirement;
  const problem = productEntitlementProblems({
    video_entitlement: values.video_entitlement,
    camera_requirement,
  }).camera_requirement;
  if (problem)
    errors.camera_requirement =
      values.video_entitlement === 'none'
        ? 'No video, no camera: choose “No camera”'
        : 'Video needs a camera: choose which';
  if (price_cents === undefined || centi_credits === undefined || problem) return { ok: false, errors };
  return {
    ok: true,
    body: {
      name: values.name.trim(),
      booking_system_name: values.booking_system_name.trim(),
      price_cents,
      centi_credits,
      active: values.active,
      video_entitlement: values.video_entitlement,
      camera_requirement,
      photos: values.photos,
      has_4k: values.has_4k,
      raw_footage: values.raw_footage,
    },
  };
}

/** The server's field names, as the form's. */
export const PRODUCT_FIELD_OF: Record<string, keyof ProductFormValues> = {
  name: 'name',
  booking_system_name: 'booking_system_name',
  price_cents: 'price',
  centi_credits: 'credits',
  active: 'active',
  video_entitlement: 'video_entitlement',
  camera_requirement: 'camera_requirement',
};

export const VIDEO_LABELS: Record<VideoEntitlement, string> = {
  none: 'No video',
  all: 'All video, with social clips',
  main: 'Main edit',
  highlights: 'Highlights edit',
  insta: 'Instagram clip',
  freefall: 'Freefall edit',
};

export const CAMERA_LABELS: Record<CameraRequirement | 'none', string> = {
  none: 'No camera',
  either: 'Either camera',
  selfie: 'Selfie (handcam)',
  videographer: 'Videographer',
  both: 'Both cameras',
};
