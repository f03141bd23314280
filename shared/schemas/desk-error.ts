import { z } from 'zod';
import { HTTP_ERROR_STATUSES, PROXY_ERROR_STATUSES, SYNC_OUTCOMES, type ResponseStatus } from '../outcomes';

/** Outcomes that are no refusal: never the status of an error. */
const SUCCESSES = ['created', 'ok', 'partial_update'] as const;
type RefusalStatus = Exclude<ResponseStatus, (typeof SUCCESSES)[number]>;
const REFUSAL_STATUSES = [...SYNC_OUTCOMES, ...HTTP_ERROR_STATUSES, ...PROXY_ERROR_STATUSES].filter(
  (status): status is RefusalStatus => !(SUCCESSES as readonly string[]).includes(status),
);

/**
 * The one error shape of the desk API, the Sync API's (spec section 7): `error` says what failed
 * and what to do, `status` names it, `fields` puts a message beside each field of a form, `id`
 * names the record a 404 did not find. Loose: a refusal may say more (`external_id`).
 */
export const deskError = z.looseObject({
  error: z.string(),
  status: z.enum(REFUSAL_STATUSES as [RefusalStatus, ...RefusalStatus[]]),
  fields: z.record(z.string(), z.string()).optional(),
  id: z.number().int().optional(),
});
export type DeskError = z.infer<typeof deskError>;
