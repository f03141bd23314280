import type { CameraRequirement, VideoEntitlement } from '../../shared/schemas/finance';
import type { ProductRecord } from '../store/records';

export interface Entitlements {
  video_entitlement: VideoEntitlement;
  camera_requirement: CameraRequirement | null;
  photos: boolean;
  has_4k: boolean;
  raw_footage: boolean;
}

/** The product fields that say what it entitles a booking to. */
export type ProductFlags = Pick<ProductRecord, 'photos' | 'selfie' | 'videographer' | 'either_video' | 'socials' | 'has_4k' | 'raw_footage'>;

/**
 * What a product entitles its booking to. Video with social clips is `all`, video without them
 * is `main`; the camera requirement follows the product's camera flags (docs/spec-decisions.md).
 */
export function entitlementsOf(product: ProductFlags): Entitlements {
  const camera_requirement: CameraRequirement | null =
    product.selfie && product.videographer
      ? 'both'
      : product.selfie
        ? 'selfie'
        : product.videographer
          ? 'videographer'
          : product.either_video
            ? 'either'
            : null;
  const video_entitlement: VideoEntitlement = camera_requirement === null ? 'none' : product.socials ? 'all' : 'main';
  return {
    video_entitlement,
    camera_requirement,
    photos: product.photos,
    has_4k: product.has_4k,
    raw_footage: product.raw_footage,
  };
}

/** The deprecated booleans of a finance event, derived exactly as the spec's table says (2.5). */
export function deprecatedBooleans(e: { video_entitlement: string; camera_requirement: string | null }) {
  return {
    selfie: e.camera_requirement === 'selfie' || e.camera_requirement === 'both',
    videographer: e.camera_requirement === 'videographer' || e.camera_requirement === 'both',
    either_video: e.camera_requirement === 'either',
    socials: e.video_entitlement === 'all',
  };
}
