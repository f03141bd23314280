import type { CameraRequirement, VideoEntitlement } from '../schemas/finance';

/** What a booking is entitled to: the fields of a finance event that "drive behaviour" (spec 2.5). */
export interface Entitlements {
  video_entitlement: VideoEntitlement;
  camera_requirement: CameraRequirement | null;
  photos: boolean;
  has_4k: boolean;
  raw_footage: boolean;
}

/** The product fields that say what it entitles a booking to. */
export interface ProductFlags {
  photos: boolean;
  selfie: boolean;
  videographer: boolean;
  either_video: boolean;
  socials: boolean;
  has_4k: boolean;
  raw_footage: boolean;
}

/**
 * What a product entitles its booking to. The camera requirement follows the product's camera
 * flags. The video entitlement is the product's own when the catalogue sets one (a highlights-only
 * package), else video with social clips is `all` and without them `main` (docs/spec-decisions.md).
 * No camera means no video.
 */
export function entitlementsOf(product: ProductFlags & { video_entitlement?: VideoEntitlement | null }): Entitlements {
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
  const own = product.video_entitlement;
  const video_entitlement: VideoEntitlement =
    camera_requirement === null ? 'none' : own && own !== 'none' ? own : product.socials ? 'all' : 'main';
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

export const NO_ENTITLEMENTS: Entitlements = {
  video_entitlement: 'none',
  camera_requirement: null,
  photos: false,
  has_4k: false,
  raw_footage: false,
};

/** What an upgrade adds: any of these, on top of what the booking has (docs/spec-decisions.md, "Upgrades"). */
export interface UpgradeGrant {
  grants_video_entitlement: VideoEntitlement | null;
  grants_photos: boolean;
  grants_4k: boolean;
  grants_raw_footage: boolean;
}

/**
 * How much video an entitlement holds, for merging an upgrade into it: the single edits (highlights,
 * Instagram clip, freefall) are below the main edit, which is below everything. An upgrade never
 * takes video away.
 */
const VIDEO_RANK: Record<VideoEntitlement, number> = { none: 0, insta: 1, freefall: 1, highlights: 1, main: 2, all: 3 };

/** The entitlements after an upgrade: the larger video entitlement, and every extra the upgrade grants. */
export function withUpgrade(current: Entitlements, grant: UpgradeGrant): Entitlements {
  const video = grant.grants_video_entitlement;
  const raises = video !== null && VIDEO_RANK[video] > VIDEO_RANK[current.video_entitlement];
  return {
    video_entitlement: raises ? video : current.video_entitlement,
    // The camera is what filmed the jump: no upgrade changes it.
    camera_requirement: current.camera_requirement,
    photos: current.photos || grant.grants_photos,
    has_4k: current.has_4k || grant.grants_4k,
    raw_footage: current.raw_footage || grant.grants_raw_footage,
  };
}

export function sameEntitlements(a: Entitlements, b: Entitlements): boolean {
  return (
    a.video_entitlement === b.video_entitlement &&
    a.camera_requirement === b.camera_requirement &&
    a.photos === b.photos &&
    a.has_4k === b.has_4k &&
    a.raw_footage === b.raw_footage
  );
}
