// A slow Wi-Fi's latency where the kernel has no netem (test/support/venue-netns.ts): listens on
// HOST:PORT (0: any free port; the port is printed on stdout as `relay <port>`) and forwards each
// connection to TARGET_HOST:TARGET_PORT, holding what the client sends for DELAY_MS before passing
// it on, in order, as netem's `delay` holds what a host sends (its connection opened DELAY_MS late
// too). What comes back passes at once.
// Plain JS and no dependencies: it runs as an unprivileged user in a venue's namespace.
import { createServer, Socket } from 'node:net';

const [host, port, targetHost, targetPort, delayMs] = process.argv.slice(2);
const delay = Number(delayMs);

const server = createServer((client) => {
  // The connection too: netem holds a SYN as it holds data. Every chunk's timer is set after this one, so fires after it.
  const upstream = new Socket();
  setTimeout(() => upstream.connect(Number(targetPort), targetHost), delay);
  let ended = false;
  client.on('data', (chunk) => {
    setTimeout(() => upstream.write(chunk), delay);
  });
  client.on('end', () => setTimeout(() => upstream.end(), delay));
  upstream.pipe(client);
  const close = () => {
    if (ended) return;
    ended = true;
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close);
  upstream.on('error', close);
  client.on('close', () => setTimeout(close, delay));
  upstream.on('close', close);
});
server.listen(Number(port), host, () => {
  process.stdout.write(`relay ${server.address().port}\n`);
});
