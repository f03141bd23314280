/**
 * A machine in the middle for the venue tests: run inside its own namespace, it terminates TLS
 * with a certificate of its own and relays the plaintext to the main desk over a second TLS
 * connection (trusting whatever it is shown), both ways. Prints "relay listening" once it does.
 *
 *   node --import tsx test/support/tls-relay.ts <listen-address> <listen-port> <main-host> <main-port>
 */
import { connect, createServer } from 'node:tls';
import { makeLanIdentity } from '../../electron/desks/lan-identity';

const [address, port, mainHost, mainPort] = process.argv.slice(2);
const identity = await makeLanIdentity(new Date());
const relayed = { connections: 0 };
const server = createServer({ key: identity.keyPem, cert: identity.certPem }, (client) => {
  relayed.connections++;
  const upstream = connect({ host: mainHost, port: Number(mainPort), rejectUnauthorized: false });
  client.pipe(upstream).pipe(client);
  const end = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', end);
  upstream.on('error', end);
  client.on('close', end);
  upstream.on('close', end);
});
server.on('tlsClientError', () => undefined);
server.listen(Number(port), address, () => {
  process.stdout.write(`relay listening with certificate SHA-256 ${identity.fingerprint}\n`);
});
process.on('SIGTERM', () => {
  process.stdout.write(`relayed ${relayed.connections} TLS connection(s)\n`);
  process.exit(0);
});
