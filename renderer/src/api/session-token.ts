const STORAGE_KEY = 'dropzone-desk.token';

/**
 * The API token for this page: from the Electron preload, or from the start URL the server
 * printed (`/?token=…`, like Jupyter). The URL copy is moved into sessionStorage and removed from
 * the address bar at once, so it does not linger in history or screenshots.
 */
export function takeSessionToken(): string | null {
  if (window.desk?.token) return window.desk.token;
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(STORAGE_KEY, fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return sessionStorage.getItem(STORAGE_KEY);
}

/** Where the API lives: the preload's base in Electron, else this page's own origin. */
export function apiBase(): string {
  return window.desk?.apiBase ?? window.location.origin;
}
