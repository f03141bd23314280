const STORAGE_KEY = 'dropzone-desk.token';

/**
 * The API token for this page: from the Electron preload, or from the sign-in address the server
 * printed (`/?token=…`, like Jupyter). The URL copy is moved into this origin's localStorage and
 * removed from the address bar at once, so it does not linger in history or screenshots. Kept in
 * localStorage (not sessionStorage) so a new tab, a reload or a browser restart stay signed in:
 * the headless desk keeps its session secret across restarts (docs/spec-decisions.md, "When the
 * server blips"), and localStorage is per origin, port included, in the user's own profile.
 */
export function takeSessionToken(): string | null {
  if (window.desk?.token) return window.desk.token;
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    keepSessionToken(fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  // sessionStorage: where pages before this change kept it.
  return localStorage.getItem(STORAGE_KEY) ?? sessionStorage.getItem(STORAGE_KEY);
}

/** Keeps a token the desk accepted, for this tab and the next (never in the Electron window: its preload gives one). */
export function keepSessionToken(token: string): void {
  if (window.desk?.token) return;
  localStorage.setItem(STORAGE_KEY, token);
  sessionStorage.removeItem(STORAGE_KEY);
}

/** The token in what a person pasted: the whole sign-in address (`…/?token=…`) or the token alone. */
export function tokenFromPasted(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      return new URL(trimmed).searchParams.get('token');
    } catch {
      return null;
    }
  }
  const fromQuery = /(?:^|[?&])token=([^&#\s]+)/.exec(trimmed);
  if (fromQuery) return decodeURIComponent(fromQuery[1] as string);
  return /^\S+$/.test(trimmed) ? trimmed : null;
}

/** Where the API lives: the preload's base in Electron, else this page's own origin. */
export function apiBase(): string {
  return window.desk?.apiBase ?? window.location.origin;
}
