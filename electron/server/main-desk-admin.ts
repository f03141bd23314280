import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_HEADER } from '../../shared/schemas/admin';
import { jsonOf } from '../common/json-of';
import type { DeskConnection } from '../proxy/connection';
import { sendError } from './reply';

/**
 * A paired desk's administrator guard: the passphrase and its unlocks are the main desk's, the same
 * for every desk of the venue, so the window's unlock (X-Desk-Admin, from the main desk's
 * POST /api/desk/admin/unlock) is checked there. The main desk checks it again on every call passed
 * on to it; this guard is for the paired desk's own administrator routes (its connection).
 */
export function mainDeskAdminGuard(connection: DeskConnection) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.headers[ADMIN_HEADER.toLowerCase()];
    const result = await connection.mainDeskCall({
      method: 'GET',
      path: '/api/desk/admin',
      headers: { accept: 'application/json', ...(typeof token === 'string' ? { [ADMIN_HEADER]: token } : {}) },
    });
    if (!result.ok)
      return reply
        .code(503)
        .header('retry-after', '10')
        .send({
          error: `an administrator action: the unlock is the main desk's, and it does not answer (${result.failure.cause})`,
          status: 'main_desk_unreachable',
        });
    if (result.statusCode === 200 && (jsonOf(result.body) as { unlocked?: unknown } | undefined)?.unlocked === true)
      return;
    return sendError(
      reply,
      'forbidden',
      "an administrator action: unlock with the venue's administrator passphrase first (Settings → Administrator; it is the main desk's)",
      { admin: 'locked' },
    );
  };
}
