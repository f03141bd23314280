import { checkInsOfDays } from '../../shared/schemas/reception';
import type { Store } from '../store/store';
import { jsonOf } from '../common/json-of';
import type { DeskConnection } from '../proxy/connection';
import type { MainDeskLink } from './main-desk-link';

/** What the marks need of the paired desk's copy of its main desk: its store, its dropzone, its days. */
export interface CopyOfMainDesk {
  store: Store;
  dropzone: { id: number };
  window(): { today: string; tomorrow: string };
}

export interface MainDeskMarksOptions {
  connection: DeskConnection;
  link: MainDeskLink;
  /** Where the marks wait: the paired desk's copy of its main desk (null while none is open). */
  copy: () => CopyOfMainDesk | null;
  now?: () => Date;
  /** How often the waiting marks are looked at while the main desk answers. */
  intervalMs?: number;
  /** Told when marks made here landed at the main desk, with their bookings (the status bar's count changed). */
  landed?: (bookingIds: number[]) => void;
  /** Told when the copy took in the main desk's marks (what the windows read while the main desk does not answer). */
  takenIn?: () => void;
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
    return this.options.copy()?.store.mainDeskMarks.waitingCount() ?? 0;
  }

  /** One pass over the waiting marks; a pass under way is joined, not doubled. */
  sendWaiting(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }

  private async pass(): Promise<void> {
    const copy = this.options.copy();
    // A removed desk sends nothing more; while the main desk does not answer, each round tries the oldest mark.
    if (!copy || this.options.link.state().kind === 'removed') return;
    const store = copy.store;
    // Apart with nothing of its own to send: the link's stream says when the main desk is back.
    if (this.options.link.state().kind !== 'answering' && store.mainDeskMarks.waitingCount() === 0) return;
    const landed = new Set<number>();
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
      const answer = jsonOf(result.body) as { error?: string } | undefined;
      const outcome = result.statusCode < 300 ? 'recorded' : `refused (${result.statusCode}): ${answer?.error ?? ''}`;
      store.mainDeskMarks.settle(mark.id, this.now().toISOString(), outcome);
      landed.add(mark.booking_id);
    }
    if (landed.size > 0) {
      this.marksChanged = true;
      this.options.landed?.([...landed]);
    }
    // Once nothing waits, the copy takes the main desk's marks (every desk's) for today and tomorrow.
    if (this.marksChanged && store.mainDeskMarks.waitingCount() === 0 && (await this.takeMainDeskMarks(copy)))
      this.options.takenIn?.();
  }

  /** The main desk's marks changed (its change stream said so): the next round takes them in. */
  mainDeskMarksChanged(): void {
    this.marksChanged = true;
    void this.sendWaiting();
  }

  private marksChanged = true;

  /**
   * The main desk's marks in force for today and tomorrow into the copy, so that while apart the
   * day sheet and the list show every desk's check-ins as they were; a mark still waiting to be
   * sent stays this desk's. True when taken in.
   */
  private async takeMainDeskMarks(copy: CopyOfMainDesk): Promise<boolean> {
    const { today, tomorrow } = copy.window();
    const result = await this.options.connection.mainDeskCall({
      method: 'GET',
      path: `/api/desk/check-ins?from=${today}&to=${tomorrow}`,
      headers: { accept: 'application/json' },
    });
    if (!result.ok || result.statusCode !== 200) return false;
    const parsed = checkInsOfDays.safeParse(jsonOf(result.body));
    if (!parsed.success) return false;
    const { store, dropzone } = copy;
    let missing = 0;
    store.transaction(() => {
      if (store.mainDeskMarks.waitingCount() > 0) return;
      store.checkIns.clearDays(dropzone.id, today, tomorrow);
      for (const { booking_id, day, state, recorded_by, recorded_at } of parsed.data.check_ins) {
        if (!store.bookings.byId(dropzone.id, booking_id)) {
          missing++;
          continue;
        }
        store.checkIns.put({ booking_id, day, state, recorded_by: recorded_by ?? '', recorded_at });
      }
    });
    this.marksChanged = false;
    this.marksOfBookingsNotInCopy = missing;
    return true;
  }

  /**
   * Marks of bookings the copy did not hold yet when it took them in: a guest synced and marked at
   * once at the main desk, whose booking reaches the copy after the mark. Taken again when the
   * copy gains bookings, or a cut right then would show that guest unmarked here.
   */
  private marksOfBookingsNotInCopy = 0;

  /** The copy took in bookings of the main desk: marks it had to leave out are taken again. */
  copyGainedBookings(): void {
    if (this.marksOfBookingsNotInCopy === 0) return;
    this.mainDeskMarksChanged();
  }
}
