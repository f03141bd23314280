import type { ProxyErrorStatus } from '../../shared/outcomes';
import type { ProbeResultKind } from '../../shared/schemas/health';

/** Why the remote gave no usable answer, in the words a desk user and a caller see. */
export interface RemoteFailure {
  kind: Exclude<ProbeResultKind, 'ok' | 'credentials_rejected' | 'not_sync_api' | 'http_error'> | 'bad_response';
  /** The proxy's answer to the caller: 502 remote_unreachable / remote_bad_response, 504 remote_timeout. */
  status: ProxyErrorStatus;
  /** The cause alone, e.g. "connection refused (127.0.0.1:1234)". */
  cause: string;
  /** The `error` of the proxy's JSON answer. */
  error: string;
}

export interface FailureContext {
  host: string;
  port: string;
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  /** Our own whole-request timer fired. */
  timedOut: boolean;
}

/** Raised while reading a body that is larger than the desk passes on. */
export class ResponseTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`response larger than ${limitBytes / (1024 * 1024)} MiB`);
    this.name = 'ResponseTooLargeError';
  }
}

interface NodeishError {
  name?: string;
  code?: string;
  message?: string;
  address?: string;
  port?: number;
  hostname?: string;
  cause?: unknown;
  errors?: unknown[];
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_OSSL_|HOSTNAME_MISMATCH)/;

/** The innermost error with a code: undici and happy-eyeballs wrap the socket's own error. */
function rootCause(error: unknown): NodeishError {
  let current = error as NodeishError;
  for (let depth = 0; depth < 5; depth++) {
    if (current?.errors?.length) current = current.errors[0] as NodeishError;
    else if (!current?.code && current?.cause) current = current.cause as NodeishError;
    else break;
  }
  return current ?? {};
}

const unreachable = (kind: RemoteFailure['kind'], cause: string): RemoteFailure => ({
  kind,
  status: 'remote_unreachable',
  cause,
  error: `remote unreachable: ${cause}`,
});

/** Turns whatever the HTTP client threw into one clear cause. */
export function classifyFailure(error: unknown, ctx: FailureContext): RemoteFailure {
  const answerTimeout = (): RemoteFailure => {
    const cause = `remote did not answer within ${ctx.requestTimeoutMs} ms`;
    return { kind: 'timeout', status: 'remote_timeout', cause, error: cause };
  };
  if (ctx.timedOut) return answerTimeout();
  if (error instanceof ResponseTooLargeError) {
    const cause = `the remote's answer is larger than the ${error.limitBytes / (1024 * 1024)} MiB the desk passes on`;
    return {
      kind: 'bad_response',
      status: 'remote_bad_response',
      cause,
      error: `remote answer not passed on: ${cause}`,
    };
  }
  const root = rootCause(error);
  const code = root.code ?? '';
  const where = `${root.address ?? ctx.host}:${root.port ?? ctx.port}`;
  const name = root.name ?? (error as NodeishError)?.name ?? '';

  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    const cause = `remote did not accept a connection within ${ctx.connectTimeoutMs} ms`;
    return { kind: 'timeout', status: 'remote_timeout', cause, error: cause };
  }
  if (
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_ABORTED' ||
    name === 'AbortError'
  )
    return answerTimeout();
  // Only the desk's own close destroys a client (a settings change lets the old one finish).
  if (code === 'UND_ERR_DESTROYED')
    return unreachable(
      'unreachable',
      'the desk is closing: the call to the remote was cut short (the remote may have received it)',
    );
  if (
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'EAI_NODATA' ||
    code === 'EAI_NONAME' ||
    code === 'EAI_FAIL'
  ) {
    const temporary = code === 'EAI_AGAIN' ? ', the DNS server did not answer' : '';
    return unreachable('dns', `DNS lookup failed: ${ctx.host} does not resolve (${code}${temporary})`);
  }
  if (code === 'ECONNREFUSED') return unreachable('refused', `connection refused (${where})`);
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') {
    return unreachable('reset', `connection closed by the remote before it answered (${ctx.host}:${ctx.port})`);
  }
  if (
    code === 'EHOSTUNREACH' ||
    code === 'ENETUNREACH' ||
    code === 'EHOSTDOWN' ||
    code === 'ENETDOWN' ||
    code === 'EADDRNOTAVAIL'
  ) {
    return unreachable('unreachable', `no route to ${ctx.host}:${ctx.port} (${code})`);
  }
  if (TLS_CODE.test(code) || code === 'EPROTO' || /\b(ssl|tls|certificate)\b/i.test(root.message ?? '')) {
    const detail =
      (root.message ?? '')
        .split('\n')[0]
        ?.replace(/^[0-9A-F]+:error:[0-9A-F]+:SSL routines:/, '')
        .replace(/:\.\..*$/, '') ?? '';
    return unreachable(
      'tls',
      `TLS error with ${ctx.host}:${ctx.port}: ${detail || code} (${code || 'TLS'}); is it really https, with a valid certificate?`,
    );
  }
  if (
    name === 'HTTPParserError' ||
    code.startsWith('HPE_') ||
    code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' ||
    code === 'UND_ERR_INFO'
  ) {
    const cause = `the remote's answer is not valid HTTP (${root.message ?? name})`;
    return {
      kind: 'bad_response',
      status: 'remote_bad_response',
      cause,
      error: `remote answer not passed on: ${cause}`,
    };
  }
  return unreachable('unreachable', `${root.message ?? String(error)}${code ? ` (${code})` : ''}`);
}
