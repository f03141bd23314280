/**
 * A booking's album (`album_status_raw`, spec 2.1 and 3: "set of states and transitions: not
 * shown"). The desk's states, and what moves a booking between them (docs/spec-decisions.md):
 *
 *   (none) ──send preview──► preview_sent ──convert at reception──► delivered_paid
 *   (none) ──deliver (booking has a paid product)─────────────────► delivered_paid
 *
 * A correction of the event that moved it moves it back. Other values (a seed, an older service)
 * are shown as they are and allow no delivery action.
 */
export const ALBUM_STATES = ['preview_sent', 'delivered_paid'] as const;
export type AlbumState = (typeof ALBUM_STATES)[number];

export type AlbumStage = 'none' | 'preview' | 'delivered' | 'other';

/** Where an album stands, whatever its raw value: the `delivered_*` family counts as delivered. */
export function albumStage(raw: string | null): AlbumStage {
  if (raw === null || raw === '') return 'none';
  // `delivered_preview` (a value the service is known to send) is a free preview, not paid content.
  if (raw === 'preview_sent' || raw === 'delivered_preview') return 'preview';
  if (raw === 'delivered' || raw.startsWith('delivered_')) return 'delivered';
  return 'other';
}

/** Something reached the customer (a preview or paid content): the 60-day reuse rule counts from here. */
export function albumReachedCustomer(raw: string | null): boolean {
  const stage = albumStage(raw);
  return stage === 'preview' || stage === 'delivered';
}
