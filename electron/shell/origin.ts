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
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
}

/** http(s) URLs that may be handed to the system browser; anything else (file:, javascript:, custom schemes) is dropped. */
export function externalWebUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password) return null;
  return parsed.href;
}
