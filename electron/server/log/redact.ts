import { redactByPattern } from './redact-by-pattern';

/**
 * What the request log never shows: credentials and anything named like a secret. Headers and
 * paths are redacted when a call is recorded (credentials travel there, so none sits in the log's
 * memory); a kept body when it is first read (log-hooks.ts), so no secret reaches a desk API
 * answer or a "Copy as cURL" string.
 */

export const REDACTED = '<redacted>';

/** Header names that carry secrets: Authorization, cookies, API keys, tokens… */
const SECRET_HEADER = /authorization|token|key|secret|passw|cookie|credential|session|signature/i;
/** Body fields and query parameters that carry secrets. */
const SECRET_FIELD = /token|passw|secret|api[-_]?key|^key$|credential|authorization|cookie/i;
/** A quick look before parsing: bodies with no such word anywhere are kept as they are. */
const SECRET_WORD = /token|passw|secret|api[-_]?key|\bkey\b|credential|authorization|cookie/i;

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name);
}

/** `Authorization: Bearer abc` → `Bearer <redacted>` (the scheme stays: it helps, and is no secret). */
function redactHeaderValue(name: string, value: string): string {
  if (/authorization$/i.test(name)) {
    const scheme = /^([A-Za-z][\w.~+/-]*)\s+\S/.exec(value);
    return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
  }
  return REDACTED;
}

/** Lower-cased names, one string per header; secret ones, and `alsoSecret` (a custom credential header), redacted. */
export function redactHeaders(
  headers: Record<string, unknown>,
  alsoSecret: readonly string[] = [],
): Record<string, string> {
  const extra = new Set(alsoSecret.map((n) => n.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [rawName, rawValue] of Object.entries(headers)) {
    if (rawValue === undefined) continue;
    const name = rawName.toLowerCase();
    const value = Array.isArray(rawValue) ? rawValue.join(', ') : String(rawValue);
    out[name] = isSecretHeader(name) || extra.has(name) ? redactHeaderValue(name, value) : value;
  }
  return out;
}

/**
 * JSON.stringify's replacer sees every key at every depth (array items come as "0", "1"…, which
 * never look secret), and writes `__proto__` as the own key it is, secrets inside it redacted.
 */
function redactingReplacer(key: string, value: unknown): unknown {
  return key !== '' && SECRET_FIELD.test(key) ? REDACTED : value;
}

function isFormText(text: string): boolean {
  // Form encoding has no raw spaces; text with them is read as loose `name: value` text instead.
  return /^[^\s{[<=]+=\S*$/.test(text);
}

/** `a=1&token=x` → `a=1&token=<redacted>`. */
function redactFormText(text: string): string {
  return text.replace(/(^|&)([^=&]*)=([^&]*)/g, (whole, lead: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // keep the raw name
    }
    return SECRET_FIELD.test(decoded) ? `${lead}${name}=${REDACTED}` : whole;
  });
}

/**
 * A body as text with secret-looking fields redacted at any depth: JSON fields, form fields, and,
 * in a body that cannot be parsed or is nested deeper than JSON.stringify can walk, any
 * `name: value` or `name=value` pair (never the body as sent: a broken body is still a body).
 */
export function redactBodyText(text: string): string {
  if (!SECRET_WORD.test(text)) return text;
  if (isFormText(text)) return redactFormText(text);
  try {
    return JSON.stringify(JSON.parse(text), redactingReplacer);
  } catch {
    return redactByPattern(text, (name) => SECRET_FIELD.test(name), REDACTED);
  }
}

/** `/api/f1/sync/bookings?api_key=x&page=2` → `…?api_key=<redacted>&page=2`. */
export function redactPath(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  return `${url.slice(0, q + 1)}${redactFormText(url.slice(q + 1))}`;
}

/** What a call without a valid credential keeps in place of a query value or a body. */
export const NOT_KEPT = '<not kept>';

/**
 * `/api/f1/sync/bookings?email=a@b.c&page=2` → `…?email=<not kept>&page=<not kept>`: the
 * parameters' names stay (they show what a booking system asked), their values go (a customer's
 * e-mail or name is no business of a desk that cannot tell whose call it was).
 */
export function dropQueryValues(path: string): string {
  const q = path.indexOf('?');
  if (q < 0) return path;
  const names = path
    .slice(q + 1)
    .split('&')
    .map((pair) => (pair === '' ? pair : `${pair.split('=')[0]}=${NOT_KEPT}`));
  return `${path.slice(0, q + 1)}${names.join('&')}`;
}
