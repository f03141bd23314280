import { z } from 'zod';
import { isoDateTime } from './common';

export const EVENT_TYPES = [
  'unspecified',
  'regular',
  'preview',
  'preview_converted',
  'reception_conversion',
  'reception_upgrade',
  'upgrade',
  'manual_credit',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const VIDEO_ENTITLEMENTS = ['none', 'all', 'main', 'highlights', 'insta', 'freefall'] as const;
export type VideoEntitlement = (typeof VIDEO_ENTITLEMENTS)[number];

export const CAMERA_REQUIREMENTS = ['either', 'selfie', 'videographer', 'both'] as const;
export type CameraRequirement = (typeof CAMERA_REQUIREMENTS)[number];

export const upgradePayment = z.looseObject({
  id: z.number().int(),
  /** Spelled this way by the spec. */
  ammount: z.number().int(),
  currency: z.string(),
  processor_id: z.string(),
  upgrade_id: z.number().int().nullable(),
  booking_id: z.number().int().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type UpgradePayment = z.infer<typeof upgradePayment>;

export const financeEvent = z.looseObject({
  id: z.number().int(),
  event_type: z.string(),
  video_entitlement: z.enum(VIDEO_ENTITLEMENTS),
  camera_requirement: z.enum(CAMERA_REQUIREMENTS).nullable(),
  photos: z.boolean(),
  has_4k: z.boolean(),
  raw_footage: z.boolean(),
  centi_credit_change: z.number().int(),
  centi_total_credits: z.number().int(),
  comment: z.string().nullable().optional(),
  booking_id: z.number().int().nullable().optional(),
  product_id: z.number().int().nullable().optional(),
  upgrade_payment: upgradePayment.optional(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  // Deprecated, derived (spec 2.5); still required on the wire.
  selfie: z.boolean(),
  videographer: z.boolean(),
  either_video: z.boolean(),
  socials: z.boolean(),
});
export type FinanceEvent = z.infer<typeof financeEvent>;
