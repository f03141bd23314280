import { deskRoutes } from '../../../shared/api/desk-routes';
import type { DateFormat } from '../../../shared/import-date-formats';
import type { ImportKind } from '../../../shared/schemas/imports/kinds';
import type { ImportMapping } from '../../../shared/schemas/imports/mappings';
import { call } from './call';

/** Column mappings remembered per header row (/api/desk/import-mappings). */
export const importMappingsApi = {
  /** The mapping remembered for files with exactly these headers, or `{ mapping: null, date_format: null }`. */
  lookup: (kind: ImportKind, headers: readonly string[]) =>
    call(deskRoutes.getImportMapping, { query: { kind, headers: JSON.stringify(headers) } }),
  remember: async (
    kind: ImportKind,
    headers: readonly string[],
    mapping: ImportMapping,
    dateFormat: DateFormat | null,
  ) => {
    await call(deskRoutes.putImportMapping, {
      body: { kind, headers: [...headers], mapping, date_format: dateFormat },
    });
  },
};
