import { connect as tlsConnect } from 'node:tls';
import { isIP } from 'node:net';
import { request } from 'undici';
import { pairAnswer } from '../../shared/schemas/desks';
import type { SecretStore } from '../common/secret-store';
import type { ScryptCost } from '../common/passphrase';
import { certificateFingerprint } from './lan-identity';
import { codeMatchesCertificate, pairingProof, parsePairingCode } from './pairing-code';
import { pinnedAgent } from './pinned-agent';
import { pairingCredentialStore, writePairing, type Pairing } from './pairing-file';

/** Joining failed: one line that says which way (the code, the certificate, the main desk's answer). */
export class JoinError extends Error {
  constructor(
    message: string,
    /** The main desk's refusal code, when it refused (pairing_code_expired, …). */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'JoinError';
  }
}

export interface JoinOptions {
  /** https://<address>:<port> of the main desk's LAN listener, as it printed it. */
  url: string;
  /** The one-time code the main desk showed. */
  code: string;
  /** The name this desk goes by at the main desk ("Video desk"). */
  name: string;
  dataDir: string;
  /** Where the credential is kept (default: a 0600 file in the data folder). */
  secrets?: SecretStore;
  /** How long to wait for the main desk, per step. */
  timeoutMs?: number;
  /** The pairing proof's scrypt cost: tests only, the main desk's (DeskOptions.pairingProofCost); default PAIRING_PROOF_COST. */
  proofCost?: ScryptCost;
}

function mainDeskOrigin(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new JoinError(
      `--join needs the main desk's address as it prints it, like https://192.168.1.10:4781; got "${text}"`,
    );
  }
  if (url.protocol !== 'https:')
    throw new JoinError(
      `--join needs an https:// address (the main desk's LAN listener, "LAN:" in its output); got "${text}"`,
    );
  return url;
}

/** The certificate the address shows, read in a TLS handshake that sends nothing else. */
function certificateAt(url: URL, timeoutMs: number): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 443);
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({
      host,
      port,
      // Nothing vouches for a desk's own certificate: the code's check does, just below.
      rejectUnauthorized: false,
      ...(isIP(host) ? {} : { servername: host }),
      timeout: timeoutMs,
    });
    socket.once('secureConnect', () => {
      const raw = socket.getPeerCertificate(false)?.raw;
      socket.destroy();
      if (raw) resolve(certificateFingerprint(raw));
      else reject(new JoinError(`${url.origin} showed no certificate`));
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(
        new JoinError(`the main desk at ${url.origin} does not answer (no TLS handshake in ${timeoutMs / 1000} s)`),
      );
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new JoinError(
          `the main desk at ${url.origin} cannot be reached: ${error.code === 'ECONNREFUSED' ? 'nothing listens there (is it started with --lan, or "Let other desks join" on?)' : error.message}`,
        ),
      ),
    );
  });
}

/**
 * Pairs this desk with a main desk (docs/desks.md, "Pairing"): reads the code, checks the
 * certificate the address shows against the code's check BEFORE sending anything, proves the
 * code's secret over a connection pinned to that certificate, and keeps the pairing in the data
 * folder (in place of an earlier one). Any refusal is one line, and leaves nothing written on this side.
 */
export async function joinMainDesk(options: JoinOptions): Promise<Pairing> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let code;
  try {
    code = parsePairingCode(options.code);
  } catch (error) {
    throw new JoinError((error as Error).message);
  }
  const url = mainDeskOrigin(options.url);
  // A pairing kept already (a desk removed at its main desk, pairing anew) is replaced only once this one succeeds.
  const secrets = options.secrets ?? pairingCredentialStore(options.dataDir);

  const seen = await certificateAt(url, timeoutMs);
  if (!codeMatchesCertificate(code, seen))
    throw new JoinError(
      `the certificate at ${url.origin} does not match the code: it shows SHA-256 ${seen}, and the code was made for another one. Nothing was sent. Check the address (a machine in the middle, or another desk, answers there), or the code`,
    );

  const proof = await pairingProof(code.secret, seen, code.codeId, options.proofCost);
  const dispatcher = pinnedAgent(seen);
  try {
    const answer = await request(new URL('/api/desks/pair', url), {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code_id: code.codeId, proof, name: options.name }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    }).catch((error: unknown) => {
      throw new JoinError(`the main desk at ${url.origin} did not answer the pairing: ${(error as Error).message}`);
    });
    const body = (await answer.body.json().catch(() => null)) as Record<string, unknown> | null;
    if (answer.statusCode !== 201) {
      const refusal = typeof body?.code === 'string' ? body.code : null;
      const words = typeof body?.error === 'string' ? body.error : `HTTP ${answer.statusCode}`;
      throw new JoinError(`the main desk refused the pairing${refusal ? ` (${refusal})` : ''}: ${words}`, refusal);
    }
    const paired = pairAnswer.safeParse(body);
    if (!paired.success)
      throw new JoinError(`the main desk at ${url.origin} answered the pairing in a shape this desk does not know`);
    const pairing: Pairing = {
      url: url.origin,
      fingerprint: seen,
      mainName: paired.data.main.name,
      dropzone: paired.data.main.dropzone,
      desk: paired.data.desk,
      pairedAt: new Date().toISOString(),
      credential: paired.data.credential,
    };
    writePairing(options.dataDir, pairing, secrets);
    return pairing;
  } finally {
    await dispatcher.close();
  }
}
