import type { ConnectionHealth, ProbeResultKind } from '../../../shared/schemas/health';
import type { CopyStatus } from '../../../shared/schemas/session';
import { formatClockTime } from './format';

/**
 * Proxy mode's state in words, for the status bar and the Bookings screen: whether the remote
 * answers, why not as far as the desk can tell (health.result), since when, and how old the desk's
 * copy of the remote is (docs/offline.md). Reception reads words; a colour alone says nothing.
 */

/** Past this age the Bookings screen says it shows the copy, and as of when. */
export const COPY_SHOWN_OLD_AFTER_MS = 2 * 60_000;

/** The remote's trouble in a few words (short enough for the status bar at 1024 px). */
const TROUBLE: Partial<Record<ProbeResultKind, string>> = {
  dns: 'venue network or DNS failing',
  unreachable: 'venue network or DNS failing',
  refused: 'remote refused the connection',
  reset: 'connection to the remote cut',
  timeout: 'remote did not answer in time',
  http_error: 'remote failing (server errors)',
  credentials_rejected: 'credentials refused',
};

/** The long form, for the tooltip: what the cause means and what to check. */
const TROUBLE_EXPLAINED: Partial<Record<ProbeResultKind, string>> = {
  dns: "The desk cannot reach the remote's address: check the venue's network (Wi-Fi, cable) and its DNS.",
  unreachable: "The desk cannot reach the remote's address: check the venue's network (Wi-Fi, cable) and its DNS.",
  refused: 'The remote refused the connection: its service may be down or restarting.',
  reset: 'The connection was cut while the desk talked to the remote: an unstable line, or something in between.',
  timeout: 'The remote did not answer in time: a slow line, or the remote is overloaded.',
  http_error: 'The remote answers with server errors (5xx): its service is failing.',
  credentials_rejected: "The remote refuses the desk's credentials: enter valid ones in Settings.",
};

export type RemoteStatusKind = 'online' | 'checking' | 'offline' | 'failing' | 'credentials' | 'error';

export interface RemoteStatusWords {
  kind: RemoteStatusKind;
  /** The badge: "Online", "Offline", "Remote failing", "Credentials refused", "Error", "Checking". */
  label: string;
  /** Beside the badge while the remote does not answer: "remote refused the connection since 14:02 (data as of 14:01)". */
  detail: string | null;
  /** The long form. */
  tooltip: string;
}

function kindOf(health: ConnectionHealth): RemoteStatusKind {
  if (health.state === 'online') return 'online';
  if (health.state === 'unknown') return 'checking';
  if (health.result === 'credentials_rejected') return 'credentials';
  if (health.result === 'http_error') return 'failing';
  return health.state === 'offline' ? 'offline' : 'error';
}

const LABELS: Record<RemoteStatusKind, string> = {
  online: 'Online',
  checking: 'Checking',
  offline: 'Offline',
  failing: 'Remote failing',
  credentials: 'Credentials refused',
  error: 'Error',
};

/** "(data as of 14:01)": how old what reception sees is, while the remote does not answer. */
function dataAsOf(copy: CopyStatus | null, timeZone: string | undefined, now: Date): string {
  if (!copy) return '';
  return copy.as_of ? ` (data as of ${formatClockTime(copy.as_of, timeZone, now)})` : ' (no copy yet)';
}

export function remoteStatusWords(
  health: ConnectionHealth,
  copy: CopyStatus | null,
  timeZone: string | undefined,
  now: Date = new Date(),
): RemoteStatusWords {
  const kind = kindOf(health);
  const label = LABELS[kind];
  const since = health.since ? ` since ${formatClockTime(health.since, timeZone, now)}` : '';
  const checked = health.checked_at ? ` (checked ${formatClockTime(health.checked_at, timeZone, now)})` : '';
  switch (kind) {
    case 'online':
      return { kind, label, detail: null, tooltip: `The remote server answers${checked}` };
    case 'checking':
      return { kind, label, detail: null, tooltip: 'The remote has not been checked yet' };
    case 'error':
      // A wrong answer (not the Sync API, TLS): a setting to fix, not a line to wait for.
      return {
        kind,
        label,
        detail: null,
        tooltip: `${health.cause ?? 'The remote answers wrongly'}${checked}. Fix the connection in Settings.`,
      };
    case 'credentials':
      return {
        kind,
        label,
        detail: since ? `${since.trim()} · fix them in Settings` : 'fix them in Settings',
        tooltip: `${TROUBLE_EXPLAINED.credentials_rejected} ${health.cause ?? ''}`.trim(),
      };
    default: {
      const trouble = (health.result && TROUBLE[health.result]) ?? 'remote not answering';
      const explained = (health.result && TROUBLE_EXPLAINED[health.result]) ?? 'The remote does not answer.';
      return {
        kind,
        label,
        detail: `${trouble}${since}${dataAsOf(copy, timeZone, now)}`,
        tooltip:
          `${explained} ${health.cause ? `The desk saw: ${health.cause}${checked}.` : ''} ` +
          "The desk keeps retrying; meanwhile reception works on the desk's copy of the remote.",
      };
    }
  }
}

/**
 * The Bookings screen's note on what it shows in proxy mode, when that is not the remote as it is
 * now: "Remote not answering — showing the desk's copy as of 14:01 (5 min ago)". Null while the
 * copy is fresh (two minutes) or there is none (local mode).
 */
export function copyAgeWords(
  health: ConnectionHealth,
  copy: CopyStatus | null,
  timeZone: string | undefined,
  now: Date = new Date(),
): string | null {
  if (!copy) return null;
  const kind = kindOf(health);
  const headline =
    kind === 'offline'
      ? 'Remote not answering'
      : kind === 'failing'
        ? 'Remote failing'
        : kind === 'credentials'
          ? "Remote refusing the desk's credentials"
          : null;
  if (copy.as_of === null) {
    return headline
      ? `${headline} — the desk has no copy of its bookings yet`
      : "The desk is copying the remote's bookings: the list fills in shortly";
  }
  const ageMs = now.getTime() - Date.parse(copy.as_of);
  if (ageMs <= COPY_SHOWN_OLD_AFTER_MS) return null;
  const minutes = Math.floor(ageMs / 60_000);
  const age = minutes < 60 ? `${minutes} min ago` : `${Math.floor(minutes / 60)} h ${minutes % 60} min ago`;
  const shown = `showing the desk's copy as of ${formatClockTime(copy.as_of, timeZone, now)} (${age})`;
  return headline ? `${headline} — ${shown}` : `Copy not refreshed — ${shown}`;
}
