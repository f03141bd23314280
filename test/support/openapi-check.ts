import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ServingMode } from '../../shared/api/backends';
import { openApiDocument, type OpenApiDocument } from '../../shared/api/openapi/document';
import type { JsonSchema } from '../../shared/api/openapi/json-schema';

/**
 * Holds the desk's answers (and the requests it took) to its OpenAPI document, so the document
 * fails a test the day it drifts from what the desk does. The test desk's client calls it on every
 * answer (test/support/desk.ts); the property-based test calls it on the requests it generates.
 */

/** One exchange with the desk, as the client saw it. */
export interface Exchange {
  method: string;
  /** The path and query string, as sent (percent-encoded). */
  url: string;
  status: number;
  headers: Headers;
  /** The answer's text ('' when none). */
  text: string;
  /** The request's body, as sent (a JSON text), if any. */
  requestBody?: string;
}

interface Operation {
  path: string;
  method: string;
  matcher: RegExp;
  /** How many path parameters it has: a path without one wins over one with (`/bookings/batch` over `/bookings/{id}`). */
  params: number;
  operation: JsonSchema;
}

/** A query parameter's text as the value its schema describes (OpenAPI's form style: `page=2` is the integer 2). */
function queryValue(text: string, schema: JsonSchema): unknown {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if ((types.includes('integer') || types.includes('number')) && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** The document with its schemas compiled on demand, for one mode. */
export class OpenApiCheck {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly operations: Operation[];
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats.default(this.ajv);
    // Schemas point at the document's components (`#/components/schemas/DeskError`): held under one id.
    this.ajv.addSchema(JSON.parse(JSON.stringify(document).replaceAll('"#/components/', '"doc#/components/')), 'doc');
    this.operations = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => {
          const parameters = (operation.parameters ?? []) as JsonSchema[];
          const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
            const parameter = parameters.find((p) => p.name === name && p.in === 'path');
            return (parameter?.schema as JsonSchema | undefined)?.type === 'integer' ? '(\\d+)' : '([^/]+)';
          });
          return {
            path,
            method: method.toUpperCase(),
            matcher: new RegExp(`^${pattern}/?$`),
            params: (path.match(/\{/g) ?? []).length,
            operation,
          };
        }),
      )
      .sort((a, b) => a.params - b.params);
  }

  /** The documented operation a call names, or undefined (a path the document does not hold). */
  operationOf(method: string, url: string): Operation | undefined {
    const path = url.split('?')[0] as string;
    return this.operations.find((op) => op.method === method.toUpperCase() && op.matcher.test(path));
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `doc#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  private problemsOf(pointer: string, value: unknown): string[] {
    const validate = this.validator(pointer);
    if (validate(value)) return [];
    return (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
  }

  /** A response object and the JSON pointer to it, its `$ref` to the common answers followed. */
  private responseOf(op: Operation, status: number): { response: JsonSchema; pointer: string } | undefined {
    const responses = op.operation.responses as Record<string, JsonSchema>;
    const response = responses[String(status)];
    if (!response) return undefined;
    const ref = response.$ref;
    if (typeof ref === 'string') {
      const name = ref.split('/').pop() as string;
      return {
        response: this.document.components.responses![name] as JsonSchema,
        pointer: `/components/responses/${escapePointer(name)}`,
      };
    }
    return {
      response,
      pointer: `/paths/${escapePointer(op.path)}/${op.method.toLowerCase()}/responses/${status}`,
    };
  }

  /** What is wrong with an exchange, by the document (empty: it is as documented, or a path it does not hold). */
  problems(exchange: Exchange): string[] {
    const op = this.operationOf(exchange.method, exchange.url);
    if (!op) return [];
    const found = this.responseOf(op, exchange.status);
    if (!found) {
      const documented = Object.keys(op.operation.responses as object).join(', ');
      return [
        `HTTP ${exchange.status} is not documented (documented: ${documented}); the answer: ${exchange.text.slice(0, 300)}`,
      ];
    }
    const problems: string[] = [];
    const { response, pointer } = found;
    const content = response.content as Record<string, JsonSchema> | undefined;
    const contentType = (exchange.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!content) {
      if (exchange.text !== '') problems.push(`HTTP ${exchange.status} has no body by the document, and one came`);
    } else if (!(contentType in content)) {
      problems.push(
        `the answer is ${contentType || 'without a type'}, the document says ${Object.keys(content).join(' or ')}`,
      );
    } else if (contentType === 'application/json') {
      let body: unknown;
      try {
        body = JSON.parse(exchange.text);
      } catch {
        problems.push('the answer is not JSON');
      }
      if (body !== undefined) problems.push(...this.problemsOf(`${pointer}/content/application~1json/schema`, body));
    }
    const headers = (response.headers ?? {}) as Record<string, JsonSchema>;
    for (const name of ['X-Desk-Source', 'X-Desk-Queued', 'Retry-After']) {
      const value = exchange.headers.get(name);
      if (value === null) continue;
      const header = Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
      if (!header) {
        problems.push(`the header ${name} came (${value}) and HTTP ${exchange.status} does not document it`);
        continue;
      }
      const headerName = String(header.$ref ?? '')
        .split('/')
        .pop() as string;
      problems.push(...this.problemsOf(`/components/headers/${headerName}/schema`, value).map((p) => `${name}: ${p}`));
    }
    if (exchange.status >= 200 && exchange.status < 300) problems.push(...this.requestProblems(op, exchange));
    return problems.map((problem) => `${exchange.method} ${exchange.url.slice(0, 200)} → ${problem}`);
  }

  /** A request the desk took must be one the document describes: its body and query parameters. */
  private requestProblems(op: Operation, exchange: Exchange): string[] {
    const problems: string[] = [];
    const base = `/paths/${escapePointer(op.path)}/${op.method.toLowerCase()}`;
    const requestBody = op.operation.requestBody as JsonSchema | undefined;
    // A batch takes any elements and answers each on its own in `results`: its body is not held to the document.
    const batch = /"results"\s*:\s*\[/.test(exchange.text.slice(0, 100));
    if (requestBody && !batch && exchange.requestBody !== undefined && exchange.requestBody !== '') {
      let body: unknown;
      try {
        body = JSON.parse(exchange.requestBody);
      } catch {
        return [`the request body the desk took is not JSON`];
      }
      problems.push(
        ...this.problemsOf(`${base}/requestBody/content/application~1json/schema`, body).map((p) => `request ${p}`),
      );
    }
    const parameters = (op.operation.parameters ?? []) as JsonSchema[];
    // An operation without query parameters reads none, whatever the query string holds.
    if (!parameters.some((p) => p.in === 'query')) return problems;
    const query = new URLSearchParams(exchange.url.split('?')[1] ?? '');
    for (const name of new Set(query.keys())) {
      const index = parameters.findIndex((p) => p.in === 'query' && p.name === name);
      if (index < 0) {
        problems.push(`the desk took the query parameter ${name}, which the document does not describe`);
        continue;
      }
      const schema = parameters[index]!.schema as JsonSchema;
      problems.push(
        ...this.problemsOf(`${base}/parameters/${index}/schema`, queryValue(query.get(name) as string, schema)).map(
          (p) => `query ${name}: ${p}`,
        ),
      );
    }
    return problems;
  }

  /** Fails with every problem of the exchange. */
  assert(exchange: Exchange): void {
    const problems = this.problems(exchange);
    if (problems.length > 0)
      throw new Error(`the answer does not match the OpenAPI document (shared/api/openapi/):\n${problems.join('\n')}`);
  }
}

const checks = new Map<ServingMode, OpenApiCheck>();

/** The check for the document of a mode (made once per test process). */
export function openApiCheckFor(mode: ServingMode): OpenApiCheck {
  let check = checks.get(mode);
  if (!check) {
    check = new OpenApiCheck(openApiDocument({ mode, version: '0.0.0' }));
    checks.set(mode, check);
  }
  return check;
}
