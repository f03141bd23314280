/**
 * (h)'s listing clients (bench/scale.ts), in a thread of their own. In the thread that times the
 * shows, the 65 KB pages they received and decoded were garbage for that thread's collector: its
 * scavenges (4.8 ms at the median, 15 ms at p90 in a run of 600 pages) paused the show being
 * timed, which counted them as the desk's. Here they are the booking systems' own, as they are in
 * a venue, and the shows measure the desk.
 * workerData: { url, token, today, clients }. The thread says { listing: true } once every client
 * has had its first page, and { lists } after 'stop'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { mulberry32 } from '../scripts/seeded-random';
import { check, Client } from './common';
import { filteredList } from './scale';

export interface ListingClientsData {
  url: string;
  token: string;
  today: string;
  clients: number;
}

const port = parentPort;
if (!port) throw new Error('listing-clients runs as a worker thread (bench/scale.ts starts it)');
const { url, token, today, clients } = workerData as ListingClientsData;
let stop = false;
let lists = 0;
/** Clients that have had their first page. */
let answered = 0;
port.on('message', (message) => {
  if (message === 'stop') stop = true;
});
await Promise.all(
  Array.from({ length: clients }, async (_, c) => {
    const client = new Client(url, token);
    const own = mulberry32(100 + c);
    let first = true;
    try {
      while (!stop) {
        const path = filteredList(today, own);
        const reply = await client.request('GET', path);
        check(reply.status === 200, () => `GET ${path} answered HTTP ${reply.status}: ${reply.text.slice(0, 200)}`);
        lists++;
        if (first && ++answered === clients) port.postMessage({ listing: true });
        first = false;
      }
    } finally {
      client.close();
    }
  }),
);
port.postMessage({ lists });
