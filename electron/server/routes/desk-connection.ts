import type { FastifyInstance } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { DeskConnection } from '../../proxy/connection';
import type { SettingsProblem } from '../../proxy/settings';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';

export interface ConnectionRoutesOptions {
  connection: DeskConnection;
}

/** A change the schema allows but the settings' rules do not (proxy mode without a URL). */
const problem = ({ field, error }: SettingsProblem) =>
  refusal('unprocessable_content', `${field} ${error}`, { fields: { [field]: error } });

/**
 * /api/desk/connection: the settings of proxy mode (credentials never shown), changing them
 * (applied at once, no restart) and testing a remote before or after saving it. No body at all
 * is an empty change (a form may send none); a JSON `null` is a body, and no object (the table).
 */
export async function connectionRoutes(app: FastifyInstance, { connection }: ConnectionRoutesOptions) {
  serveRoute(app, deskRoutes.getConnection, () => ({ status: 200, body: connection.view() }));

  serveRoute(app, deskRoutes.putConnection, ({ body }) => {
    const result = connection.update(body);
    return result.ok ? { status: 200, body: result.view } : problem(result.problem);
  });

  serveRoute(app, deskRoutes.testConnection, async ({ body }) => {
    const result = await connection.test(body);
    return result.ok ? { status: 200, body: result.result } : problem(result.problem);
  });
}
