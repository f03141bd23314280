import type { Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { LanIdentity } from './lan-identity';

export interface LanPlace {
  /** A literal address, or null for every interface. */
  address: string | null;
  port: number;
}

export interface LanEndpoint {
  address: string;
  url: string;
}

function urlOf(address: string, port: number): string {
  return `https://${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
}

/** The machine's own addresses other desks can reach: every interface's, loopback and link-local IPv6 left out. */
export function lanAddresses(): string[] {
  const found: string[] = [];
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.internal) continue;
      if (entry.family === 'IPv6' && /^fe80:/i.test(entry.address)) continue;
      found.push(entry.address);
    }
  }
  return found;
}

/**
 * The main desk's HTTPS listener on the venue's network: the same request handler as the loopback
 * server (one Fastify app, two servers), with the desk's own certificate. The app tells the LAN's
 * requests apart by their TLS socket (server/lan-gate.ts), since loopback never speaks TLS.
 */
export class LanListener {
  private server: Server | null = null;
  private place: LanPlace | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly handler: (request: IncomingMessage, response: ServerResponse) => void) {}

  get listening(): boolean {
    return this.server !== null;
  }

  async start(identity: LanIdentity, place: LanPlace): Promise<void> {
    await this.stop();
    // Imported here, not as the desk loads: most desks never serve a LAN, and https (with tls) is
    // ~15 ms of a start to load (scripts/cli-bundles.mjs defers fastify's require of it too).
    const { createServer } = await import('node:https');
    const server = createServer(
      { key: identity.keyPem, cert: identity.certPem, requireHostHeader: false, minVersion: 'TLSv1.2' },
      this.handler,
    );
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    // A stranger's TLS garbage is its own problem: never an unhandled error in the desk.
    server.on('tlsClientError', (_error, socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(place.port, place.address ?? undefined, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.place = { address: place.address, port: (server.address() as AddressInfo).port };
  }

  /** Where other desks reach this one: the bound address, or each interface's when bound to all. */
  endpoints(): LanEndpoint[] {
    if (!this.server || !this.place) return [];
    const { address, port } = this.place;
    const addresses = address === null || address === '0.0.0.0' || address === '::' ? lanAddresses() : [address];
    return addresses.map((a) => ({ address: a, url: urlOf(a, port) }));
  }

  get port(): number | null {
    return this.place?.port ?? null;
  }

  /** Stops listening and ends every LAN connection (a paired desk's open change stream too). */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    this.place = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
