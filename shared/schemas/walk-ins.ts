import { z } from 'zod';
import { LIMITS } from '../limits';
import { bookingShow } from './booking';
import { handEdit } from './hand-edits';
import { text } from './text';

/**
 * Bookings the desk addresses by its own `id` (/api/desk/bookings/by-id/:id), above all walk-ins:
 * bookings made at the desk with no external id (docs/desk-api.md "Walk-ins").
 */

/** POST /api/desk/bookings: a hand edit's fields (no external id: the booking system never booked it); `name` is required. */
export const walkInCreate = handEdit;
export type WalkInCreate = z.infer<typeof walkInCreate>;

/** What a create answers: the record (fields, product, locks) as a Sync API create answers it, with `status: "created"`. */
export const walkInCreated = bookingShow
  .omit({ jump: true, finance_events: true })
  .extend({ status: z.literal('created') });
export type WalkInCreated = z.infer<typeof walkInCreated>;

/**
 * PATCH /api/desk/bookings/by-id/:id: a hand edit, and for a walk-in the external id reception
 * gives it (once; a booking with one keeps it: the booking system owns it).
 */
export const byIdEdit = handEdit.extend({ external_id: text(LIMITS.externalIdMaxLength).optional() });
export type ByIdEdit = z.infer<typeof byIdEdit>;
