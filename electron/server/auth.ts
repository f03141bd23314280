import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DropzoneRecord } from '../store/records';
import type { Store } from '../store/store';
import { sendError } from './reply';
import { hashToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's dropzone, set by the auth hook on every authenticated route. */
    dropzone: DropzoneRecord | null;
  }
}

/**
 * Bearer tokens: the stored API tokens (hashed at rest) and the desk's own per-launch session
 * tokens (in memory only). Each token belongs to exactly one dropzone.
 */
export class TokenAuth {
  private readonly sessionTokens = new Map<string, number>();

  constructor(private readonly store: Store) {}

  addSessionToken(token: string, dropzoneId: number): void {
    this.sessionTokens.set(hashToken(token), dropzoneId);
  }

  dropzoneFor(token: string): DropzoneRecord | undefined {
    const hash = hashToken(token);
    const dropzoneId = this.sessionTokens.get(hash) ?? this.store.tokens.dropzoneOf(hash);
    return dropzoneId === undefined ? undefined : this.store.dropzones.byId(dropzoneId);
  }

  readonly hook = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    reply.header('WWW-Authenticate', 'Bearer realm="dropzone-desk"');
    if (!header) return sendError(reply, 'unauthorized', 'missing credentials: send the header "Authorization: Bearer <token>"');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) return sendError(reply, 'unauthorized', 'malformed Authorization header: expected "Bearer <token>"');
    const dropzone = this.dropzoneFor(match[1] as string);
    if (!dropzone) return sendError(reply, 'unauthorized', 'invalid token: it is unknown or was revoked');
    reply.removeHeader('WWW-Authenticate');
    request.dropzone = dropzone;
  };
}
