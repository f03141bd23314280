import { z } from 'zod';
import { text, wellFormedString } from '../text';
import { IMPORT_FIELD_NAMES } from './fields';
import { IMPORT_KINDS, importKind, type ImportKind } from './kinds';
import { IMPORT_LIMITS } from './limits';
import { importDateFormat } from './source-file';

/**
 * Which column of a file goes to which field, and the mappings the desk remembers for files with
 * the same headers (/api/desk/import-mappings). docs/desk-api.md, "Remembered mappings".
 */

/** Column header → field name, or null for an ignored column. */
export const importMapping = z.record(
  text(1_000),
  wellFormedString({ error: 'must be a field name or null' }).max(100).nullable(),
  {
    // Only for a mapping that is no object: a bad header (a key) keeps its own message.
    error: (issue) => (issue.code === 'invalid_type' ? 'must be an object of header → field or null' : undefined),
  },
);
export type ImportMapping = z.infer<typeof importMapping>;

/**
 * Every column of a mapping goes to a field of the import's kind (or nowhere: null). The wizard
 * offers no other; a mapping to anything else would be kept, and reopening the import would send
 * that column nowhere.
 */
export function mappedToImportFields(
  { kind, mapping }: { kind: ImportKind; mapping: ImportMapping },
  ctx: z.RefinementCtx,
): void {
  const known = IMPORT_FIELD_NAMES[kind] as readonly string[] | undefined;
  if (!known) return;
  for (const [header, field] of Object.entries(mapping)) {
    if (field === null || known.includes(field)) continue;
    ctx.addIssue({
      code: 'custom',
      path: ['mapping', header],
      message: `is ${JSON.stringify(field)}, which is no ${kind} import field: use one of ${known.join(', ')}, or null to leave the column out`,
    });
  }
}

// ---- requests -------------------------------------------------------------------------------

/** PUT /api/desk/import-mappings: remember a mapping for files with the same headers. */
export const importMappingWrite = z
  .strictObject({
    kind: importKind,
    headers: z.array(text(1_000)).min(1).max(IMPORT_LIMITS.maxColumns),
    mapping: importMapping,
    date_format: importDateFormat,
  })
  .superRefine(mappedToImportFields);

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

/** GET /api/desk/import-mappings?kind=…&headers=<JSON array of strings>: the lookup of a remembered mapping. */
export const importMappingQuery = z.strictObject({
  kind: z.enum(IMPORT_KINDS, {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be "bookings" or "filmers"'),
  }),
  headers: headersParam,
});
export type ImportMappingQuery = z.input<typeof importMappingQuery>;

// ---- responses ------------------------------------------------------------------------------

/** GET /api/desk/import-mappings?kind=…&headers=<JSON array> → the remembered mapping or null */
export const rememberedMapping = z.object({ mapping: importMapping.nullable(), date_format: z.string().nullable() });
