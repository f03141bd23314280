/** "Copy as cURL": one logged call as a command line for a POSIX shell (secrets already redacted). */

/** Headers curl works out itself, or that would mislead when replayed. */
const LEFT_OUT = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'accept-encoding',
  'keep-alive',
]);

export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** `content-type` → `Content-Type`, as people write them. */
function headerCase(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_m, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);
}

export interface CurlInput {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as logged; null when there was none. */
  body: string | null;
  /** True when there was a body that the log did not keep (too large, or a call without a valid credential): the command reads it from a file. */
  bodyNotKept: boolean;
}

export function toCurl({ method, url, headers, body, bodyNotKept }: CurlInput): string {
  const verb = method === 'HEAD' ? ' --head' : method !== 'GET' || body !== null || bodyNotKept ? ` -X ${method}` : '';
  const parts = [`curl${verb} ${shellQuote(url)}`];
  for (const [name, value] of Object.entries(headers)) {
    if (!LEFT_OUT.has(name)) parts.push(`-H ${shellQuote(`${headerCase(name)}: ${value}`)}`);
  }
  if (body !== null) parts.push(`--data-raw ${shellQuote(body)}`);
  else if (bodyNotKept) parts.push('--data-binary @request-body.json');
  return parts.join(' \\\n  ');
}
