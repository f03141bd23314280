import { ADMIN_HEADER, type AdminUnlocked } from '../../../shared/schemas/admin';

/**
 * This window's administrator unlock (docs/desk-api.md "Administrator"): kept in memory only, so a
 * reload or a new window asks for the passphrase again, and nothing on disk holds it. Sent on
 * administrator routes only (shared/api `guard: 'admin'`, by call()).
 */
export interface AdminUnlockState {
  token: string;
  expiresAt: string;
}

let current: AdminUnlockState | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function rememberAdminUnlock(unlocked: AdminUnlocked): void {
  current = { token: unlocked.admin_token, expiresAt: unlocked.expires_at };
  changed();
}

export function forgetAdminUnlock(): void {
  if (current === null) return;
  current = null;
  changed();
}

/** The unlock, while the desk still counts it (it ends after the idle minutes; each action extends it on the desk). */
export function adminUnlock(): AdminUnlockState | null {
  return current;
}

export function subscribeAdminUnlock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The header an administrator route is sent with (none when this window is not unlocked). */
export function adminHeaders(): Record<string, string> {
  return current ? { [ADMIN_HEADER]: current.token } : {};
}

/** Each administrator action starts the idle window again on the desk; the window's copy follows. */
export function extendAdminUnlock(idleMinutes: number, now = Date.now()): void {
  if (!current) return;
  current = { ...current, expiresAt: new Date(now + idleMinutes * 60_000).toISOString() };
  changed();
}
