import type { FastifyInstance } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import { ADMIN_IDLE_MINUTES } from '../../../shared/schemas/admin';
import type { AdminUnlocks, UnlockResult } from '../admin-unlocks';
import { serveRoute } from '../contract/serve-route';
import { refusal } from '../contract/answers';

export interface AdminRoutesOptions {
  unlocks: AdminUnlocks;
}

type Refused = Extract<UnlockResult, { ok: false }>;

const unlocked = (result: Extract<UnlockResult, { ok: true }>) => ({
  status: 200 as const,
  body: { admin_token: result.adminToken, expires_at: result.expiresAt, idle_minutes: ADMIN_IDLE_MINUTES },
});
const tooMany = (result: Refused) =>
  refusal('too_many_requests', `too many wrong passphrases in a row: try again in ${result.retryAfterSeconds} seconds`);

/** GET /api/desk/admin, the passphrase, unlock and lock (docs/desk-api.md "Administrator"). */
export async function adminRoutes(app: FastifyInstance, { unlocks }: AdminRoutesOptions) {
  serveRoute(app, deskRoutes.getAdmin, ({ request }) => ({ status: 200, body: unlocks.status(request) }));
  serveRoute(app, deskRoutes.unlockAdmin, async ({ request, reply, body }) => {
    const result = await unlocks.unlock(request.dropzone!.id, body.passphrase);
    if (result.ok) return unlocked(result);
    if (result.why === 'wait') {
      reply.header('Retry-After', String(result.retryAfterSeconds));
      return tooMany(result);
    }
    if (result.why === 'not_set')
      return refusal('conflict', 'no administrator passphrase is set yet: set one first (Settings → Administrator)');
    return refusal('forbidden', 'that is not the administrator passphrase');
  });
  serveRoute(app, deskRoutes.setAdminPassphrase, async ({ request, reply, body }) => {
    const result = await unlocks.setPassphrase(request.dropzone!.id, body.passphrase, body.current_passphrase);
    if (result.ok) return unlocked(result);
    if (result.why === 'wait') {
      reply.header('Retry-After', String(result.retryAfterSeconds));
      return tooMany(result);
    }
    return refusal(
      'forbidden',
      'current_passphrase is not the administrator passphrase: changing it needs the current one',
      { fields: { current_passphrase: 'is not the administrator passphrase' } },
    );
  });
  serveRoute(app, deskRoutes.lockAdmin, ({ request }) => {
    unlocks.lock(request);
    return { status: 204 };
  });
}
