import { z } from 'zod';

/**
 * The administrator guard (docs/desk-api.md "Administrator"): a desk is shared by everyone at
 * reception, so what only an administrator may do (the catalogue, manual credits and corrections,
 * API tokens, the connection) needs the administrator passphrase, unlocked per window for a while.
 */

/** The header a window sends its unlock in, on administrator routes (shared/api `guard: 'admin'`). */
export const ADMIN_HEADER = 'X-Desk-Admin';
/** An unlock ends after this long without an administrator action (each one starts it again). */
export const ADMIN_IDLE_MINUTES = 15;
export const PASSPHRASE_MIN_LENGTH = 8;
export const PASSPHRASE_MAX_LENGTH = 200;

const passphrase = z
  .string({ error: 'must be text' })
  .min(PASSPHRASE_MIN_LENGTH, { error: `must be at least ${PASSPHRASE_MIN_LENGTH} characters` })
  .max(PASSPHRASE_MAX_LENGTH, { error: `must be at most ${PASSPHRASE_MAX_LENGTH} characters` });

/** GET /api/desk/admin: whether a passphrase is set, and whether this window holds an unlock. */
export const adminView = z.strictObject({
  passphrase_set: z.boolean(),
  set_at: z.string().nullable(),
  unlocked: z.boolean(),
  expires_at: z.string().nullable(),
  idle_minutes: z.number().int(),
});
export type AdminView = z.infer<typeof adminView>;

/** PUT /api/desk/admin/passphrase: the first one needs no current passphrase; a change does. */
export const passphraseWrite = z.strictObject(
  {
    passphrase,
    current_passphrase: z
      .string({ error: 'must be text' })
      .max(PASSPHRASE_MAX_LENGTH, { error: `must be at most ${PASSPHRASE_MAX_LENGTH} characters` })
      .optional(),
  },
  { error: 'must be an object' },
);

/** POST /api/desk/admin/unlock. */
export const unlockInput = z.strictObject(
  {
    passphrase: z
      .string({ error: 'must be text' })
      .min(1, { error: 'must not be empty' })
      .max(PASSPHRASE_MAX_LENGTH, { error: `must be at most ${PASSPHRASE_MAX_LENGTH} characters` }),
  },
  { error: 'must be an object' },
);

/** An unlock: the window keeps `admin_token` in memory only and sends it as ADMIN_HEADER. */
export const adminUnlocked = z.strictObject({
  admin_token: z.string(),
  expires_at: z.string(),
  idle_minutes: z.number().int(),
});
export type AdminUnlocked = z.infer<typeof adminUnlocked>;

/** Why an administrator route refused (the `admin` field of its 403), so a window knows what to ask for. */
export const ADMIN_REFUSALS = ['passphrase_not_set', 'locked'] as const;
export type AdminRefusal = (typeof ADMIN_REFUSALS)[number];
