/**
 * Run inside a venue namespace (test/support/venue-netns.ts): calls a main desk's LAN listener as
 * another machine on the venue's network would, and prints one JSON line with what each call got.
 *
 *   node --import tsx test/support/netns-lan-calls.ts <base-url> <fingerprint> '<calls as JSON>'
 *
 * A call is { method, path, credential?, scheme?: 'https' | 'http', base?, body? }; `http` tries plain HTTP at
 * the same address and port (a TLS listener answers that with no HTTP at all). A call that gets
 * no answer reports its error's code.
 */
import { request } from 'undici';
import { pinnedAgent } from '../../electron/desks/pinned-agent';

interface Call {
  method?: string;
  path: string;
  credential?: string;
  scheme?: 'https' | 'http';
  /** Another base URL for this call (plain HTTP to another port). */
  base?: string;
  /** Report the answer's JSON body too. */
  body?: boolean;
  /** Report how long the call took, connection included (`ms`). */
  timed?: boolean;
}

const [base, fingerprint, callsJson] = process.argv.slice(2);
const calls = JSON.parse(callsJson ?? '[]') as Call[];
const agent = pinnedAgent(fingerprint as string);
const results: unknown[] = [];
for (const call of calls) {
  const url = new URL(call.path, call.base ?? base);
  if (call.scheme === 'http') url.protocol = 'http:';
  const started = performance.now();
  const took = () => (call.timed ? { ms: Math.round(performance.now() - started) } : {});
  try {
    const answer = await request(url, {
      method: (call.method ?? 'GET') as 'GET',
      ...(url.protocol === 'https:' ? { dispatcher: agent } : {}),
      headers: call.credential ? { authorization: `Bearer ${call.credential}` } : {},
      headersTimeout: 5_000,
      bodyTimeout: 5_000,
    });
    const text = await answer.body.text();
    let code: unknown = null;
    try {
      code = (JSON.parse(text) as { code?: unknown }).code ?? null;
    } catch {
      // Not JSON: a UI file, or nothing.
    }
    results.push({
      status: answer.statusCode,
      code,
      ...(call.body ? { body: JSON.parse(text) as unknown } : {}),
      ...took(),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    results.push({ error: (error as { code?: string }).code ?? cause?.code ?? (error as Error).message, ...took() });
  }
}
await agent.close();
process.stdout.write(`${JSON.stringify(results)}\n`);
