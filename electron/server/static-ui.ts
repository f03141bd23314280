import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where `npm run build:renderer` puts the desk UI. DESK_UI_DIR points elsewhere so that two
 * end-to-end runs in one checkout (QA, helpers) do not rebuild each other's UI mid-run.
 */
export const DEFAULT_UI_DIR = process.env.DESK_UI_DIR || fileURLToPath(new URL('../../dist/renderer', import.meta.url));

export { CONTENT_SECURITY_POLICY } from './guards/csp';

/** Serves the built desk UI at `/`; without a build, `/` says how to make one. */
export async function staticUi(app: FastifyInstance, { uiDir }: { uiDir: string }) {
  if (!existsSync(`${uiDir}/index.html`)) {
    app.get('/', async (_request, reply) =>
      reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Dropzone Desk</title><p>The desk UI is not built. Run <code>npm run build:renderer</code> (npm run serve does it for you), then reload.</p>',
        ),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: uiDir,
    prefix: '/',
    index: 'index.html',
    wildcard: true,
    cacheControl: false,
  });
}
