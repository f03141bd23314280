import { z } from 'zod';

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** Whether a string schema rewrites its value (`.trim()`) before its other checks run. */
function trimsFirst(schema: z.core.$ZodType): boolean {
  const checks = (schema._zod.def as { checks?: z.core.$ZodCheck[] }).checks ?? [];
  return checks.some((check) => check._zod.def.check === 'overwrite');
}

/**
 * A route's zod schema as JSON Schema, in the shape that travels on the wire: the schema's input
 * side, since the server sends what a handler gave (a field with a default may be absent) and a
 * client sends what the schema takes. A check zod cannot express in JSON Schema (a refine, a
 * custom type) is left out: the schema says less than the server checks, never more.
 */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      // An import row's record: any JSON object, checked by the Sync API's rules as it is sent.
      if (zodSchema._zod.def.type === 'custom') jsonSchema.type = 'object';
      // A whole number's safe-integer bounds say nothing a client needs (and make odd examples).
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      // A string trimmed before its length is checked: blanks around it do not count, so its length is not the text's.
      if (zodSchema._zod.def.type === 'string' && trimsFirst(zodSchema)) {
        delete jsonSchema.minLength;
        delete jsonSchema.maxLength;
      }
    },
  }) as JsonSchema;
  delete converted.$schema;
  return converted;
}
