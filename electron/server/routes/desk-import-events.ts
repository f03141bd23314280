import type { FastifyInstance } from 'fastify';
import type { ImportRunner } from '../../imports/import-runner';
import type { EventStreams } from '../event-stream';

export interface ImportEventRoutesOptions {
  runner: ImportRunner;
  streams: EventStreams;
}

/**
 * GET /api/desk/imports/events: the progress of the imports the desk is sending, for every window
 * of the caller's dropzone (the wizard that handed one over, the status bar, a second window's
 * history). First a `snapshot` of the imports being sent, then a `progress` event at every step of
 * each: every batch answered, Cancel asked for, the end (state finished or cancelled).
 */
export async function importEventRoutes(app: FastifyInstance, { runner, streams }: ImportEventRoutesOptions) {
  app.get('/imports/events', (request, reply) => {
    const dropzoneId = request.dropzone!.id;
    return streams.open(reply, (send) => {
      send('snapshot', { imports: runner.running(dropzoneId) });
      return runner.subscribe((ofDropzone, progress) => {
        if (ofDropzone === dropzoneId) send('progress', progress);
      });
    });
  });
}
