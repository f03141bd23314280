import type { FinanceEvent } from '../../../../../shared/schemas/finance';
import { eventTypeText } from '../../../lib/booking-labels';
import { formatInstant, formatShortDay } from './time';

/** One step of the running credit total: an event, or the closing "Now". */
export interface CreditStep {
  /** Axis label: the event's day, or "Now". */
  day: string;
  /** Centi-credits after the event (the ledger's `centi_total_credits`). */
  total: number;
  /** Centi-credits the event changed; 0 for "Now". */
  change: number;
  /** The event type in words; "Now" for the closing step. */
  label: string;
  /** When the event happened, in the dropzone's zone; empty for "Now". */
  when: string;
  /** The closing step: the last total held until today. It is no event and has no dot. */
  now: boolean;
}

/** The ledger as chart steps, in ledger order, closed by a "Now" step at the last total. */
export function creditSteps(events: readonly FinanceEvent[], timeZone: string | undefined): CreditStep[] {
  const steps: CreditStep[] = events.map((event) => ({
    day: formatShortDay(event.created_at, timeZone),
    total: event.centi_total_credits,
    change: event.centi_credit_change,
    label: eventTypeText(event.event_type).label,
    when: formatInstant(event.created_at, timeZone),
    now: false,
  }));
  const last = steps.at(-1);
  if (last) steps.push({ day: 'Now', total: last.total, change: 0, label: 'Now', when: '', now: true });
  return steps;
}
