import type { OutboxSummary } from '../../../shared/schemas/outbox';
import { formatClockTime } from './format';

/**
 * Proxy mode's outbox in the status bar's words (docs/offline.md, "Writes while offline"): what is
 * waiting or being sent, what needs a person, when it last emptied. The counts are always the
 * outbox's own; a credentials pause is said as such, never as "offline".
 */

export type OutboxProgressKind = 'credentials' | 'sending' | 'waiting' | 'synced';

export interface OutboxStatusWords {
  /** The one line of progress ("3 writes waiting", "Sending 12 / 340", "Synced 14:05"); null: nothing to say. */
  progress: { kind: OutboxProgressKind; text: string } | null;
  /** "2 need attention": a link to the Sync screen; null when nothing is held for a person. */
  attention: string | null;
  /** The long form, for the tooltip. */
  tooltip: string;
}

const writes = (n: number) => `${n.toLocaleString('en')} write${n === 1 ? '' : 's'}`;

/**
 * `remoteAnswers`: the remote's health is online. While it is not, a replay that keeps failing is
 * no "sending": the writes are waiting, and the status bar says so.
 */
export function outboxStatusWords(
  outbox: OutboxSummary,
  timeZone: string | undefined,
  now: Date = new Date(),
  remoteAnswers = true,
): OutboxStatusWords {
  const attention = outbox.attention > 0 ? `${outbox.attention.toLocaleString('en')} need attention` : null;
  const expiring =
    outbox.expiring > 0
      ? ` ${writes(outbox.expiring)} can no longer land within two days (the 14-day window): see the Sync screen.`
      : '';
  const held = outbox.waiting + outbox.attention;
  if (outbox.paused === 'credentials') {
    return {
      progress: { kind: 'credentials', text: `Credentials refused: ${writes(held)} held` },
      attention,
      tooltip: `The remote refuses the desk's credentials: nothing is sent and nothing is dropped until they are fixed in Settings.${expiring}`,
    };
  }
  if (outbox.sending && remoteAnswers) {
    const { done } = outbox.sending;
    // Writes made while the replay runs join it: the total never reads less than what is left.
    const total = Math.max(outbox.sending.total, done + outbox.waiting);
    return {
      progress: { kind: 'sending', text: `Sending ${done.toLocaleString('en')} / ${total.toLocaleString('en')}` },
      attention,
      tooltip: `The remote answers again: the writes made meanwhile are being sent, one record's in the order they were made.${expiring}`,
    };
  }
  if (outbox.waiting > 0) {
    return {
      progress: { kind: 'waiting', text: `${writes(outbox.waiting)} waiting` },
      attention,
      tooltip: `Saved at the desk, to be sent when the remote answers.${expiring}`,
    };
  }
  if (outbox.synced_at && attention === null) {
    return {
      progress: { kind: 'synced', text: `Synced ${formatClockTime(outbox.synced_at, timeZone, now)}` },
      attention,
      tooltip: 'Every write made while the remote did not answer has landed on it.',
    };
  }
  return {
    progress: null,
    attention,
    tooltip: attention ? 'Writes the remote could not take as they are: decide them on the Sync screen.' : '',
  };
}
