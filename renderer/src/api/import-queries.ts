import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { importsApi, type ImportRowQuery } from './imports-api';

/** The import history's queries; the wizard invalidates ['imports'] after each send. */
export const importKeys = { all: ['imports'] as const };

export const importsQuery = () => queryOptions({ queryKey: [...importKeys.all, 'list'], queryFn: importsApi.list });

export const importQuery = (id: number) =>
  queryOptions({ queryKey: [...importKeys.all, 'one', id], queryFn: () => importsApi.get(id) });

export const importRowsQuery = (id: number, q: ImportRowQuery) =>
  queryOptions({
    queryKey: [...importKeys.all, 'rows', id, q],
    queryFn: () => importsApi.rows(id, q),
    placeholderData: keepPreviousData,
  });
