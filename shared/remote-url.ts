/** The path under the service's {base_url} where the Sync API f1 sits (spec section 4). */
export const SYNC_API_PATH = '/api/f1/sync';

export type RemoteUrlCheck = { ok: true; url: string } | { ok: false; error: string };

/**
 * Checks a remote base URL as a user types it and gives its one stored spelling: absolute,
 * http or https, a host, no user:password (credentials have their own field and must never
 * sit in a URL that is shown and logged), no query or fragment, no trailing slash.
 */
export function checkRemoteUrl(input: string): RemoteUrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, error: 'must not be empty' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: 'must be an absolute URL such as https://sync.example.com' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, error: `must start with http:// or https://, not ${url.protocol}//` };
  if (!url.hostname) return { ok: false, error: 'must name a host' };
  if (url.username || url.password)
    return { ok: false, error: 'must not carry a user name or password; put credentials in the credentials field' };
  if (url.search || url.hash) return { ok: false, error: 'must not carry a query string or fragment' };
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(SYNC_API_PATH)) {
    return {
      ok: false,
      error: `give the service's base URL without ${SYNC_API_PATH} (the desk adds it): ${url.origin}${path.slice(0, -SYNC_API_PATH.length)}`,
    };
  }
  if (path === '/') path = '';
  return { ok: true, url: `${url.origin}${path}` };
}
