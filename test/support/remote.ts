import { once } from 'node:events';
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import type { HealthTiming } from '../../electron/proxy/health';
import { startTestDesk, type ApiResponse, type TestDesk } from './desk';
import { BASE_SEED } from './seed';
import { waitFor } from './wait-for';

/**
 * Proxy mode's test parts. The remote is our own server started a second time, on its own
 * seeded store with its own tokens; the small fakes below stand in only for remotes that
 * misbehave in ways our server never would (a wrong shape, silence).
 */

/** The remote's token: the desk under test must send this one, and never its own. */
export const REMOTE_TOKEN = 'remote-token-cccccccccccccccc';
export const REMOTE_OTHER_TOKEN = 'remote-token-dddddddddddddddd';

/** Health checks in tests: quick, so recovery shows within a second. */
export const FAST_HEALTH: HealthTiming = { okIntervalMs: 200, backoffStartMs: 50, backoffMaxMs: 200 };

/** The base seed with other tokens, one more product and one more booking: the remote is told apart by them. */
export const REMOTE_SEED = (() => {
  const seed = structuredClone(BASE_SEED) as any;
  seed.dropzones[0].name = 'Remote Dropzone';
  seed.dropzones[0].api_tokens = [REMOTE_TOKEN];
  seed.dropzones[0].products.push({
    id: 6,
    name: 'Remote-only package',
    booking_system_name: 'Remote',
    price_cents: 1000,
    centi_credits: 10,
  });
  seed.dropzones[0].bookings.push({
    id: 105,
    external_id: 'REMOTE-ONLY',
    name: 'Remote Rita',
    email: 'rita@example.com',
    jump_on: '2026-06-22',
  });
  seed.dropzones[1].api_tokens = [REMOTE_OTHER_TOKEN];
  return seed;
})();

export function startRemoteDesk(options: { dataDir?: string; port?: number; fresh?: boolean } = {}): Promise<TestDesk> {
  return startTestDesk({
    seed: options.fresh === false ? null : REMOTE_SEED,
    dataDir: options.dataDir,
    port: options.port,
  });
}

/** Calls the remote directly, with its own token. */
export function direct<T = any>(
  remote: TestDesk,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse<T>> {
  return remote.sync<T>(method, path, body, { authorization: `Bearer ${REMOTE_TOKEN}` });
}

/** Switches the desk under test to proxy mode against `remoteUrl`. */
export async function useProxy(
  desk: TestDesk,
  remoteUrl: string,
  extra: Record<string, unknown> = {},
): Promise<ApiResponse> {
  const res = await desk.admin('PUT', '/connection', {
    mode: 'proxy',
    remote_url: remoteUrl,
    credentials: { kind: 'bearer', token: REMOTE_TOKEN },
    ...extra,
  });
  if (res.status !== 200) throw new Error(`switching to proxy mode failed: ${res.status} ${res.text}`);
  return res;
}

/** A desk in proxy mode (fast health checks) in front of a second real desk, the remote; dispose stops both. */
export async function startProxyPair(): Promise<{ remote: TestDesk; desk: TestDesk; dispose(): Promise<void> }> {
  const remote = await startRemoteDesk();
  const desk = await startTestDesk({ deskOptions: { healthTiming: FAST_HEALTH } });
  await useProxy(desk, remote.url);
  return {
    remote,
    desk,
    dispose: async () => {
      await desk.dispose();
      await remote.dispose();
    },
  };
}

/** Polls the desk's session until `done` holds (bounded). */
export async function waitForSession(desk: TestDesk, done: (session: any) => boolean, timeoutMs = 5_000): Promise<any> {
  let last: unknown;
  return waitFor(
    async () => {
      last = (await desk.desk('GET', '/session')).body;
      return done(last) && last;
    },
    () => `the session to reach the expected state; last: ${JSON.stringify(last)}`,
    { timeoutMs },
  );
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeRemote {
  url: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A small HTTP server that records every request and answers with `answer`. */
export async function startFakeRemote(
  answer: (request: RecordedRequest, response: ServerResponse) => void,
): Promise<FakeRemote> {
  const requests: RecordedRequest[] = [];
  const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      answer(recorded, res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Accepts connections and never says a word: the remote that hangs. `heard`: every byte sent to it. */
export async function startSilentServer(): Promise<{
  url: string;
  port: number;
  accepted: () => number;
  heard: () => string;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  let heard = '';
  const server = createNetServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('data', (chunk: Buffer) => (heard += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    accepted: () => accepted,
    heard: () => heard,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Sends JSON with the given status and extra headers, exactly as `text` spells it. */
export function sendJson(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}
