import { CONTENT_SECURITY_POLICY } from '../server/guards/csp';
import { APP_ORIGIN, isAppUrl } from './origin';

/**
 * Request headers never relayed. Origin and Referer name app://desk, which the server's
 * DNS-rebinding guard rightly does not know: the relay is the boundary here (only the app's own
 * pages can reach app://), so the server sees a plain same-host request. Cookies are not used.
 * Accept-Encoding is dropped because fetch would decode the body but keep the header.
 */
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'origin',
  'referer',
  'cookie',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'accept-encoding',
  'expect',
]);
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'content-length',
  'set-cookie',
  'trailer',
  'upgrade',
]);

export interface RelayOptions {
  /** The server's base URL (http://127.0.0.1:<port>) once it answers; null when it cannot start. */
  serverUrl: () => Promise<string | null>;
  fetch?: typeof fetch;
}

/**
 * The `app://desk` protocol handler: every request (the UI's files and the API alike) goes to the
 * desk server unchanged, and its answer comes back unchanged, its CSP included. So the server stays
 * the one place that serves the UI, sets the CSP and checks tokens; the page has one stable origin
 * whatever port the server got this launch (and after a restart); and no CORS is needed or sent.
 */
export function makeRelay({
  serverUrl,
  fetch: fetchImpl = fetch,
}: RelayOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    if (!isAppUrl(request.url)) return errorResponse(404, 'not_found', 'not an address of this app');
    const base = await serverUrl();
    if (!base) return errorResponse(503, 'unavailable', 'the desk server is not running; see Help → Open logs folder');
    const url = new URL(request.url);
    const headers = new Headers();
    request.headers.forEach((value, name) => {
      if (!DROPPED_REQUEST_HEADERS.has(name.toLowerCase())) headers.set(name, value);
    });
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    let upstream: Response;
    try {
      upstream = await fetchImpl(`${base}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        // Buffered, not streamed: bodies are bounded by the server's limit, and a buffer needs no
        // half-duplex stream support from either side.
        body: hasBody ? await request.arrayBuffer() : undefined,
        redirect: 'manual',
      });
    } catch (error) {
      // The server went away mid-call (a crash; it is being restarted): the page shows it as offline.
      return errorResponse(503, 'unavailable', `the desk server does not answer (${(error as Error).message})`);
    }
    return relayedResponse(upstream, base, request.method === 'HEAD');
  };
}

function relayedResponse(upstream: Response, base: string, head: boolean): Response {
  const headers = new Headers();
  upstream.headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE_HEADERS.has(name.toLowerCase())) headers.set(name, value);
  });
  // Whatever the window loads carries a CSP, even an answer that did not set one.
  if (!headers.has('content-security-policy')) headers.set('content-security-policy', CONTENT_SECURITY_POLICY);
  const location = headers.get('location');
  if (location?.startsWith(base)) headers.set('location', APP_ORIGIN + location.slice(base.length));
  const noBody = head || upstream.status === 204 || upstream.status === 304;
  return new Response(noBody ? null : upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers,
  });
}

function errorResponse(status: number, code: string, error: string): Response {
  return new Response(JSON.stringify({ status: code, error }), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'cache-control': 'no-store',
    },
  });
}
