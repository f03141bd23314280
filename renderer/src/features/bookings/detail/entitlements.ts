import type { FinanceEvent } from '../../../../../shared/schemas/finance';
import { CAMERA_REQUIREMENT_LABELS, VIDEO_ENTITLEMENT_LABELS } from '../../../lib/booking-labels';

/**
 * A finance event's entitlements as badges, compared with the event before it, so the timeline
 * shows what each event changed. Only video_entitlement and camera_requirement and the three
 * flags: the deprecated booleans (selfie, videographer, either_video, socials) are never read.
 */

export type EntitlementChange = 'held' | 'gained' | 'lost';

export interface EntitlementBadge {
  key: string;
  label: string;
  change: EntitlementChange;
}

type Entitled = Pick<FinanceEvent, 'video_entitlement' | 'camera_requirement' | 'photos' | 'has_4k' | 'raw_footage'>;

/** Each entitlement as key → label; keys differ when the value differs. */
function entitlementsOf(e: Entitled): Map<string, string> {
  const out = new Map<string, string>();
  out.set(`video:${e.video_entitlement}`, VIDEO_ENTITLEMENT_LABELS[e.video_entitlement] ?? e.video_entitlement);
  const camera = e.camera_requirement;
  out.set(`camera:${camera ?? 'none'}`, camera === null ? 'No camera' : (CAMERA_REQUIREMENT_LABELS[camera] ?? camera));
  if (e.photos) out.set('photos', 'Photos');
  if (e.has_4k) out.set('4k', '4K');
  if (e.raw_footage) out.set('raw', 'Raw footage');
  return out;
}

/**
 * A manual credit (and its correction, which has its type) changes the credits and no
 * entitlement: it carries the booking's entitlements as they were, whatever a seed or an older
 * service wrote into it, so the timeline shows no entitlement for it, only "credits only".
 */
export function changesCreditsOnly(event: { event_type: string }): boolean {
  return event.event_type === 'manual_credit';
}

/** What event `index` is compared with: the newest earlier one that could change an entitlement. */
export function entitlementBaseline<T extends { event_type: string }>(
  events: readonly T[],
  index: number,
): T | undefined {
  return events.slice(0, index).findLast((e) => !changesCreditsOnly(e));
}

export function entitlementBadges(event: Entitled, previous: Entitled | undefined): EntitlementBadge[] {
  const now = entitlementsOf(event);
  if (!previous) return [...now].map(([key, label]) => ({ key, label, change: 'held' }));
  const before = entitlementsOf(previous);
  const badges: EntitlementBadge[] = [...now].map(([key, label]) => ({
    key,
    label,
    change: before.has(key) ? 'held' : 'gained',
  }));
  // A replaced video or camera value shows as the new one gained; only dropped flags show as lost.
  for (const [key, label] of before) {
    if (!now.has(key) && !key.includes(':')) badges.push({ key, label, change: 'lost' });
  }
  return badges;
}
