/**
 * Run inside one desk's network namespace by bench/desks-live.ts: the writer, or the watcher, of
 * "a write at one desk, on another desk's screen". Both talk to the desk of their own namespace on
 * its loopback port, as its window does; the link between the desks is the venue's.
 *
 *   node --import tsx bench/desks-live-probe.ts watch <base> <token> '<[{id, external_id}]>'
 *   node --import tsx bench/desks-live-probe.ts write <base> <token> '<[{kind, id, external_id, marker}]>' <gap ms>
 *
 * The watcher follows the desk's change stream (GET /api/desk/changes) and, for each change that
 * names a watched booking, asks again as a screen does (the check-in, the booking); each value it
 * has not seen before goes out as one JSON line with the time it was on screen. The writer makes its
 * writes one after another, `gap` ms apart, and prints when each was sent. Times are the wall
 * clock's (performance.timeOrigin + now): both namespaces share the machine's clock.
 */
import { Client } from './common';

interface Watched {
  id: number;
  external_id: string;
}

interface Write extends Watched {
  kind: 'check-in' | 'edit';
  /** What the write sets (the check-in's recorded_by, the booking's reference): unique per write. */
  marker: string;
}

const now = () => performance.timeOrigin + performance.now();
const emit = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

async function watch(base: string, token: string, watched: Watched[]): Promise<void> {
  // A window's six connections, as Chromium opens per host: over a slow Wi-Fi a change's second look
  // (each 300 ms longer) must not queue behind the one before, as it would on a single socket.
  const client = new Client(base, token, 6);
  const byId = new Map(watched.map((w) => [w.id, w]));
  const byExternal = new Map(watched.map((w) => [w.external_id, w]));
  const seen = new Set<string>();
  const report = (marker: string | null | undefined) => {
    if (!marker || seen.has(marker)) return;
    seen.add(marker);
    emit({ seen: marker, at: now() });
  };
  const askCheckIn = async (w: Watched) => {
    const reply = await client.request('GET', `/api/desk/bookings/by-id/${w.id}/check-in`);
    if (reply.status === 200)
      report((JSON.parse(reply.text) as { check_in: { recorded_by: string | null } | null }).check_in?.recorded_by);
  };
  const askBooking = async (w: Watched) => {
    const reply = await client.request('GET', `/api/f1/sync/bookings/${encodeURIComponent(w.external_id)}`);
    if (reply.status === 200) report((JSON.parse(reply.text) as { reference?: string | null }).reference);
  };

  const response = await fetch(new URL('/api/desk/changes', base), { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`the change stream answered HTTP ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (name === 'ready') emit({ ready: true });
      if (name !== 'changes' || data === undefined) continue;
      const { changes } = JSON.parse(data) as {
        changes: { kind: string; ids: number[]; external_ids: string[]; many: boolean }[];
      };
      const asks: Promise<void>[] = [];
      for (const change of changes) {
        if (change.kind === 'check_ins') {
          const named = change.many ? watched : change.ids.flatMap((id) => byId.get(id) ?? []);
          asks.push(...named.map(askCheckIn));
        }
        if (change.kind === 'bookings') {
          const named = change.many
            ? watched
            : [
                ...change.ids.flatMap((id) => byId.get(id) ?? []),
                ...change.external_ids.flatMap((e) => byExternal.get(e) ?? []),
              ];
          asks.push(...[...new Set(named)].map(askBooking));
        }
      }
      // Not awaited in turn: the next event is read while these are asked, as a window does.
      void Promise.all(asks).catch((error: unknown) => emit({ error: String(error) }));
    }
  }
}

async function write(base: string, token: string, writes: Write[], gapMs: number): Promise<void> {
  const client = new Client(base, token);
  for (const w of writes) {
    const sent = now();
    const reply =
      w.kind === 'check-in'
        ? await client.request(
            'PUT',
            `/api/desk/bookings/by-id/${w.id}/check-in`,
            JSON.stringify({ state: 'arrived', recorded_by: w.marker }),
          )
        : await client.request(
            'POST',
            '/api/f1/sync/bookings',
            JSON.stringify({ external_id: w.external_id, reference: w.marker }),
          );
    emit({
      wrote: w.marker,
      kind: w.kind,
      sent,
      answered: now(),
      status: reply.status,
      queued: reply.status === 200 ? undefined : reply.text.slice(0, 200),
    });
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  client.close();
}

const [mode, base, token, json, gap] = process.argv.slice(2);
if (mode === 'watch') await watch(base as string, token as string, JSON.parse(json as string) as Watched[]);
else if (mode === 'write')
  await write(base as string, token as string, JSON.parse(json as string) as Write[], Number(gap));
else throw new Error(`desks-live-probe: "watch" or "write", got ${mode}`);
