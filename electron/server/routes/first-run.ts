import type { FastifyInstance } from 'fastify';
import { desksRoutes } from '../../../shared/api/desks-routes';
import type { FirstRunQuestion } from '../../desks/first-run';
import { refusal } from '../contract/answers';
import { serveRoute } from '../contract/serve-route';
import { isLanRequest } from '../lan-gate';

export interface FirstRunOptions {
  question: FirstRunQuestion;
  dataDir: string;
  /** After a join: the desk starts again, now as the main desk's paired desk (the app's shell restarts the server). */
  restart: () => void;
}

/**
 * POST /api/desk/first-run: the desktop app's "Start as the main desk, or join one?" (docs/desks.md).
 * Only this desk's own window answers it (never a call over the LAN), and only while it is open.
 */
export async function firstRunRoutes(app: FastifyInstance, options: { firstRun?: FirstRunOptions }) {
  const { firstRun } = options;
  serveRoute(app, desksRoutes.firstRun, async ({ request, reply, body }) => {
    if (isLanRequest(request))
      return refusal('not_found', `no such endpoint on the LAN: POST ${desksRoutes.firstRun.path}`);
    if (!firstRun?.question.open())
      return refusal(
        'conflict',
        'this desk has been set up already: to let other desks join it, or to see which desk it is paired with, open Settings → Desks',
      );
    if (body.role === 'main') {
      firstRun.question.answered();
      return { status: 200, body: { role: 'main', main_name: null, restarting: false } };
    }
    // Loaded for a join only: it brings undici to the desk (as `serve --join` does).
    const { joinMainDesk, JoinError } = await import('../../desks/join');
    try {
      const pairing = await joinMainDesk({
        url: body.url,
        code: body.code,
        name: body.name,
        dataDir: firstRun.dataDir,
      });
      firstRun.question.answered();
      // Once the answer has left: the window then waits for the desk to be back, as the paired desk.
      reply.raw.once('finish', () => firstRun.restart());
      return { status: 200, body: { role: 'join', main_name: pairing.mainName, restarting: true } };
    } catch (error) {
      if (!(error instanceof JoinError)) throw error;
      // Nothing was kept: joinMainDesk writes the pairing only once the main desk has given a credential.
      return refusal('unprocessable_content', error.message, error.code ? { code: error.code } : {});
    }
  });
}
