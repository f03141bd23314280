import type { FastifyInstance } from 'fastify';
import { deskRoutes } from '../../../shared/api/desk-routes';
import type { DeskChanges } from '../../common/desk-changes';
import { serveRoute } from '../contract/serve-route';
import type { EventStreams } from '../event-stream';

export interface DeskChangeRoutesOptions {
  changes: DeskChanges;
  streams: EventStreams;
}

/**
 * GET /api/desk/changes: what changed in the caller's dropzone, as Server-Sent Events (`ready`,
 * then one `changes` per burst), for every window to ask again for what it shows. A browser's
 * tabs share one (renderer/src/api/shared-event-stream.ts), so the count of open streams is
 * worth seeing: GET /api/desk/changes/status.
 */
export async function deskChangeRoutes(app: FastifyInstance, { changes, streams }: DeskChangeRoutesOptions) {
  let open = 0;
  serveRoute(app, deskRoutes.deskChanges, ({ request, reply }) => {
    const dropzoneId = request.dropzone!.id;
    streams.open(reply, (send) => {
      open++;
      send('ready', {});
      const unsubscribe = changes.subscribe((ofDropzone, batch) => {
        if (ofDropzone === dropzoneId) send('changes', { changes: batch });
      });
      return () => {
        open--;
        unsubscribe();
      };
    });
    return { status: 200 };
  });
  serveRoute(app, deskRoutes.deskChangeStatus, () => ({ status: 200, body: { open_streams: open } }));
}
