/** Rows as the rest of the app sees them: booleans as booleans, JSON columns parsed. */
import type { VideoEntitlement } from '../../shared/schemas/finance';
import type { ProductFlags, UpgradeGrant } from '../../shared/service/entitlements';

export interface DropzoneRecord {
  id: number;
  key: string;
  name: string;
  timezone: string;
  currency: string;
  created_at: string;
}

/** A product: its spec fields, the flags that say what it entitles a booking to among them. */
export interface ProductRecord extends ProductFlags {
  id: number;
  dropzone_id: number;
  name: string;
  active: boolean;
  booking_system_name: string;
  price_cents: number;
  /** Desk extension: credits the product grants, in centi-credits (100 = 1 credit). */
  centi_credits: number;
  /** Desk extension: the video entitlement the product gives; null: derived from its flags (entitlementsOf). */
  video_entitlement: VideoEntitlement | null;
  /** Null for products made before the desk had a catalogue of its own (seeded ones). */
  created_at: string | null;
  updated_at: string | null;
}

/** An upgrade: its spec fields, and (desk extensions) what it grants, its credits, whom it is offered to. */
export interface UpgradeRecord extends UpgradeGrant {
  id: number;
  dropzone_id: number;
  name: string;
  active: boolean;
  notify_staff: boolean;
  payment_price_cents: number;
  payment_price_currency: string;
  payment_price_identifier: string;
  created_at: string;
  updated_at: string;
  /** Credits the upgrade adds, in centi-credits. */
  centi_credits: number;
  /** The video entitlements it is offered to (spec 2.4: "according to what their current product entitles them to"). */
  offered_to: VideoEntitlement[];
}

export interface FilmerRecord {
  id: number;
  dropzone_id: number;
  external_id: string | null;
  external_service: string | null;
  name: string;
  email: string;
  tandem_instructor: boolean;
  videographer: boolean;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface BookingRecord {
  id: number;
  dropzone_id: number;
  uuid: string;
  link: string;
  external_id: string | null;
  external_service: string | null;
  name: string | null;
  email: string | null;
  mobile: string | null;
  jump_on: string | null;
  language: string | null;
  reference: string | null;
  camera_package: string | null;
  show_publicly: boolean;
  album_status_raw: string | null;
  product_id: number | null;
  locked_attributes: string[];
  created_at: string;
  updated_at: string;
}

export interface JumpRecord {
  id: number;
  dropzone_id: number;
  booking_id: number | null;
  camera: string | null;
  filmer_id: number | null;
  /** With camera `both`: the videographer outside, `filmer_id` being the tandem instructor's handcam. */
  second_filmer_id: number | null;
  /** The day it was jumped (the dropzone's date); null for jumps recorded before the desk kept it. */
  jumped_on: string | null;
  recorded_by: string | null;
  recorded_at: string | null;
}

export interface UpgradePaymentRecord {
  id: number;
  dropzone_id: number;
  booking_id: number | null;
  upgrade_id: number | null;
  ammount: number;
  currency: string;
  processor_id: string;
  created_at: string;
  updated_at: string;
}

export interface FinanceEventRecord {
  id: number;
  dropzone_id: number;
  booking_id: number | null;
  event_type: string;
  video_entitlement: string;
  camera_requirement: string | null;
  photos: boolean;
  has_4k: boolean;
  raw_footage: boolean;
  centi_credit_change: number;
  centi_total_credits: number;
  comment: string | null;
  product_id: number | null;
  upgrade_payment_id: number | null;
  created_at: string;
  updated_at: string;
  /** Who recorded it at the desk (null: written by a sync or a seed). */
  recorded_by: string | null;
  /** A compensating event: the event it corrects. */
  corrects_event_id: number | null;
}

/** SQLite stores booleans as 0/1; these turn named columns back into booleans. */
export function withBooleans<T>(row: Record<string, unknown>, columns: readonly string[]): T {
  for (const column of columns) row[column] = row[column] === 1;
  return row as T;
}
