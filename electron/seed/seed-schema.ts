import { z } from 'zod';
import { isKnownTimeZone } from '../../shared/dates';
import { bookingWrite } from '../../shared/schemas/booking';
import { isoDate, isoDateTime } from '../../shared/schemas/common';
import { CAMERA_REQUIREMENTS, VIDEO_ENTITLEMENTS } from '../../shared/schemas/finance';

/**
 * The `--seed` fixture (docs/user-guide.md, "Seed format"). Records use their spec fields; ids given are
 * kept. Strict throughout: a misspelt key is an error, not a silently missing value.
 */
const id = z.number().int().positive();

const product = z.strictObject({
  id: id.optional(),
  name: z.string(),
  active: z.boolean().default(true),
  booking_system_name: z.string(),
  price_cents: z.number().int().default(0),
  photos: z.boolean().default(false),
  selfie: z.boolean().default(false),
  videographer: z.boolean().default(false),
  either_video: z.boolean().default(false),
  socials: z.boolean().default(false),
  has_4k: z.boolean().default(false),
  raw_footage: z.boolean().default(false),
  centi_credits: z.number().int().default(0),
});

const upgrade = z.strictObject({
  id: id.optional(),
  name: z.string(),
  active: z.boolean().default(true),
  notify_staff: z.boolean().default(false),
  payment_price_cents: z.number().int(),
  payment_price_currency: z.string().optional(),
  payment_price_identifier: z.string().default(''),
  created_at: isoDateTime.optional(),
  updated_at: isoDateTime.optional(),
  // Desk extensions (migration 8): what the upgrade grants, its credits, whom it is offered to.
  grants_video_entitlement: z.enum(VIDEO_ENTITLEMENTS).exclude(['none']).nullable().optional(),
  grants_photos: z.boolean().optional(),
  grants_4k: z.boolean().optional(),
  grants_raw_footage: z.boolean().optional(),
  centi_credits: z.number().int().optional(),
  offered_to: z.array(z.enum(VIDEO_ENTITLEMENTS)).optional(),
});

const filmer = z.strictObject({
  id: id.optional(),
  external_id: z.string().nullable().optional(),
  external_service: z.string().nullable().optional(),
  name: z.string().min(1),
  email: z.string().min(1),
  tandem_instructor: z.boolean().default(false),
  videographer: z.boolean().default(false),
  active: z.boolean().default(true),
});

const upgradePayment = z.strictObject({
  id: id.optional(),
  ammount: z.number().int(),
  currency: z.string(),
  processor_id: z.string(),
  upgrade_id: id.nullable().optional(),
  /** As a show response gives it; must be the booking's own id. */
  booking_id: id.optional(),
  created_at: isoDateTime.optional(),
  updated_at: isoDateTime.optional(),
});

const financeEvent = z.strictObject({
  id: id.optional(),
  event_type: z.string(),
  video_entitlement: z.enum(VIDEO_ENTITLEMENTS),
  camera_requirement: z.enum(CAMERA_REQUIREMENTS).nullable().default(null),
  photos: z.boolean().default(false),
  has_4k: z.boolean().default(false),
  raw_footage: z.boolean().default(false),
  centi_credit_change: z.number().int(),
  /** Optional: computed as the running sum; when given it must agree. */
  centi_total_credits: z.number().int().optional(),
  comment: z.string().nullable().optional(),
  product_id: id.nullable().optional(),
  upgrade_payment: upgradePayment.optional(),
  /**
   * As a show response gives them, so a booking copied from the API loads as it is: the booking's
   * own id, and the deprecated booleans (derived, so they must agree with the entitlements).
   */
  booking_id: id.optional(),
  selfie: z.boolean().optional(),
  videographer: z.boolean().optional(),
  either_video: z.boolean().optional(),
  socials: z.boolean().optional(),
  created_at: isoDateTime,
  updated_at: isoDateTime.optional(),
});

const booking = bookingWrite.extend({
  id: id.optional(),
  uuid: z.string().optional(),
  link: z.string().optional(),
  // Seeds may hold bookings without an external_id (listed only with include_all=true).
  jump_on: isoDate.nullable().optional(),
  album_status_raw: z.string().nullable().optional(),
  product_id: id.nullable().optional(),
  locked_attributes: z.array(z.string()).optional(),
  created_at: isoDateTime.optional(),
  updated_at: isoDateTime.optional(),
  jump: z
    .strictObject({
      id: id.optional(),
      camera: z.string().nullable().optional(),
      filmer_id: id.nullable().optional(),
      jumped_on: isoDate.nullable().optional(),
    })
    .optional(),
  finance_events: z.array(financeEvent).optional(),
});

const dropzone = z.strictObject({
  key: z.string().min(1),
  name: z.string().min(1),
  timezone: z.string().refine(isKnownTimeZone, { message: 'must be an IANA time zone such as Europe/Amsterdam' }),
  currency: z.string().length(3).default('EUR'),
  api_tokens: z.array(z.string().min(16, { message: 'tokens must be at least 16 characters' })).default([]),
  products: z.array(product).default([]),
  upgrades: z.array(upgrade).default([]),
  filmers: z.array(filmer).default([]),
  bookings: z.array(booking).default([]),
});

export const seedFile = z.strictObject({
  /**
   * When given, every date and time in the file is moved by the days between this date and
   * today, so a fixture written once stays "around today" (used by fixtures/demo.json).
   */
  dates_relative_to: isoDate.optional(),
  dropzones: z.array(dropzone).min(1),
});
export type SeedFile = z.infer<typeof seedFile>;
export type SeedDropzone = z.infer<typeof dropzone>;
export type SeedBooking = z.infer<typeof booking>;
