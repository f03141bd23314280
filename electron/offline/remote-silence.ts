import type { ConnectionHealth } from '../../shared/schemas/health';
import type { RemoteFailure } from '../proxy/transport-errors';

/**
 * Why the remote gave proxy mode no answer to pass on: the cause as a value, worded in one place.
 * Not sent at all (the desk knows the remote does not answer, or refuses the credentials, or the
 * record has writes waiting), sent without an answer, or answered with a 5xx.
 */
export type RemoteSilence =
  | { kind: 'known_offline'; cause: string | null }
  | { kind: 'credentials_refused'; cause: string | null }
  | { kind: 'record_waiting' }
  | { kind: 'no_answer'; failure: RemoteFailure }
  | { kind: 'server_error'; statusCode: number };

/** Why a write is not even tried, from what the desk last heard of the remote; undefined: try it. */
export function silenceBefore(health: ConnectionHealth, recordWaiting: boolean): RemoteSilence | undefined {
  if (health.result === 'credentials_rejected') return { kind: 'credentials_refused', cause: health.cause };
  if (health.state === 'offline') return { kind: 'known_offline', cause: health.cause };
  return recordWaiting ? { kind: 'record_waiting' } : undefined;
}

/** The silence as the caller reads it, first in any answer the desk gives in the remote's place. */
export function silenceWords(silence: RemoteSilence): string {
  switch (silence.kind) {
    case 'credentials_refused':
      return `the remote refused the credentials (${silence.cause ?? 'HTTP 401'})`;
    case 'known_offline':
      return `remote unreachable: ${silence.cause ?? 'no answer'}`;
    case 'record_waiting':
      return 'not sent: the record has writes waiting in the outbox';
    case 'no_answer':
      return silence.failure.error;
    case 'server_error':
      return `the remote answered ${silence.statusCode}`;
  }
}

/** The silence as the request log keeps it: what the remote did, or that nothing was sent and why. */
export function silenceLogWords(silence: RemoteSilence): string {
  switch (silence.kind) {
    case 'no_answer':
      return silence.failure.cause;
    case 'server_error':
      return silenceWords(silence);
    case 'record_waiting':
      return silenceWords(silence);
    default:
      return `not sent: ${silenceWords(silence)}`;
  }
}
