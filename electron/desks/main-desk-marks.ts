import type { DeskConnection } from '../proxy/connection';
import type { Store } from '../store/store';
import type { MainDeskLink } from './main-desk-link';

export interface MainDeskMarksOptions {
  connection: DeskConnection;
  link: MainDeskLink;
  /** The store the marks wait in: the paired desk's copy of its main desk (null while none is open). */
  store: () => Store | null;
  now?: () => Date;
  /** How often the waiting marks are looked at while the main desk answers. */
  intervalMs?: number;
  /** Told when marks landed (the windows ask again). */
  landed?: () => void;
}

/**
 * A paired desk's check-ins made while its main desk did not answer, sent there once it does
 * (docs/desks.md): oldest first, each with the key and the time it was made, so that the main desk
 * settles a mark it already has as done (a SIGKILL between its answer and this desk's note of it
 * sends it again, harmlessly) and applies the later of two desks' marks. A refusal (the booking
 * is gone, or has no jump day there) settles the mark with the reason; no answer waits for the next round.
 */
export class MainDeskMarks {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private readonly now: () => Date;

  constructor(private readonly options: MainDeskMarksOptions) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    this.timer ??= setInterval(() => void this.sendWaiting(), this.options.intervalMs ?? 1_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** How many marks wait for the main desk (the status bar). */
  waiting(): number {
    return this.options.store()?.mainDeskMarks.waitingCount() ?? 0;
  }

  /** One pass over the waiting marks; a pass under way is joined, not doubled. */
  sendWaiting(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<void> {
    const store = this.options.store();
    // A removed desk sends nothing more; while the main desk does not answer, each round tries the oldest mark.
    if (!store || this.options.link.state().kind === 'removed') return;
    let landed = 0;
    for (const mark of store.mainDeskMarks.waiting()) {
      const result = await this.options.connection.mainDeskCall({
        method: 'PUT',
        path: `/api/desk/bookings/by-id/${mark.booking_id}/check-in`,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: Buffer.from(mark.body),
      });
      if (!result.ok) {
        store.mainDeskMarks.failed(mark.id, result.failure.cause);
        this.options.link.notAnswering(result.failure.cause);
        break;
      }
      if (result.statusCode === 401 || result.statusCode === 403 || result.statusCode >= 500) {
        store.mainDeskMarks.failed(mark.id, `the main desk answered HTTP ${result.statusCode}`);
        break;
      }
      this.options.link.answered();
      const answer = jsonOf(result.body) as { error?: string } | null;
      const outcome = result.statusCode < 300 ? 'recorded' : `refused (${result.statusCode}): ${answer?.error ?? ''}`;
      store.mainDeskMarks.settle(mark.id, this.now().toISOString(), outcome);
      landed++;
    }
    if (landed > 0) this.options.landed?.();
  }
}

function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
