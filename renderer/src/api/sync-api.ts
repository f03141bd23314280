import type { BookingList, BookingShow, BookingWrite } from '../../../shared/schemas/booking';
import type { Product, ProductListItem, Upgrade, UpgradeListItem } from '../../../shared/schemas/catalogue';
import type { Filmer, FilmerWrite } from '../../../shared/schemas/filmer';
import type {
  ConnectionTestInput,
  ConnectionTestResult,
  ConnectionUpdate,
  ConnectionView,
  DeskSession,
  LogEntryDetail,
  LogPage,
  LogQuery,
} from '../../../shared/schemas/desk';
import type { HandEdit } from '../../../shared/schemas/hand-edits';
import { apiGet, apiRequest, SYNC } from './client';

export type { DeskSession };

/** The bookings list query, as the grid's filters set it (server-side, spec 4.1). */
export interface BookingFilters {
  page: number;
  perPage: number;
  includeAll: boolean;
  /** Name contains (or, when it holds an @, e-mail contains). */
  search: string;
  /** Inclusive jump_on range, YYYY-MM-DD. */
  from: string | null;
  to: string | null;
}

export function bookingListPath(f: BookingFilters): string {
  const q = new URLSearchParams({ page: String(f.page), per_page: String(f.perPage) });
  if (f.includeAll) q.set('include_all', 'true');
  const search = f.search.trim();
  if (search) q.set(search.includes('@') ? 'q[email_cont]' : 'q[name_cont]', search);
  if (f.from) q.set('q[jump_on_gteq]', f.from);
  if (f.to) q.set('q[jump_on_lteq]', f.to);
  return `${SYNC}/bookings?${q}`;
}

export const bookingPath = (externalId: string) => `${SYNC}/bookings/${encodeURIComponent(externalId)}`;

/** What a create or update answered: outcomes the form shows are not exceptions. */
export interface WriteOutcome<T = Record<string, unknown>> {
  httpStatus: number;
  body: T & { status: string; error?: string; errors?: string[]; warning?: string; fields?: Record<string, string>; ignored_attributes?: string[] };
}

const SHOWN_OUTCOMES = [404, 406, 409, 422];

export const syncApi = {
  listBookings: (f: BookingFilters) => apiGet<BookingList>(bookingListPath(f)),
  getBooking: (externalId: string) => apiGet<BookingShow>(bookingPath(externalId)),
  saveBooking: async (booking: BookingWrite): Promise<WriteOutcome> => {
    const { status, body } = await apiRequest<WriteOutcome['body']>('POST', `${SYNC}/bookings`, booking, SHOWN_OUTCOMES);
    return { httpStatus: status, body };
  },
  deleteBooking: (externalId: string) => apiRequest<null>('DELETE', bookingPath(externalId)),

  listFilmers: (includeAll: boolean) => apiGet<Filmer[]>(`${SYNC}/filmers${includeAll ? '?include_all=true' : ''}`),
  getFilmer: (id: number) => apiGet<Filmer>(`${SYNC}/filmers/${id}`),
  saveFilmer: async (filmer: FilmerWrite): Promise<WriteOutcome> => {
    const { status, body } = await apiRequest<WriteOutcome['body']>('POST', `${SYNC}/filmers`, filmer, SHOWN_OUTCOMES);
    return { httpStatus: status, body };
  },
  /** 204 when deleted; a refusal (dependent jumps) comes back as an outcome with `errors`. */
  deleteFilmer: async (id: number): Promise<WriteOutcome | null> => {
    const { status, body } = await apiRequest<WriteOutcome['body'] | null>('DELETE', `${SYNC}/filmers/${id}`, undefined, SHOWN_OUTCOMES);
    return status === 204 || body === null ? null : { httpStatus: status, body };
  },

  listProducts: () => apiGet<{ version: string; products: ProductListItem[] }>(`${SYNC}/products`),
  getProduct: (id: number) => apiGet<Product>(`${SYNC}/products/${id}`),
  listUpgrades: () => apiGet<{ version: string; upgrades: UpgradeListItem[] }>(`${SYNC}/upgrades`),
  getUpgrade: (id: number) => apiGet<Upgrade>(`${SYNC}/upgrades/${id}`),
};

/** The desk's own endpoints (docs/desk-api.md). */
export type LogFilters = Omit<LogQuery, 'deviations'> & { deviations?: boolean };

export function logListPath(filters: LogFilters): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || value === false) continue;
    q.set(key, String(value));
  }
  const query = q.toString();
  return `/api/desk/log${query ? `?${query}` : ''}`;
}

export const deskApi = {
  session: () => apiGet<DeskSession>('/api/desk/session'),
  health: () => apiGet<{ status: string; version: string }>('/api/desk/health'),
  getConnection: () => apiGet<ConnectionView>('/api/desk/connection'),
  /** 422 (with `fields`) comes back as an ApiError for the form. */
  putConnection: async (update: ConnectionUpdate) => (await apiRequest<ConnectionView>('PUT', '/api/desk/connection', update)).body,
  testConnection: async (input: ConnectionTestInput) => (await apiRequest<ConnectionTestResult>('POST', '/api/desk/connection/test', input)).body,
  listLog: (filters: LogFilters) => apiGet<LogPage>(logListPath(filters)),
  getLogEntry: (id: number) => apiGet<LogEntryDetail>(`/api/desk/log/${id}`),
  /** A hand edit (local store only): applies like a sync update and locks the changed fields. */
  editBooking: async (externalId: string, edit: HandEdit): Promise<WriteOutcome> => {
    const { status, body } = await apiRequest<WriteOutcome['body']>('PATCH', handEditPath(externalId), edit, SHOWN_OUTCOMES);
    return { httpStatus: status, body };
  },
  /** Lets the booking system change these fields again. */
  unlockBookingFields: async (externalId: string, fields: string[]) =>
    (await apiRequest<BookingShow>('POST', `${handEditPath(externalId)}/unlock`, { fields })).body,
};

const handEditPath = (externalId: string) => `/api/desk/bookings/${encodeURIComponent(externalId)}`;
