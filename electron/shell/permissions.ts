import type { Session } from 'electron';
import { isAppUrl } from './origin';

/**
 * The one permission the desk uses: writing to the clipboard (Copy buttons: the Sync API address,
 * "Copy as cURL"), and only for the app's own pages. Camera, microphone, geolocation,
 * notifications, HID, serial, MIDI… are all refused.
 */
const ALLOWED = new Set(['clipboard-sanitized-write']);

export function permissionAllowed(permission: string, requestingUrl: string | undefined): boolean {
  return ALLOWED.has(permission) && requestingUrl !== undefined && isAppUrl(requestingUrl);
}

type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

/** Deny by default: both the asynchronous requests and the synchronous checks Chromium makes. */
export function installPermissionHandlers(session: PermissionSession, log: (message: string) => void): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const url = details?.requestingUrl ?? contents?.getURL();
    const allowed = permissionAllowed(permission, url);
    if (!allowed) log(`refused permission request: ${permission}`);
    callback(allowed);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    permissionAllowed(permission, details?.requestingUrl ?? `${requestingOrigin}/`),
  );
}
