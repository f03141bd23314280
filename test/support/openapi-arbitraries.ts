import fc from 'fast-check';
import type { OpenApiDocument } from '../../shared/api/openapi/document';
import type { JsonSchema } from '../../shared/api/openapi/json-schema';

/**
 * Requests made from the OpenAPI document with fast-check: for each operation, its path
 * parameters, query parameters and JSON body drawn from the document's own schemas (a small JSON
 * Schema → arbitrary of our own, for the subset zod writes), mostly valid, sometimes with one part
 * broken, so both an operation's answers and its refusals are reached.
 */

export interface GeneratedRequest {
  operationId: string;
  method: string;
  /** Path and query string, percent-encoded. */
  url: string;
  /** The JSON text of the body, if any. */
  body?: string;
  /** Which credential goes with it: the desk's session, a booking system's token, or none. */
  credential: 'session' | 'token' | 'none';
  /** Whether the administrator unlock goes with it. */
  admin: boolean;
}

/** Values a path parameter takes besides random ones: records the seeded desks hold, so a read finds something. */
export interface KnownValues {
  external_id: readonly string[];
  id: readonly number[];
}

const SMALL = 3;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 24, Math.max(minLength, 24));
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    return fc
      .stringMatching(pattern)
      .filter((text) => text.length >= minLength && text.length <= ((schema.maxLength as number) ?? Infinity));
  }
  switch (schema.format) {
    case 'date':
      return fc
        .integer({ min: -40, max: 40 })
        .map((days) => new Date(Date.UTC(2026, 5, 15) + days * 86_400_000).toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .integer({ min: -40 * 86_400, max: 40 * 86_400 })
        .map((seconds) => new Date(Date.UTC(2026, 5, 15) + seconds * 1000).toISOString());
    case 'email':
      return fc.emailAddress().filter((email) => email.length <= maxLength || maxLength < minLength);
  }
  return fc.string({ minLength, maxLength, unit: fc.constantFrom('a', 'B', '7', ' ', '-', 'é', '/', '?', '%', '_') });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  let min = (schema.minimum as number | undefined) ?? -1_000;
  let max = (schema.maximum as number | undefined) ?? 100_000;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON);
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON);
  if (integer)
    return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  if (Object.keys(properties).length === 0)
    return fc.dictionary(fc.constantFrom('a', 'name', 'note'), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), {
      maxKeys: SMALL,
    });
  const model = Object.fromEntries(Object.entries(properties).map(([name, part]) => [name, arbitraryOf(part)]));
  return fc.record(model, { requiredKeys: required.filter((name) => name in properties) });
}

/** An arbitrary of the values a JSON Schema (as zod writes it) accepts. */
export function arbitraryOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives)
    return fc.oneof(
      ...alternatives.map((part) => arbitraryOf({ ...schema, anyOf: undefined, oneOf: undefined, ...part })),
    );
  if (Array.isArray(schema.allOf)) return arbitraryOf(Object.assign({}, ...(schema.allOf as JsonSchema[])));
  if (Array.isArray(schema.type))
    return fc.oneof(...(schema.type as string[]).map((type) => arbitraryOf({ ...schema, type })));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const minLength = (schema.minItems as number | undefined) ?? 0;
      return fc.array(arbitraryOf(items), { minLength, maxLength: Math.max(minLength, SMALL) });
    }
    case 'object':
      return objectArbitrary(schema);
  }
  // No type: any JSON value.
  return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
}

/** A value of the wrong kind, for the part of a request that is broken on purpose. */
const wrongValue = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.integer(),
  fc.constant([]),
  fc.string({ maxLength: 6 }),
);

function pathParamArbitrary(parameter: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const schema = parameter.schema as JsonSchema;
  if (schema.type === 'integer')
    return fc.oneof(fc.constantFrom(...known.id), fc.integer({ min: 0, max: 1_000_000 })).map(String);
  const name = String(parameter.name);
  const random = fc.string({
    minLength: 1,
    maxLength: 12,
    unit: fc.constantFrom('a', 'Z', '1', '-', 'é', '?', '/', '%', ' '),
  });
  const pool = name === 'external_id' ? known.external_id : known.id.map(String);
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: random });
}

/** Requests for one operation of the document. */
export function requestArbitrary(
  path: string,
  method: string,
  operation: JsonSchema,
  known: KnownValues,
): fc.Arbitrary<GeneratedRequest> {
  const parameters = (operation.parameters ?? []) as JsonSchema[];
  const pathParams = parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = (operation.requestBody as JsonSchema | undefined)?.content as
    Record<string, { schema: JsonSchema }> | undefined;
  const security = (operation.security ?? []) as Record<string, unknown>[];
  const takesToken = security.some((scheme) => 'apiToken' in scheme);
  const isAdmin = security.some((scheme) => 'adminUnlock' in scheme);

  const pathValues = fc.tuple(...pathParams.map((parameter) => pathParamArbitrary(parameter, known)));
  const queryValues = fc.record(
    Object.fromEntries(
      queryParams.map((parameter) => [String(parameter.name), arbitraryOf(parameter.schema as JsonSchema)]),
    ),
    { requiredKeys: queryParams.filter((parameter) => parameter.required).map((parameter) => String(parameter.name)) },
  );
  const body = bodySchema ? arbitraryOf(bodySchema['application/json']!.schema) : fc.constant(undefined);
  // Mostly as documented; one part in five broken on purpose (a refusal is an answer to check too).
  const breakable = bodySchema ? 'body' : queryParams.length > 0 ? 'query' : 'none';
  const broken = fc.constantFrom<'none' | 'body' | 'query'>('none', 'none', 'none', 'none', breakable);
  const credential = fc.constantFrom<GeneratedRequest['credential']>(
    'session',
    'session',
    takesToken ? 'token' : 'session',
    'token',
    'none',
  );
  return fc
    .record({ pathValues, queryValues, body, broken, wrong: wrongValue, credential, admin: fc.boolean() })
    .map(({ pathValues: values, queryValues: query, body: made, broken: part, wrong, credential: who, admin }) => {
      let filled = path;
      pathParams.forEach((parameter, index) => {
        filled = filled.replace(`{${String(parameter.name)}}`, encodeURIComponent(values[index] as string));
      });
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) if (value !== undefined) search.append(name, String(value));
      if (part === 'query') search.set(String(queryParams[0]!.name), String(wrong));
      let sent = made;
      if (part === 'body') {
        sent =
          made !== null && typeof made === 'object' && !Array.isArray(made)
            ? { ...made, [Object.keys(made)[0] ?? 'unknown']: wrong }
            : wrong;
      }
      const queryText = search.toString();
      return {
        operationId: String(operation.operationId),
        method: method.toUpperCase(),
        url: queryText ? `${filled}?${queryText}` : filled,
        ...(sent === undefined ? {} : { body: JSON.stringify(sent) }),
        credential: who,
        admin: isAdmin && admin,
      };
    });
}

/** Every operation of the document, with its path and method. */
export function operationsOf(document: OpenApiDocument): { path: string; method: string; operation: JsonSchema }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
}
