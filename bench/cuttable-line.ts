import { once } from 'node:events';
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A line the bench can cut and restore: what `startLine` gives. */
export interface CuttableLine {
  /** Where the line answers (the same address after a restore). */
  url: string;
  /** The port closed and every connection through it destroyed: connection refused from now. */
  cut(): Promise<void>;
  /** The line back, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The line to another desk (the remote, or a paired desk's main desk): a small HTTP relay on a port
 * of its own that can be cut (the port closed: connection refused) and restored on the same port, so
 * the desk's upstream URL, and so its copy, stay the same. It names the target in `Host` (a desk
 * refuses a host not its own). A connection the caller drops (a cut, or a change stream closed) ends
 * its call upstream too, so nothing is left open at the target.
 */
export async function startLine(targetUrl: string): Promise<CuttableLine> {
  const target = new URL(targetUrl);
  const agent = new Agent({ keepAlive: true });
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const relay = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };
  const open = async () => {
    const next = createServer(relay);
    next.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    next.listen(port, '127.0.0.1');
    await once(next, 'listening');
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  const cut = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    for (const socket of sockets) socket.destroy();
    closing.close();
    await once(closing, 'close');
  };
  await open();
  return {
    url: `http://127.0.0.1:${port}`,
    cut,
    restore: open,
    close: async () => {
      await cut();
      agent.destroy();
    },
  };
}
