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

/** The keys of a shape whose values, when present, are of type `T`. */
type KeysHolding<Shape extends z.ZodRawShape, T> = {
  [K in keyof Shape]: [NonNullable<z.output<Shape[K]>>] extends [T] ? K : never;
}[keyof Shape] &
  string;

/** What a field's schema holds when it holds something ('string', 'boolean', …): without `.optional()` and `.nullable()`. */
function heldType(schema: z.core.$ZodType): string {
  const def = schema._zod.def;
  if (def.type === 'optional' || def.type === 'nullable') return heldType((def as z.core.$ZodOptionalDef).innerType);
  return def.type;
}

/** The fields of an object schema's shape that hold true or false, in the shape's order. */
export function booleanFields<Shape extends z.ZodRawShape>(shape: Shape): KeysHolding<Shape, boolean>[] {
  return Object.keys(shape).filter((key) => heldType(shape[key]!) === 'boolean') as KeysHolding<Shape, boolean>[];
}

/** The fields of an object schema's shape that hold text (an enum's words too), in the shape's order. */
export function textFields<Shape extends z.ZodRawShape>(shape: Shape): KeysHolding<Shape, string>[] {
  const text = new Set(['string', 'enum']);
  return Object.keys(shape).filter((key) => text.has(heldType(shape[key]!))) as KeysHolding<Shape, string>[];
}

/** `{ a: true, b: true }` from `['a', 'b']`: a `pick` mask from a list of keys, so the list is written once. */
export function keyMask<Key extends string>(keys: readonly Key[]): Record<Key, true> {
  return Object.fromEntries(keys.map((key) => [key, true])) as Record<Key, true>;
}
