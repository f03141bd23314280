import { z } from 'zod';
import { wellFormedString } from './text';

/**
 * The desk API for booking-system tokens (/api/desk/api-tokens): the bearer tokens a booking
 * system sends to /api/f1/sync. The token itself is shown once, in the answer that creates it;
 * only its hash is stored, so no list ever carries it. docs/desk-api.md describes the endpoints.
 */

export const API_TOKEN_LIMITS = {
  maxLabelLength: 100,
} as const;

// ---- requests -------------------------------------------------------------------------------

/** POST /api/desk/api-tokens: a label tells the tokens apart ("Booking system at the front desk"). */
export const apiTokenCreate = z.strictObject({
  label: wellFormedString({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(API_TOKEN_LIMITS.maxLabelLength, { error: `must be at most ${API_TOKEN_LIMITS.maxLabelLength} characters` }),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreate>;

// ---- responses ------------------------------------------------------------------------------

/** A token as listed: never the token, never its hash (strict, so a stray field fails the tests that parse it). */
export const apiTokenInfo = z.strictObject({
  id: z.number().int(),
  label: z.string(),
  created_at: z.string(),
});
export type ApiTokenInfo = z.infer<typeof apiTokenInfo>;

/** GET /api/desk/api-tokens: the caller's dropzone's tokens, oldest first. */
export const apiTokenList = z.array(apiTokenInfo);

/** 201 of POST /api/desk/api-tokens: the one answer that carries the token. */
export const apiTokenCreated = apiTokenInfo.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;
