/**
 * Run inside a venue namespace (test/support/venue-netns.ts): a series of JSON calls to a desk, as
 * a machine of that namespace makes them, and one JSON line on stdout with what each got.
 *
 *   node --import tsx test/support/netns-calls.ts <base-url> <fingerprint or -> <bearer token> '<calls>'
 *
 * A call is { method?, path, json? }; an https base is reached pinned to the fingerprint (the main
 * desk's LAN listener), an http one plainly (a desk's own loopback port inside its namespace). A
 * call that gets no answer reports its error's code; `repeat` makes the same call n times.
 */
import { Agent, request } from 'undici';
import { pinnedAgent } from '../../electron/desks/pinned-agent';

interface Call {
  method?: string;
  path: string;
  json?: unknown;
  repeat?: number;
}

const [base, fingerprint, token, callsJson] = process.argv.slice(2);
const calls = JSON.parse(callsJson ?? '[]') as Call[];
const agent = base?.startsWith('https:') && fingerprint !== '-' ? pinnedAgent(fingerprint as string) : new Agent();
const results: unknown[] = [];
for (const call of calls) {
  for (let i = 0; i < (call.repeat ?? 1); i++) {
    try {
      const answer = await request(new URL(call.path, base), {
        method: (call.method ?? 'GET') as 'GET',
        dispatcher: agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(call.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(call.json === undefined ? {} : { body: JSON.stringify(call.json) }),
        headersTimeout: 15_000,
        bodyTimeout: 15_000,
      });
      const text = await answer.body.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: kept as text.
      }
      results.push({ status: answer.statusCode, queued: answer.headers['x-desk-queued'] ?? null, body });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      results.push({ error: (error as { code?: string }).code ?? cause?.code ?? (error as Error).message });
    }
  }
}
await agent.close();
process.stdout.write(`${JSON.stringify(results)}\n`);
