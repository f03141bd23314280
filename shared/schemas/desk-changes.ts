import { z } from 'zod';

/**
 * What the desk-wide change stream (GET /api/desk/changes) tells every window: WHAT kind of
 * record changed and WHICH ones, never their contents. A window asks again for what it shows, with
 * its own filters and its own session, so the stream can never leak a record it should not see.
 */
export const DESK_CHANGE_KINDS = [
  'bookings',
  'filmers',
  'check_ins',
  'jumps',
  'ledger',
  'catalogue',
  'imports',
  // Proxy mode's outbox and its connection to the remote: emitted by the outbox's own code.
  'outbox',
  'connection',
] as const;
export type DeskChangeKind = (typeof DESK_CHANGE_KINDS)[number];

/** At most this many ids of one kind in one event; past it the event says `many` instead. */
export const CHANGE_ID_CAP = 100;

export const deskChange = z.object({
  kind: z.enum(DESK_CHANGE_KINDS),
  /** The desk's ids of the records (a booking's, a product's, an import's). */
  ids: z.array(z.number().int()).max(CHANGE_ID_CAP),
  /** The booking system's ids of the records (bookings, filmers), where the change named them so. */
  external_ids: z.array(z.string()).max(CHANGE_ID_CAP),
  /** More records changed than the lists hold (an import, a rematch): take every record of the kind as changed. */
  many: z.boolean(),
});
export type DeskChange = z.infer<typeof deskChange>;

/** The stream's events: `ready` once it is open, then `changes`, one per burst (about 100 ms). */
export const deskChangeEvents = {
  ready: z.object({}),
  changes: z.object({ changes: z.array(deskChange).min(1) }),
};

/** GET /api/desk/changes/status: how many change streams the desk holds open (every window's, every tab's). */
export const deskChangeStatus = z.object({ open_streams: z.number().int() });
