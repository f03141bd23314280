/** What the bench's parts share: deterministic booking data, a keep-alive HTTP client, statistics. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';

export const FIRST = [
  'Emma',
  'Daan',
  'Lotte',
  'Zoë',
  'Finn',
  'Sanne',
  'Jürgen',
  'Lena',
  'Björn',
  'Chloé',
  'Hugo',
  'Anaïs',
  'Oliver',
  'Grace',
  'Søren',
  'José',
  'Lucía',
  'Priya',
  'Mateo',
  'Aoife',
];
export const LAST = [
  'de Vries',
  'Jansen',
  'van Dijk',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'Dekker',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Dubois',
  'Martin',
  'Bernard',
  'Lefèvre',
  'Moreau',
  'Smith',
  'Taylor',
  'Brown',
  'Wilson',
  "O'Brien",
  'Nielsen',
  'Hansen',
  'García',
  'Kowalski',
  'Andersson',
];
/** Matches one last name of 30: about 3% of the rows. */
export const NAME_NEEDLE = 'Visser';
export const LANGUAGES = ['en', 'nl', 'de', 'fr'];
/** Packages as the booking system sends them; most match a seeded product, some none. */
export const PACKAGES = [
  'Selfie',
  'Selfie Video',
  'Selfie + Photos',
  'Videographer',
  'Videographer 4K + Raw',
  'Photos only',
  'Combo (Selfie + Videographer)',
  'Tandem only',
];

// ---------------------------------------------------------------------------------------------
// A minimal keep-alive HTTP client (node:http: less client overhead in the figures than fetch).

export interface Reply {
  status: number;
  text: string;
}

export class Client {
  private readonly agent: http.Agent;
  private readonly base: URL;

  /** `sockets`: 1 for a client that waits for each answer; 6 for one that asks as a browser window does. */
  constructor(
    baseUrl: string,
    private readonly token: string,
    sockets = 1,
  ) {
    this.base = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  request(method: string, path: string, body?: string): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { authorization: `Bearer ${this.token}` };
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(body);
      }
      const req = http.request(
        { host: this.base.hostname, port: this.base.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            let text: string | undefined;
            // Decoded when read: most answers are only checked for their status, and a list page
            // decoded for nothing was garbage whose collection paused the clients timing the desk.
            resolve({
              status: res.statusCode ?? 0,
              get text() {
                return (text ??= bytes.toString('utf8'));
              },
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers.

/** One printed figure: what, its value, and (where it has one) its target and whether it was met. */
export type Line = (label: string, value: string, target?: string, result?: string) => void;

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const ms = (n: number) => `${n.toFixed(2)} ms`;

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

/** `message` may be a function: only a failed check builds it (one that decodes a reply's body, say). */
export function check(condition: boolean, message: string | (() => string)): void {
  if (!condition) throw new Error(`bench sanity check failed: ${typeof message === 'string' ? message : message()}`);
}

export const LINK_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export function link(): string {
  let s = '';
  for (const byte of randomBytes(10)) s += LINK_ALPHABET[byte % LINK_ALPHABET.length];
  return s;
}
