import type { HeldReport, PairedDeskView } from '../../shared/schemas/desks';

/** A desk's last report as the desks' view shows it (GET /api/desk/desks). */
export type HeldAtDesk = NonNullable<PairedDeskView['held']>;

/**
 * On the main desk: what each paired desk last said waits there for a person (a field both desks
 * changed while apart, a write the main desk refused). Decided where it was made, shown on the main
 * desk's Sync screen too. Kept in memory: a paired desk says it again whenever it changes and each
 * time its link comes back, so a restart of the main desk forgets nothing for long.
 */
export class HeldAtDesks {
  private readonly byDesk = new Map<number, HeldAtDesk>();

  report(deskId: number, report: HeldReport, at: string): void {
    this.byDesk.set(deskId, { ...report, reported_at: at });
  }

  of(deskId: number): HeldAtDesk | null {
    return this.byDesk.get(deskId) ?? null;
  }

  forget(deskId: number): void {
    this.byDesk.delete(deskId);
  }
}
