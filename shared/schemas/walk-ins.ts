import { z } from 'zod';
import { bookingShow } from './booking';
import { handEdit } from './hand-edits';

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
