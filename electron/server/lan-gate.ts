import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { desksRoutes } from '../../shared/api/desks-routes';
import { mainDeskName, revokedWords } from '../desks/main-desk-pairing';
import type { Store } from '../store/store';
import type { TokenAuth } from './auth';
import { sendError } from './reply';

/** Only the LAN listener speaks TLS (loopback is plain HTTP), so a TLS socket is a LAN request. */
export function isLanRequest(request: FastifyRequest): boolean {
  return (request.raw.socket as TLSSocket | undefined)?.encrypted === true;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
/** How often a paired desk's last-seen time is written, at most: not a write per call. */
const SEEN_EVERY_MS = 30_000;
/** How often open connections of desks revoked by another process (`npm run desks -- revoke`) are looked for. */
const SWEEP_EVERY_MS = 2_000;

/**
 * The door of the LAN listener (docs/desks.md, "Trust"): on the venue's network nothing is
 * answered without a credential. A paired desk's credential opens what the desk's own session
 * opens; a booking system's API token opens the API (the desk API then refuses it, as on loopback);
 * the only call without one is the pairing itself. The desk's own session token is for this
 * computer's window and is refused here. Every paired desk's connections are kept, so revoking
 * it ends them at once, its open change stream included.
 */
export class LanGate {
  private readonly socketsOf = new Map<number, Set<Socket>>();
  private readonly seenAt = new Map<number, number>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly store: Store,
    private readonly auth: TokenAuth,
    private readonly now: () => Date,
  ) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS).unref();
  }

  readonly hook = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isLanRequest(request)) return;
    // A browser on the LAN is no client of this listener: no page of another origin may call it.
    if (request.headers.origin !== undefined)
      return sendError(reply, 'forbidden', `cross-origin requests from ${request.headers.origin} are not allowed`);
    const path = request.url.split('?')[0];
    if (request.method === desksRoutes.pair.method && path === desksRoutes.pair.path) return;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const revoked = token === undefined ? undefined : this.store.pairedDesks.holderOf(token);
    if (revoked && revoked.revoked_at !== null) {
      request.caller = { kind: 'invalid', label: revoked.name, dropzoneId: null };
      // `status` names it as the paired desk's link reads it (desks/main-desk-link.ts); `code` as every other refusal here.
      return reply
        .code(401)
        .send({ error: revokedWords(mainDeskName()), code: 'desk_revoked', status: 'desk_revoked' });
    }
    const caller = this.auth.identify(request.headers.authorization);
    if (caller.kind === 'paired' && caller.pairedDeskId !== undefined) {
      this.keep(caller.pairedDeskId, request);
      return;
    }
    if (caller.kind === 'token' && path?.startsWith('/api/')) return;
    request.caller = caller;
    reply.header('WWW-Authenticate', 'Bearer realm="dropzone-desk"');
    return sendError(
      reply,
      'unauthorized',
      caller.kind === 'desk'
        ? "this desk's own sign-in works on this computer only; on the venue's network it answers paired desks (and booking systems at /api/f1/sync)"
        : "on the venue's network this desk answers paired desks (pair one: npm run desks -- pair) and, at /api/f1/sync, booking systems with an API token",
      { code: 'lan_credential_required' },
    );
  };

  /** Ends every connection of a desk (revoked here: at once; by another process: within a sweep). */
  dropDesk(deskId: number): void {
    for (const socket of this.socketsOf.get(deskId) ?? []) socket.destroy();
    this.socketsOf.delete(deskId);
    this.seenAt.delete(deskId);
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private keep(deskId: number, request: FastifyRequest): void {
    const socket = request.raw.socket;
    let sockets = this.socketsOf.get(deskId);
    if (!sockets) this.socketsOf.set(deskId, (sockets = new Set()));
    if (!sockets.has(socket)) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    const at = this.now();
    if (at.getTime() - (this.seenAt.get(deskId) ?? 0) >= SEEN_EVERY_MS) {
      this.seenAt.set(deskId, at.getTime());
      this.store.pairedDesks.seen(deskId, at.toISOString(), request.ip);
    }
  }

  private sweep(): void {
    for (const [deskId, sockets] of this.socketsOf) {
      if (sockets.size === 0) {
        this.socketsOf.delete(deskId);
        continue;
      }
      const desk = this.store.pairedDesks.byId(deskId);
      if (!desk || desk.revoked_at !== null) this.dropDesk(deskId);
    }
  }
}
