import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request passing through the gate, before it goes on. */
export interface GatedRequest {
  method: string;
  url: string;
}

export interface Gate {
  url: string;
  /** Requests that reached the remote, in order: "POST /api/f1/sync/bookings/batch". */
  passed: string[];
  close(): Promise<void>;
}

/**
 * A plain forwarder in front of a remote desk (our own server started a second time): every
 * request goes through unchanged, after `beforeForward` has had its say. A test holds a batch
 * there to act while an import is surely mid-send (a slow network, as a person would meet it),
 * or acts on the remote first (another desk deleting a filmer between the look-up and the send).
 */
export async function startGate(
  remoteUrl: string,
  beforeForward: (request: GatedRequest) => Promise<void> | void = () => undefined,
): Promise<Gate> {
  const target = new URL(remoteUrl);
  const passed: string[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const key = `${method} ${url.split('?')[0]}`;
    try {
      await beforeForward({ method, url });
    } catch {
      res.destroy();
      return;
    }
    passed.push(key);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method, path: url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(Buffer.concat(chunks));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    passed,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A door that opens once: `reached` when the held request arrived, `open()` lets it (and any after it) through. */
export function door() {
  let reach: () => void = () => undefined;
  let open: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    reached,
    open,
    /** Waits here: marks the door reached and waits until it is opened. */
    hold: async () => {
      reach();
      await opened;
    },
  };
}
