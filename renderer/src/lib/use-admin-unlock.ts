import { useSyncExternalStore } from 'react';
import { adminUnlock, subscribeAdminUnlock, type AdminUnlockState } from '../api/admin-unlock';

/** This window's administrator unlock, as React state. */
export function useAdminUnlock(): AdminUnlockState | null {
  return useSyncExternalStore(subscribeAdminUnlock, adminUnlock);
}
