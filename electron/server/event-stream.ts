import type { FastifyReply } from 'fastify';
import { PassThrough } from 'node:stream';

/** Between events, a comment line this often: a dead connection shows up, and nothing in between times it out. */
export const KEEP_ALIVE_MS = 2_000;

/** Writes one Server-Sent Event (its data one JSON line). */
export type SendEvent = (event: string, data: unknown) => void;

/**
 * Server-Sent Events (text/event-stream) over an ordinary authenticated GET: the page reads them
 * with fetch, so the desk's bearer token goes in a header as on every call, never in a URL.
 * `closeAll` ends every open stream as the server stops, so none holds up its close.
 */
export class EventStreams {
  private readonly ends = new Set<() => void>();

  /**
   * Answers with a stream. `start` writes what the watcher needs first, subscribes to what comes
   * next, and returns its unsubscribe, called when the watcher goes away or the server stops.
   */
  open(reply: FastifyReply, start: (send: SendEvent) => () => void): FastifyReply {
    const stream = new PassThrough();
    const send: SendEvent = (event, data) => void stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    const unsubscribe = start(send);
    const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS).unref();
    const end = () => {
      if (!this.ends.delete(end)) return;
      clearInterval(keepAlive);
      unsubscribe();
      stream.end();
    };
    this.ends.add(end);
    reply.raw.on('close', end);
    return reply.header('content-type', 'text/event-stream; charset=utf-8').send(stream);
  }

  closeAll(): void {
    for (const end of [...this.ends]) end();
  }
}
