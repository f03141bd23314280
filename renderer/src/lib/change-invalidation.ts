import type { QueryKey } from '@tanstack/react-query';
import type { DeskChange } from '../../../shared/schemas/desk-changes';
import { desksKeys } from '../api/desks-api';
import { importKeys } from '../api/import-queries';
import { jumpKeys } from '../api/jumps-api';
import { queryKeys } from '../api/queries';
import { receptionKeys } from '../api/reception-api';

const b = queryKeys.bookings;

/** The pages of the bookings a change names: each shown by its external id or by the desk's id. */
function bookingPages(change: DeskChange): QueryKey[] {
  return [
    ...change.external_ids.flatMap((id) => [
      [...b, 'one', id],
      [...b, 'actions', id],
      [...b, 'ledger', id],
    ]),
    ...change.ids.flatMap((id) => [
      [...b, 'by-id', id],
      [...b, 'check-in', id],
    ]),
  ];
}

const lists: QueryKey[] = [receptionKeys.deskLists, receptionKeys.daySheets];

/**
 * The react-query keys that show what a change names (queries whose key starts with one of
 * them): reception's lists and the pages of the records named, or every query of the kind when
 * the change says `many`. Asked again, a query keeps its data until the answer comes, so the list
 * stays where it was scrolled and on the row the person was on.
 */
export function keysShowing(change: DeskChange): QueryKey[] {
  switch (change.kind) {
    case 'bookings':
      return change.many ? [b] : [...lists, ...bookingPages(change)];
    case 'check_ins':
      return change.many ? [...lists, [...b, 'check-in']] : [...lists, ...bookingPages(change)];
    case 'ledger':
      return change.many ? [b] : [...lists, ...bookingPages(change)];
    case 'jumps':
      // The filmers' jump lists and counts count every booking's jump.
      return [
        ...(change.many ? [b] : [...lists, ...bookingPages(change)]),
        jumpKeys.counts,
        [...queryKeys.filmers, 'jumps'],
      ];
    case 'filmers':
      return [queryKeys.filmers];
    case 'catalogue':
      return [queryKeys.catalogue];
    case 'imports':
      return [importKeys.all];
    case 'connection':
      return [
        [...queryKeys.desk, 'session'],
        [...queryKeys.desk, 'connection'],
      ];
    case 'outbox':
      // Proxy mode's outbox: its screen's queries start with 'outbox'; the status bar reads the session;
      // on a main desk, what its paired desks hold for a person (the Sync screen) is in the desks' view.
      return [['outbox'], [...queryKeys.desk, 'session'], desksKeys.all];
  }
}
