import { z } from 'zod';
import { isIsoDate } from '../dates';

/** A `YYYY-MM-DD` calendar date. */
export const isoDate = z.string().refine(isIsoDate, { message: 'must be a date in the form YYYY-MM-DD' });

/** ISO 8601 instant as the server writes it (UTC, milliseconds). */
export const isoDateTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)) && s.includes('T'), {
  message: 'must be an ISO 8601 date-time',
});

export const pagination = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total_pages: z.number().int(),
  total_count: z.number().int(),
  next_page: z.number().int().nullable(),
  prev_page: z.number().int().nullable(),
});
export type Pagination = z.infer<typeof pagination>;

/** Any error or outcome body: `status` plus `error` or `errors` (spec section 7). */
export const errorBody = z.looseObject({
  status: z.string(),
  error: z.string().optional(),
  errors: z.array(z.string()).optional(),
  id: z.union([z.number(), z.string()]).optional(),
  external_id: z.string().nullable().optional(),
  /** Desk extension: the message for each offending field, for forms to show beside it. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
