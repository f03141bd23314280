/**
 * The window's one origin. The UI is loaded from `app://desk/` rather than from the server's
 * `http://127.0.0.1:<port>`: the port is random per launch, and localStorage (column widths,
 * remembered settings) belongs to an origin, so an http origin would forget everything at every
 * start. The protocol handler relays `app://desk/*` to the server (docs/electron.md, "Origin").
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/`;

/**
 * Registered before the app is ready. `standard` gives the scheme real origins (and so its own
 * localStorage), `secure` makes it a secure context, `supportFetchAPI` lets the page fetch it,
 * `corsEnabled` lets Vite's `<script type="module" crossorigin>` load. No `bypassCSP`: the CSP the
 * server sends applies.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
} as const;

/**
 * True for a URL on the app's own origin. Compared by parts: WHATWG URL gives every non-special
 * scheme the origin "null", so `new URL(u).origin` cannot tell app://desk from app://evil.
 */
export function isAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === ''
  );
}

/**
 * http(s) URLs that may be handed to the system browser; anything else (file:, javascript:, custom
 * schemes) is dropped. So is anything on this machine: the desk's own server is
 * http://127.0.0.1:<port>, and a browser sent there (with `?token=…`, say) would hold the desk's
 * key in its history; no other local service is the desk's business either. And a URL carrying
 * the session token never leaves, whatever its host.
 */
export function externalWebUrl(url: string, secrets: readonly string[] = []): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password) return null;
  if (isLoopbackHost(parsed.hostname)) return null;
  if (secrets.some((secret) => secret && containsSecret(parsed.href, secret))) return null;
  return parsed.href;
}

/** localhost and its subdomains, 127.0.0.0/8, ::1, the unspecified addresses (which reach this machine too). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '::' || host === '0.0.0.0') return true;
  if (/^::ffff:(7f|127\.)/.test(host)) return true;
  // WHATWG URL has already turned 0x7f.1, 2130706433 and the like into dotted decimal.
  return /^127\.\d+\.\d+\.\d+$/.test(host);
}

function containsSecret(href: string, secret: string): boolean {
  let decoded = href;
  try {
    decoded = decodeURIComponent(href);
  } catch {
    // A malformed escape: the raw text is what is checked.
  }
  return href.includes(secret) || decoded.includes(secret);
}
