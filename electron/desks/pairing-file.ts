import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { FileSecretStore, type SecretStore } from '../common/secret-store';

/** What a paired desk keeps of its pairing, beside its store: where the main desk is and whom to trust. */
export const PAIRING_FILE_NAME = 'main-desk.json';
/** The paired desk's credential at the main desk: a secret, kept apart (0600), as the remote's are. */
export const PAIRING_CREDENTIAL_FILE_NAME = 'main-desk-credential';

const pairingFile = z.object({
  url: z.string(),
  fingerprint: z.string(),
  main_name: z.string(),
  dropzone: z.object({ key: z.string(), name: z.string() }),
  desk: z.object({ id: z.number().int(), name: z.string() }),
  paired_at: z.string(),
});

/** A paired desk's pairing: what `--join` saved, read at every next start. */
export interface Pairing {
  /** https://<address>:<port> of the main desk's LAN listener. */
  url: string;
  /** The main desk certificate's SHA-256, pinned: no other certificate is trusted for `url`. */
  fingerprint: string;
  /** What the main desk calls itself ("This desk was removed from …"). */
  mainName: string;
  dropzone: { key: string; name: string };
  /** This desk as the main desk knows it. */
  desk: { id: number; name: string };
  pairedAt: string;
  /** This desk's bearer credential at the main desk. */
  credential: string;
}

export function pairingCredentialStore(dataDir: string): SecretStore {
  return new FileSecretStore(join(dataDir, PAIRING_CREDENTIAL_FILE_NAME));
}

/**
 * The pairing kept in `dataDir`, or null when the desk is not paired. A pairing file without its
 * credential (removed by hand) is no pairing: the desk says so rather than calling out unsigned.
 */
export function readPairing(dataDir: string, secrets: SecretStore = pairingCredentialStore(dataDir)): Pairing | null {
  const file = join(dataDir, PAIRING_FILE_NAME);
  if (!existsSync(file)) return null;
  const parsed = pairingFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`${file} is not a pairing this desk can read: ${parsed.error.issues[0]?.message}`);
  const credential = secrets.read();
  if (!credential)
    throw new Error(
      `${file} says this desk is paired with ${parsed.data.main_name}, but its credential is gone: remove ${file} and pair again`,
    );
  const p = parsed.data;
  return {
    url: p.url,
    fingerprint: p.fingerprint,
    mainName: p.main_name,
    dropzone: p.dropzone,
    desk: p.desk,
    pairedAt: p.paired_at,
    credential,
  };
}

/** Keeps a pairing: the credential first, then the file that makes it one (written whole, 0600). */
export function writePairing(
  dataDir: string,
  pairing: Pairing,
  secrets: SecretStore = pairingCredentialStore(dataDir),
): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  secrets.write(pairing.credential);
  try {
    new FileSecretStore(join(dataDir, PAIRING_FILE_NAME)).write(
      `${JSON.stringify(
        {
          url: pairing.url,
          fingerprint: pairing.fingerprint,
          main_name: pairing.mainName,
          dropzone: pairing.dropzone,
          desk: pairing.desk,
          paired_at: pairing.pairedAt,
        },
        null,
        2,
      )}\n`,
    );
  } catch (error) {
    secrets.write(null);
    throw error;
  }
}

/** The upstream a paired desk's start runs against (startDesk's `mainDesk`), from its pairing. */
export function mainDeskOf(pairing: Pairing): { url: string; fingerprint: string; credential: string; name: string } {
  return { url: pairing.url, fingerprint: pairing.fingerprint, credential: pairing.credential, name: pairing.mainName };
}
