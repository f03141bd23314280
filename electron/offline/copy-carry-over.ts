import { existsSync, renameSync } from 'node:fs';
import type { RemoteResult } from '../proxy/remote-client';
import { Store } from '../store/store';
import { copyFileOf } from './remote-copy';

/** How many of the copy's bookings the new credentials must show as the same records. */
const PROBES = 5;

export type CarryOver =
  { carried: true; writes: number; checked: number } | { carried: false; writes: number; why: string };

/**
 * New credentials for the same remote (the usual fix for a token the remote stopped taking): the
 * copy, and the writes waiting in its outbox, follow them, but only to the same dropzone. The Sync
 * API cannot say which dropzone a token opens, so the desk asks the remote, with the new
 * credentials, for a few bookings of the copy: when each comes back with the same id and uuid, the
 * copy's file is renamed to the new credentials' key. Otherwise (another dropzone, no answer, no
 * booking to ask about) the old copy stays as it is, writes and all, for a return to the old
 * credentials, and the desk says so.
 */
export async function carryCopyOver(options: {
  dataDir: string;
  fromKey: string;
  toKey: string;
  get: (path: string) => Promise<RemoteResult>;
}): Promise<CarryOver> {
  const from = copyFileOf(options.dataDir, options.fromKey);
  const to = copyFileOf(options.dataDir, options.toKey);
  if (!existsSync(from)) return { carried: false, writes: 0, why: 'no copy to carry' };
  const store = Store.open(from);
  try {
    const writes = store.outbox.countOpen();
    if (writes === 0) return { carried: false, writes, why: 'no writes waiting' };
    if (existsSync(to)) return { carried: false, writes, why: 'these credentials have a copy of their own already' };
    const probes = store.remoteCopy.probeBookings(PROBES);
    if (probes.length === 0)
      return { carried: false, writes, why: 'the copy holds no booking to ask the remote about' };
    for (const probe of probes) {
      const answer = await options.get(`/bookings/${encodeURIComponent(probe.external_id)}`);
      if (!answer.ok || answer.statusCode !== 200)
        return {
          carried: false,
          writes,
          why: `the remote did not show ${probe.external_id} to the new credentials (${answer.ok ? `HTTP ${answer.statusCode}` : answer.failure.cause})`,
        };
      let body: { id?: unknown; uuid?: unknown } = {};
      try {
        body = JSON.parse(answer.body.toString('utf8')) as typeof body;
      } catch {
        // not JSON: not the same booking
      }
      if (body.id !== probe.id || body.uuid !== probe.uuid)
        return {
          carried: false,
          writes,
          why: `the new credentials open another dropzone (${probe.external_id} is another booking there)`,
        };
    }
    store.remoteCopy.rekey(options.toKey);
    store.close();
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(from + suffix)) renameSync(from + suffix, to + suffix);
    return { carried: true, writes, checked: probes.length };
  } finally {
    if (store.isOpen()) store.close();
  }
}
