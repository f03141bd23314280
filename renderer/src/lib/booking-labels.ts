import type { MantineColor } from '@mantine/core';
import type { CameraRequirement, VideoEntitlement } from '../../../shared/schemas/finance';

/**
 * Words a desk user reads instead of the wire values. Unknown values (the remote service may
 * send new ones) fall through to the raw string, never to a wrong guess.
 */

interface EventTypeText {
  label: string;
  /** Spec section 6, shown on hover. */
  meaning: string;
}

export const EVENT_TYPES: Record<string, EventTypeText> = {
  regular: {
    label: 'Paid content delivered',
    meaning: 'First delivery of paid content for a directly booked customer.',
  },
  preview: {
    label: 'Free preview',
    meaning: 'Free preview/watermarked delivery to a customer who has not purchased. Credit change is always 0.',
  },
  preview_converted: {
    label: 'Converted online (legacy)',
    meaning:
      'Legacy type (before October 2025): a prospect converted to paying online. Superseded by “Converted at reception”.',
  },
  reception_conversion: {
    label: 'Converted at reception',
    meaning: 'A prospect became a paying customer at reception (staff assigned a paid product after a free preview).',
  },
  reception_upgrade: {
    label: 'Upgrade at reception',
    meaning: 'Upgrade performed at reception by staff that changed credits or entitlements.',
  },
  upgrade: {
    label: 'Upgrade bought online',
    meaning: 'Customer bought an upgrade online through a payment processor. The only type with an actual payment.',
  },
  manual_credit: {
    label: 'Manual credit adjustment',
    meaning: 'Manual credit adjustment by an administrator (refunds, goodwill credits and similar).',
  },
  unspecified: {
    label: 'Other change',
    meaning: 'Fallback when no other type matches (for example a product change with no credit or entitlement change).',
  },
};

export function eventTypeText(type: string): EventTypeText & { known: boolean } {
  const known = Object.hasOwn(EVENT_TYPES, type);
  return known
    ? { ...EVENT_TYPES[type]!, known }
    : { label: type, meaning: 'An event type this desk does not know; shown as the server sent it.', known };
}

export const VIDEO_ENTITLEMENT_LABELS: Record<VideoEntitlement, string> = {
  none: 'No video',
  all: 'All video + social clips',
  main: 'Main edit',
  highlights: 'Highlights edit',
  insta: 'Instagram clip',
  freefall: 'Freefall edit',
};

export const CAMERA_REQUIREMENT_LABELS: Record<CameraRequirement, string> = {
  either: 'Either camera',
  selfie: 'Selfie camera',
  videographer: 'Videographer camera',
  both: 'Selfie + videographer',
};

/** The jump's `camera`: an open string on the wire. */
const JUMP_CAMERA_LABELS: Record<string, string> = {
  selfie: 'Selfie',
  handcam: 'Handcam',
  videographer: 'Videographer',
  both: 'Selfie + videographer',
};

export const jumpCameraLabel = (camera: string | null): string | null =>
  camera === null ? null : (JUMP_CAMERA_LABELS[camera] ?? camera);

/** `album_status_raw` is an open set (spec 3); the ones the service is known to send get words. */
const ALBUM_STATUSES: Record<string, { label: string; color: MantineColor }> = {
  delivered_paid: { label: 'Delivered · paid', color: 'teal' },
  preview_sent: { label: 'Free preview sent', color: 'yellow' },
  delivered_preview: { label: 'Delivered · preview', color: 'yellow' },
  delivered_free: { label: 'Delivered · free', color: 'teal' },
  delivered: { label: 'Delivered', color: 'teal' },
  uploaded: { label: 'Uploaded', color: 'sky' },
  processing: { label: 'Processing', color: 'indigo' },
  pending: { label: 'Pending', color: 'gray' },
};

export function albumStatus(raw: string | null): { label: string; color: MantineColor; known: boolean } {
  if (raw === null) return { label: 'No album yet', color: 'gray', known: true };
  const known = ALBUM_STATUSES[raw];
  return known ? { ...known, known: true } : { label: raw, color: 'gray', known: false };
}

/** A language code with its name where the browser knows it: "nl" → "Dutch (nl)". */
export function languageLabel(code: string | null): string | null {
  if (!code) return null;
  try {
    const name = new Intl.DisplayNames(undefined, { type: 'language' }).of(code);
    return name && name.toLowerCase() !== code.toLowerCase() ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
