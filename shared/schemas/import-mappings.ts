import { z } from 'zod';
import { IMPORT_KINDS, IMPORT_LIMITS } from './imports';

/**
 * GET /api/desk/import-mappings?kind=…&headers=<JSON array of strings>: the lookup of a remembered
 * mapping (the write and the answer, `importMappingWrite` and `rememberedMapping`, are in
 * imports.ts). docs/desk-api.md, "Remembered mappings".
 */

const ARRAY_OF_STRINGS = 'must be a JSON array of strings';

const headerList = z
  .array(z.string({ error: ARRAY_OF_STRINGS }).max(1_000), { error: ARRAY_OF_STRINGS })
  .min(1, { error: 'must name at least one header' })
  .max(IMPORT_LIMITS.maxColumns, { error: `must have at most ${IMPORT_LIMITS.maxColumns} headers` });

/** The header row as a JSON text (a query string has no arrays); every problem is named on `headers` itself. */
const headersParam = z
  .string({
    error: (issue) => (issue.input === undefined ? `is required (${ARRAY_OF_STRINGS}, URL-encoded)` : ARRAY_OF_STRINGS),
  })
  .transform((json, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${ARRAY_OF_STRINGS}, URL-encoded` });
      return z.NEVER;
    }
    const parsed = headerList.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? ARRAY_OF_STRINGS });
    return z.NEVER;
  });

export const importMappingQuery = z.strictObject({
  kind: z.enum(IMPORT_KINDS, {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be "bookings" or "filmers"'),
  }),
  headers: headersParam,
});
export type ImportMappingQuery = z.input<typeof importMappingQuery>;
