import { HELD_REPORT_MAX_WRITES, type HeldReport } from '../../shared/schemas/desks';
import type { OutboxPage } from '../../shared/schemas/outbox';
import type { DeskConnection } from '../proxy/connection';

export interface HeldReporterOptions {
  connection: DeskConnection;
  /** This desk's writes held for a person (its outbox's "Needs attention"), first page. */
  held: (perPage: number) => OutboxPage;
  /** Whether the main desk answers now (no report is tried while it does not). */
  answering: () => boolean;
  /** Gathers the outbox's bursts (a replay settles many writes at once) into one report. */
  delayMs?: number;
}

/** The report from the outbox's held page: which records, why, and a conflict's fields. */
export function heldReportOf(page: OutboxPage): HeldReport {
  return {
    count: page.summary.attention,
    writes: page.ops.map((op) => ({
      kind: op.record.kind,
      key: op.record.key,
      label: op.record.label,
      attention: op.attention ?? 'refused',
      fields: op.fields.filter((f) => op.attention !== 'conflict' || f.conflict).map((f) => f.name),
      queued_at: op.queued_at,
    })),
  };
}

/**
 * A paired desk tells its main desk what waits here for a person (docs/desks.md): a field both
 * desks changed while apart is decided here, where the edit was made, and the main desk's Sync
 * screen says so. Sent when the held writes change and when the link comes back; a report that
 * got no answer is sent again then. Only the last one matters, so nothing queues.
 */
export class HeldReporter {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastSent: string | null = null;
  private sending: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: HeldReporterOptions) {}

  /** The held writes may have changed: a report follows shortly, if it says something new. */
  changed(): void {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.send();
    }, this.options.delayMs ?? 300);
    this.timer.unref();
  }

  /** The link came back: the main desk may have restarted (it keeps reports in memory), so say it again. */
  reconnected(): void {
    this.lastSent = null;
    this.changed();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async send(): Promise<void> {
    if (this.sending) {
      this.again = true;
      return this.sending;
    }
    this.sending = this.sendOnce().finally(() => {
      this.sending = null;
      if (this.again) {
        this.again = false;
        this.changed();
      }
    });
    return this.sending;
  }

  private async sendOnce(): Promise<void> {
    if (this.stopped || !this.options.answering()) return;
    const body = JSON.stringify(heldReportOf(this.options.held(HELD_REPORT_MAX_WRITES)));
    if (body === this.lastSent) return;
    const result = await this.options.connection.mainDeskCall({
      method: 'PUT',
      path: '/api/desk/desks/held',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: Buffer.from(body),
    });
    // No answer: said again when the link comes back. A refusal (an older main desk) is not retried.
    if (result.ok) this.lastSent = body;
  }
}
