import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LogCaller } from '../../shared/schemas/log';
import type { DropzoneRecord } from '../store/records';
import type { Store } from '../store/store';
import { sendError } from './reply';
import { hashToken } from '../common/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's dropzone, set by the auth hook on every authenticated route. */
    dropzone: DropzoneRecord | null;
    /** Whether the caller holds the desk's own session token (the screens), not a booking system's API token. */
    deskSession: boolean;
    /** Who the credentials name, once the auth hook read them (null: it did not run for this route). */
    caller: CallerIdentity | null;
    /** The paired desk whose credential made the call (docs/desks.md), or null: this desk's own window or a booking system. */
    pairedDesk: { id: number; name: string } | null;
  }
}

/** Who made a call, as the request log shows it: never the token, only its label. */
export interface CallerIdentity {
  kind: LogCaller;
  /** The API token's label (kind `token`) or the paired desk's name (kind `paired`), else null. */
  label: string | null;
  /** The dropzone the credential belongs to (kinds `desk`, `token` and `paired`); null for `none` and `invalid`. */
  dropzoneId: number | null;
  /** The paired desk that called (kind `paired`): who is at which desk, for the log and for revoking. */
  pairedDeskId?: number;
}

interface Caller {
  dropzone: DropzoneRecord;
  session: boolean;
  label: string | null;
  pairedDeskId?: number;
}

const NO_VALID_CREDENTIAL = (kind: 'none' | 'invalid'): CallerIdentity => ({ kind, label: null, dropzoneId: null });

function identityOf(caller: Caller): CallerIdentity {
  if (caller.pairedDeskId !== undefined)
    return { kind: 'paired', label: caller.label, dropzoneId: caller.dropzone.id, pairedDeskId: caller.pairedDeskId };
  return caller.session
    ? { kind: 'desk', label: null, dropzoneId: caller.dropzone.id }
    : { kind: 'token', label: caller.label, dropzoneId: caller.dropzone.id };
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Bearer tokens: the stored API tokens (hashed at rest), the desk's own per-launch session tokens
 * (in memory only), and the credentials of desks paired with this main desk (hashed at rest; they
 * open the desk API like a session and the Sync API like a token). Each belongs to one dropzone.
 */
export class TokenAuth {
  private readonly sessionTokens = new Map<string, number>();

  constructor(private readonly store: Store) {}

  addSessionToken(token: string, dropzoneId: number): void {
    this.sessionTokens.set(hashToken(token), dropzoneId);
  }

  private callerFor(token: string): Caller | undefined {
    const sessionDropzone = this.sessionTokens.get(hashToken(token));
    const holder = sessionDropzone === undefined ? this.store.tokens.holderOf(token) : undefined;
    if (sessionDropzone === undefined && !holder) return this.pairedDeskCaller(token);
    const dropzoneId = sessionDropzone ?? holder?.dropzone_id;
    const dropzone = dropzoneId === undefined ? undefined : this.store.dropzones.byId(dropzoneId);
    return dropzone && { dropzone, session: sessionDropzone !== undefined, label: holder?.label ?? null };
  }

  private pairedDeskCaller(token: string): Caller | undefined {
    const desk = this.store.pairedDesks.holderOf(token);
    if (!desk || desk.revoked_at !== null) return undefined;
    const dropzone = this.store.dropzones.byId(desk.dropzone_id);
    return dropzone && { dropzone, session: true, label: desk.name, pairedDeskId: desk.id };
  }

  /** Who an Authorization header names, for a call the auth hook did not see (an unknown path's 404). */
  identify(header: string | undefined): CallerIdentity {
    if (!header) return NO_VALID_CREDENTIAL('none');
    const token = BEARER.exec(header)?.[1];
    const caller = token === undefined ? undefined : this.callerFor(token);
    return caller ? identityOf(caller) : NO_VALID_CREDENTIAL('invalid');
  }

  dropzoneFor(token: string): DropzoneRecord | undefined {
    return this.callerFor(token)?.dropzone;
  }

  readonly hook = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    reply.header('WWW-Authenticate', 'Bearer realm="dropzone-desk"');
    request.caller = NO_VALID_CREDENTIAL(header ? 'invalid' : 'none');
    if (!header)
      return sendError(reply, 'unauthorized', 'missing credentials: send the header "Authorization: Bearer <token>"');
    const match = BEARER.exec(header);
    if (!match) return sendError(reply, 'unauthorized', 'malformed Authorization header: expected "Bearer <token>"');
    const caller = this.callerFor(match[1] as string);
    if (!caller) return sendError(reply, 'unauthorized', 'invalid token: it is unknown or was revoked');
    reply.removeHeader('WWW-Authenticate');
    request.dropzone = caller.dropzone;
    request.deskSession = caller.session;
    request.caller = identityOf(caller);
    request.pairedDesk =
      caller.pairedDeskId === undefined ? null : { id: caller.pairedDeskId, name: caller.label ?? '' };
  };

  /**
   * The desk's own API (after `hook`): only for the desk's screens. A booking system's token opens
   * the Sync API and nothing else: it must not switch the desk to another remote, read the request
   * log, or make and revoke tokens.
   */
  readonly deskSessionOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.deskSession) {
      return sendError(
        reply,
        'forbidden',
        "this is a booking system's API token: it opens the Sync API (/api/f1/sync) only; the desk API takes the desk's session token",
      );
    }
  };
}
