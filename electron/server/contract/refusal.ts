import { isObject } from '../../../shared/objects';
import { addField, describeIssues } from '../../sync/validation';
import type { BodySpec, QuerySpec } from '../../../shared/api/route';
import type { DeskError } from '../../../shared/schemas/desk-error';

/**
 * A request the route's schema refused: the 422 it gets, in the desk API's one error shape
 * (`{ error, fields, status }`, docs/desk-api.md). Raised by the validator, sent by the error handler.
 */
export class RequestRefused extends Error {
  readonly statusCode = 422;
  readonly code = 'DESK_REQUEST_REFUSED';

  constructor(readonly body: DeskError & { fields: Record<string, string> }) {
    super(body.error);
    this.name = 'RequestRefused';
  }
}

function refused(fields: Record<string, string>): RequestRefused {
  const messages = Object.entries(fields).map(([name, message]) => `${name} ${message}`);
  return new RequestRefused({ error: messages.join('; '), fields, status: 'unprocessable_content' });
}

const NOT_AN_OBJECT = 'body must be a JSON object';

/** The body as the schema parses it, or the 422 naming each field (`label must not be empty`). */
export function checkBody(spec: BodySpec, body: unknown): { value: unknown } | { error: RequestRefused } {
  if (spec.nonObject !== 'schema' && !isObject(body)) {
    return {
      error: new RequestRefused({
        error: NOT_AN_OBJECT,
        fields: { [spec.name]: NOT_AN_OBJECT },
        status: 'unprocessable_content',
      }),
    };
  }
  const parsed = spec.schema.safeParse(body);
  if (parsed.success) return { value: parsed.data };
  return { error: refused(describeIssues(parsed.error, spec.name).fields) };
}

type RawQuery = Record<string, string | string[] | undefined>;

/**
 * The query string as the schema parses it. A parameter given twice, or one the route does not
 * know, is refused by name, never ignored: a misspelt filter must not silently return everything.
 */
export function checkQuery(spec: QuerySpec, raw: RawQuery): { value: unknown } | { error: RequestRefused } {
  const fields: Record<string, string> = {};
  // No prototype: `?__proto__=x` is a parameter like any other (an unknown one).
  const single: Record<string, string> = Object.create(null);
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) addField(fields, name, 'is given more than once');
    else if (value !== undefined) single[name] = value;
  }
  const parsed = spec.schema.safeParse(single);
  if (!parsed.success) {
    const unknownKey = `is not a writable ${spec.name} attribute`;
    for (const [name, message] of Object.entries(describeIssues(parsed.error, spec.name).fields)) {
      addField(fields, name, message === unknownKey ? 'is not a known parameter' : message);
    }
  }
  if (Object.keys(fields).length > 0) return { error: refused(fields) };
  return { value: parsed.success ? parsed.data : undefined };
}
