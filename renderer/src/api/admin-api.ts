import { queryOptions } from '@tanstack/react-query';
import { deskRoutes } from '../../../shared/api/desk-routes';
import { adminHeaders, forgetAdminUnlock, rememberAdminUnlock } from './admin-unlock';
import { call, readAnswer } from './call';
import { exchange } from './client';

/** The administrator passphrase and this window's unlock (/api/desk/admin). */
export const adminApi = {
  state: () => call(deskRoutes.getAdmin),
  unlock: async (passphrase: string) =>
    rememberAdminUnlock(await call(deskRoutes.unlockAdmin, { body: { passphrase } })),
  /** The first passphrase (no current one), or a change (with it); either way this window is unlocked after. */
  setPassphrase: async (passphrase: string, currentPassphrase?: string) =>
    rememberAdminUnlock(
      await call(deskRoutes.setAdminPassphrase, {
        body: { passphrase, ...(currentPassphrase === undefined ? {} : { current_passphrase: currentPassphrase }) },
      }),
    ),
  /** Ends this window's unlock, on the desk too (not an administrator route: locking is always allowed). */
  lock: async () => {
    const headers = adminHeaders();
    forgetAdminUnlock();
    readAnswer(
      deskRoutes.lockAdmin,
      await exchange(deskRoutes.lockAdmin.method, deskRoutes.lockAdmin.path, undefined, headers),
    );
  },
};

export const adminKeys = { all: ['admin'] as const };

export const adminStateQuery = () => queryOptions({ queryKey: [...adminKeys.all, 'state'], queryFn: adminApi.state });
