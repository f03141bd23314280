/**
 * Run inside a venue namespace (test/support/venue-netns.ts): the front door of a remote service
 * for a proxy desk in another namespace, and the witness of every write that reaches the remote.
 *
 *   node --import tsx test/support/netns-http-relay.ts <address> <port> <target-url> <dir>
 *
 * A desk serves plain HTTP on loopback only (docs/desks.md, "Why no plain HTTP on the LAN"), and
 * proxy mode trusts a remote's certificate by the system's CAs, which a desk's own self-signed LAN
 * certificate is not: so the remote (our own server, a second time) listens on its namespace's
 * loopback, and this relays plain HTTP from the namespace's venue address to it, naming the target
 * in `Host` (a desk refuses a host not its own; bench/cuttable-line.ts does the same).
 *
 * Prints `relay: listening` once it does. Appends one JSON line to `<dir>/writes.jsonl` per write
 * (any method but GET and HEAD): `received` once its body is in, `answered` with the remote's
 * status and both bodies (a file, not stdout: a test that waits in spawnSync never stalls it). A
 * write is forwarded even when its caller went away meanwhile (a desk SIGKILLed mid-call: the
 * remote takes what it was sent, as a real one would), and its answer is then logged with
 * `caller_gone: true`. `<dir>/delays.json`, when it exists, holds `{"read_ms": n, "write_ms": n}`:
 * every call waits that long before it is forwarded (read per call).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { join } from 'node:path';

const [address, port, targetUrl, dir] = process.argv.slice(2);
const target = new URL(targetUrl as string);
const agent = new Agent({ keepAlive: true });
let lastId = 0;

const say = (line: object) => appendFileSync(join(dir as string, 'writes.jsonl'), `${JSON.stringify(line)}\n`);
const delays = (): { read_ms?: number; write_ms?: number } => {
  try {
    return JSON.parse(readFileSync(join(dir as string, 'delays.json'), 'utf8')) as {
      read_ms?: number;
      write_ms?: number;
    };
  } catch {
    return {};
  }
};
const text = (body: Buffer): unknown => {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return body.toString('utf8');
  }
};

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  let callerGone = false;
  res.on('close', () => {
    if (!res.writableFinished) callerGone = true;
  });
  req.on('error', () => (callerGone = true));
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const write = req.method !== 'GET' && req.method !== 'HEAD';
    const id = ++lastId;
    if (write) say({ event: 'received', id, method: req.method, path: req.url });
    const wait = Number((write ? delays().write_ms : delays().read_ms) ?? 0);
    setTimeout(() => {
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
          agent,
        },
        (answer) => {
          const answerChunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => answerChunks.push(chunk));
          answer.on('end', () => {
            const answerBody = Buffer.concat(answerChunks);
            if (write)
              say({
                event: 'answered',
                id,
                method: req.method,
                path: req.url,
                status: answer.statusCode,
                caller_gone: callerGone,
                request: text(body),
                response: text(answerBody),
              });
            if (callerGone) return;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(answerBody);
          });
        },
      );
      upstream.on('error', (error) => {
        if (write) say({ event: 'failed', id, error: error.message });
        res.destroy();
      });
      upstream.end(body);
    }, wait);
  });
});
server.listen(Number(port), address, () => process.stdout.write(`relay: listening on ${address}:${port}\n`));
