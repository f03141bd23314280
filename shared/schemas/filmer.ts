import { z } from 'zod';
import { LIMITS } from '../limits';
import { text } from './text';
const flag = z.boolean({ error: 'must be true or false' });

/** The writable fields of a filmer (spec 4.2), plus `id` to address an update. Strict. */
export const filmerWrite = z.strictObject(
  {
    id: z
      .number({ error: 'must be an integer' })
      .int({ error: 'must be an integer' })
      .positive({ error: 'must be a positive integer' })
      .optional(),
    external_id: text(LIMITS.externalIdMaxLength).nullable().optional(),
    external_service: text().nullable().optional(),
    name: text().nullable().optional(),
    email: text().nullable().optional(),
    tandem_instructor: flag.optional(),
    videographer: flag.optional(),
    active: flag.optional(),
  },
  { error: 'must be a filmer object' },
);
export type FilmerWrite = z.infer<typeof filmerWrite>;

export const filmer = z.looseObject({
  id: z.number().int(),
  external_id: z.string().nullable(),
  external_service: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  tandem_instructor: z.boolean(),
  videographer: z.boolean(),
  active: z.boolean(),
});
export type Filmer = z.infer<typeof filmer>;
export const filmerList = z.array(filmer);
