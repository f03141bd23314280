import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How the line between the desk and its remote behaves, as a venue meets it:
 * - `pass`: every request goes through unchanged;
 * - `refuse`: nothing listens on the port (connection refused, as when the remote is down);
 * - `hang`: the request is taken and never answered (a dead line with the socket still open);
 * - `slow`: each request waits `delayMs` before it goes on (a congested line);
 * - `status`: the proxy answers `status` itself (a failing remote or its load balancer), with
 *   `Retry-After` when given, and the remote never sees the request;
 * - `reset`: the connection is reset as the request arrives (the remote never sees it);
 * - `reset-after`: the request reaches the remote, which processes it, and the connection is
 *   reset before its answer reaches the desk (the case where only a read can tell what happened);
 *   with `onlyMethod`, only requests of that method (the writes), the others pass.
 */
export type FaultMode =
  | { kind: 'pass' }
  | { kind: 'refuse' }
  | { kind: 'hang' }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  | { kind: 'reset' }
  | { kind: 'reset-after'; onlyMethod?: string };

/** A request on its way through the proxy, as `hold` is asked about it. */
export interface ProxiedRequest {
  method: string;
  /** The path and query as the desk sent them: "/api/f1/sync/bookings?page=1". */
  url: string;
}

/**
 * What the proxy holds while the line passes, besides the mode: `request` keeps a request from the
 * remote until the promise it gives settles; `answer` lets the remote read and answer, then keeps
 * the answer from the desk until the promise it gives settles (what the desk then gets is what the
 * remote held before). Each is asked about every request; undefined lets it through.
 */
export interface HoldRule {
  request?: (request: ProxiedRequest) => Promise<void> | undefined;
  answer?: (request: ProxiedRequest) => Promise<void> | undefined;
}

export interface FaultProxy {
  /** The address the desk is given as its remote. It stays the same across `refuse`. */
  url: string;
  /** Requests that reached the remote, in order: "POST /api/f1/sync/bookings/batch". */
  passed: string[];
  /** The bodies of the requests in `passed`, at the same index (what the remote was sent). */
  passedBodies: string[];
  /** Requests the proxy saw, whatever became of them. */
  seen: string[];
  /**
   * Requests on their way to the remote or being answered by it (a `slow` one waiting included):
   * once it is 0 after the line was cut, nothing the desk sent earlier can still change the remote.
   */
  forwarding(): number;
  /** Switches the line; `refuse` closes the port, leaving it reopens it on the same port. */
  set(mode: FaultMode): Promise<void>;
  mode(): FaultMode;
  /** Holds the requests or answers the rule picks (null: none), whatever the mode. */
  hold(rule: HoldRule | null): void;
  close(): Promise<void>;
}

/**
 * A switchable fault proxy in front of a remote desk (our own server started a second time), for
 * tests of proxy mode's copy and outbox: the test turns the line bad and good again and checks
 * what the desk did meanwhile.
 */
export async function startFaultProxy(remoteUrl: string, initial: FaultMode = { kind: 'pass' }): Promise<FaultProxy> {
  const target = new URL(remoteUrl);
  const passed: string[] = [];
  const passedBodies: string[] = [];
  const seen: string[] = [];
  let mode: FaultMode = { kind: 'pass' };
  let holding: HoldRule | null = null;
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();

  const forward = (
    req: IncomingMessage,
    url: string,
    body: Buffer,
    onAnswer: (answer: IncomingMessage) => void,
    onError: () => void,
  ) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: url,
        headers: { ...req.headers, host: target.host },
      },
      onAnswer,
    );
    upstream.on('error', () => {
      onError();
      req.socket.destroy();
    });
    upstream.end(body);
  };

  let forwarding = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    forwarding += 1;
    let released = false;
    const release = () => {
      if (!released) forwarding -= 1;
      released = true;
    };
    try {
      await handleCounted(req, res, release);
    } catch {
      release();
    }
  };

  const handleCounted = async (req: IncomingMessage, res: ServerResponse, release: () => void) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = req.url ?? '/';
    const key = `${req.method ?? 'GET'} ${url.split('?')[0]}`;
    seen.push(key);
    const now = mode;
    switch (now.kind) {
      case 'hang':
        release();
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      case 'reset':
        release();
        req.socket.resetAndDestroy();
        return;
      case 'status': {
        release();
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (now.retryAfterSeconds !== undefined) headers['retry-after'] = String(now.retryAfterSeconds);
        res.writeHead(now.status, headers);
        res.end(JSON.stringify({ status: 'service_unavailable', error: `fault proxy answers ${now.status}` }));
        return;
      }
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, now.delayMs));
        break;
      default:
        break;
    }
    const asked: ProxiedRequest = { method: req.method ?? 'GET', url };
    await holding?.request?.(asked);
    passed.push(key);
    passedBodies.push(Buffer.concat(chunks).toString('utf8'));
    forward(
      req,
      url,
      Buffer.concat(chunks),
      (answer) => {
        answer.on('end', release);
        answer.on('error', release);
        answer.on('close', release);
        if (now.kind === 'reset-after' && (now.onlyMethod === undefined || now.onlyMethod === req.method)) {
          // The remote has processed the request and answered: drop its answer on the floor.
          answer.resume();
          answer.on('end', () => req.socket.resetAndDestroy());
          return;
        }
        const pass = () => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        };
        const held = holding?.answer?.(asked);
        if (!held) {
          pass();
          return;
        }
        answer.pause();
        void held.then(pass, pass);
      },
      release,
    );
  };

  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    const next = createServer((req, res) => void handle(req, res));
    next.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    });
    next.listen(port, '127.0.0.1');
    await once(next, 'listening');
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  const shut = async () => {
    if (!server) return;
    const closing = server;
    server = undefined;
    for (const res of hanging) res.destroy();
    for (const socket of sockets) socket.destroy();
    closing.close();
    await once(closing, 'close');
  };

  await open();
  const set = async (next: FaultMode) => {
    const wasRefusing = mode.kind === 'refuse';
    mode = next;
    if (next.kind === 'refuse' && !wasRefusing) await shut();
    if (next.kind !== 'refuse' && wasRefusing) await open();
    // A line that stops hanging lets go of what it held: those requests end as resets.
    if (next.kind !== 'hang') for (const res of hanging) res.destroy();
  };
  await set(initial);

  return {
    url: `http://127.0.0.1:${port}`,
    passed,
    passedBodies,
    seen,
    forwarding: () => forwarding,
    set,
    mode: () => mode,
    hold: (rule) => {
      holding = rule;
    },
    close: shut,
  };
}
