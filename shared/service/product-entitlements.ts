import type { CameraRequirement, VideoEntitlement } from '../schemas/finance';
import { deprecatedBooleans, entitlementsOf, type Entitlements, type ProductFlags } from './entitlements';

/**
 * What the catalogue's administrator enters for a product: its entitlements (spec 2.5's fields),
 * not the spec's product booleans (2.3). The booleans are derived from them exactly as a finance
 * event's deprecated booleans are (deprecatedBooleans), and entitlementsOf gives the entry back.
 */
export type ProductEntitlements = Entitlements;

/** The product columns that store an entry: the spec's flags and the desk's own video entitlement. */
export interface StoredProductEntitlements extends ProductFlags {
  video_entitlement: VideoEntitlement | null;
}

/** The stored columns of an entry. Only consistent entries (productEntitlementProblems: none) round-trip. */
export function storedEntitlements(entry: ProductEntitlements): StoredProductEntitlements {
  const { selfie, videographer, either_video, socials } = deprecatedBooleans(entry);
  return {
    selfie,
    videographer,
    either_video,
    socials,
    photos: entry.photos,
    has_4k: entry.has_4k,
    raw_footage: entry.raw_footage,
    // Stored as entered: `main` and `all` could be derived from socials, the single edits cannot.
    video_entitlement: entry.video_entitlement,
  };
}

/** A product's entitlements, as the admin form shows them (entitlementsOf: derived for seeded products). */
export const productEntitlements = (product: StoredProductEntitlements): ProductEntitlements => entitlementsOf(product);

/**
 * What is wrong with an entry, by field: video and a camera go together (spec 2.5: the camera
 * requirement is "null when … video_entitlement none"), so `none` takes no camera and any video
 * needs one.
 */
export function productEntitlementProblems(entry: {
  video_entitlement: VideoEntitlement;
  camera_requirement: CameraRequirement | null;
}): Record<string, string> {
  if (entry.video_entitlement === 'none' && entry.camera_requirement !== null) {
    return { camera_requirement: 'must be none when video_entitlement is none (no video, no camera)' };
  }
  if (entry.video_entitlement !== 'none' && entry.camera_requirement === null) {
    return {
      camera_requirement: `must name the camera (either, selfie, videographer or both) for video_entitlement ${entry.video_entitlement}`,
    };
  }
  return {};
}
