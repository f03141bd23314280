import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { deskApi, syncApi, type DeskSession, type LogFilters } from './sync-api';

/**
 * One queryOptions factory per resource (TanStack's pattern): components and mutations share
 * the keys, and a mutation invalidates by the resource's first key.
 */
export const queryKeys = {
  bookings: ['bookings'] as const,
  filmers: ['filmers'] as const,
  catalogue: ['catalogue'] as const,
  desk: ['desk'] as const,
};

export const bookingQuery = (externalId: string) =>
  queryOptions({ queryKey: [...queryKeys.bookings, 'one', externalId], queryFn: () => syncApi.getBooking(externalId) });

/** A booking by the desk's id: a walk-in's detail page (it has no external id to be fetched by). */
export const bookingByIdQuery = (id: number) =>
  queryOptions({ queryKey: [...queryKeys.bookings, 'by-id', id], queryFn: () => deskApi.getBookingById(id) });

export const filmersQuery = (includeAll: boolean) =>
  queryOptions({
    queryKey: [...queryKeys.filmers, 'list', includeAll],
    queryFn: () => syncApi.listFilmers(includeAll),
  });

export const productsQuery = () =>
  queryOptions({ queryKey: [...queryKeys.catalogue, 'products'], queryFn: syncApi.listProducts, staleTime: 60_000 });
export const productQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'product', id],
    queryFn: () => syncApi.getProduct(id),
    staleTime: 60_000,
  });
export const upgradesQuery = () =>
  queryOptions({ queryKey: [...queryKeys.catalogue, 'upgrades'], queryFn: syncApi.listUpgrades, staleTime: 60_000 });
export const upgradeQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'upgrade', id],
    queryFn: () => syncApi.getUpgrade(id),
    staleTime: 60_000,
  });

/** Proxy mode's outbox has writes to send or is sending them: its counts move by the second. */
const outboxMoving = (session: DeskSession | undefined) =>
  !!session?.outbox && (session.outbox.waiting > 0 || session.outbox.sending !== null);

/** Polled so the status bar's mode, remote health, outbox counts and deviation count stay live. */
export const sessionQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.desk, 'session'],
    queryFn: deskApi.session,
    staleTime: 2_000,
    refetchInterval: (query) => (outboxMoving(query.state.data) ? 2_000 : 5_000),
  });

export const connectionQuery = () =>
  queryOptions({ queryKey: [...queryKeys.desk, 'connection'], queryFn: deskApi.getConnection });

/** The request log, refetched every few seconds while its screen is open. */
export const logQuery = (filters: LogFilters) =>
  queryOptions({
    queryKey: [...queryKeys.desk, 'log', 'list', filters],
    queryFn: () => deskApi.listLog(filters),
    placeholderData: keepPreviousData,
    refetchInterval: 3_000,
  });

export const logEntryQuery = (id: number) =>
  queryOptions({ queryKey: [...queryKeys.desk, 'log', 'one', id], queryFn: () => deskApi.getLogEntry(id) });
