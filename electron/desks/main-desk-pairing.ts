import { hostname } from 'node:os';
import type { DeskRefusalCode, PairAnswer } from '../../shared/schemas/desks';
import type { ScryptCost } from '../common/passphrase';
import { newToken } from '../common/tokens';
import type { PairedDeskRow } from '../store/repos/pairing';
import type { DropzoneRecord } from '../store/records';
import type { Store } from '../store/store';
import { lanIdentity } from './lan-identity';
import { newPairingCode, PAIRING_PROOF_COST, pairingProof, proofHash, proofMatches } from './pairing-code';

/** A code is good for this long, and for one desk. */
export const CODE_LIFETIME_MS = 5 * 60_000;
/** Wrong proofs that burn a code: a typo gets a second try, a guesser does not get a third. */
export const WRONG_PROOFS_ALLOWED = 3;

/** What the main desk calls itself to its paired desks ("This desk was removed from …"). */
export function mainDeskName(): string {
  return hostname() || 'the main desk';
}

export interface ShownCode {
  code: string;
  expiresAt: string;
  fingerprint: string;
}

export type PairOutcome =
  | { ok: true; answer: PairAnswer }
  | { ok: false; status: 'not_found' | 'forbidden' | 'conflict'; code: DeskRefusalCode; error: string };

/** A refusal a paired desk's call gets when its desk was revoked (auth.ts answers it). */
export function revokedWords(main: string): string {
  return `This desk was removed from ${main}. To use it again, pair it anew: at the main desk, "npm run desks -- pair" (or Settings → Desks → Pair a desk), then here "npm run serve -- --join <address> --code <code> --name <name>"`;
}

/**
 * The main desk's side of pairing: codes shown, proofs checked, desks and their credentials kept
 * (hashed) and revoked. Works on the store alone, so `npm run desks` does the same beside a
 * running desk as the desk's own Settings screen does.
 */
export class MainDeskPairing {
  constructor(
    private readonly store: Store,
    private readonly now: () => Date = () => new Date(),
    /** The proof's scrypt cost (tests lower it, with the joining desk's); every desk uses the default. */
    private readonly proofCost: ScryptCost = PAIRING_PROOF_COST,
  ) {}

  /** A new one-time code for `dropzone`: its secret is shown once and kept only as the proof it expects. */
  async newCode(dropzone: DropzoneRecord): Promise<ShownCode> {
    const identity = await lanIdentity(this.store, this.now());
    const code = newPairingCode(identity.fingerprint);
    // Ids are 20 random bits: a clash with a kept code is rare, and a new id settles it.
    if (this.store.pairingCodes.byId(code.codeId)) return this.newCode(dropzone);
    const expected = await pairingProof(code.secret, identity.fingerprint, code.codeId, this.proofCost);
    const created = this.now();
    const expiresAt = new Date(created.getTime() + CODE_LIFETIME_MS).toISOString();
    this.store.pairingCodes.forgetExpiredBefore(new Date(created.getTime() - 24 * 3_600_000).toISOString());
    this.store.pairingCodes.add({
      code_id: code.codeId,
      dropzone_id: dropzone.id,
      proof_hash: proofHash(expected),
      created_at: created.toISOString(),
      expires_at: expiresAt,
    });
    return { code: code.text, expiresAt, fingerprint: identity.fingerprint };
  }

  /** A joining desk's proof: a credential for it, or which of the refusals applies, in words. */
  pair(request: { codeId: string; proof: string; name: string; from: string | null }): PairOutcome {
    const at = this.now();
    const code = this.store.pairingCodes.byId(request.codeId);
    if (!code)
      return refuse(
        'not_found',
        'pairing_code_unknown',
        'this main desk never showed that pairing code (or it was made on another desk): check the code, or make a new one at the main desk',
      );
    if (code.burnt)
      return refuse(
        'conflict',
        'pairing_code_used',
        `that pairing code was given ${WRONG_PROOFS_ALLOWED} wrong proofs and no longer works: make a new one at the main desk`,
      );
    if (code.used_at !== null)
      return refuse(
        'conflict',
        'pairing_code_used',
        'that pairing code has paired a desk already; a code pairs one desk: make a new one at the main desk',
      );
    if (new Date(code.expires_at) <= at)
      return refuse(
        'forbidden',
        'pairing_code_expired',
        `that pairing code expired at ${code.expires_at} (a code lasts ${CODE_LIFETIME_MS / 60_000} minutes): make a new one at the main desk`,
      );
    if (!proofMatches(request.proof, code.proof_hash)) {
      this.store.pairingCodes.countWrongProof(code.code_id, WRONG_PROOFS_ALLOWED, at.toISOString());
      const left = WRONG_PROOFS_ALLOWED - code.wrong_proofs - 1;
      return refuse(
        'forbidden',
        'pairing_proof_wrong',
        `the proof does not match the pairing code: the code was mistyped, or the joining desk was shown another certificate (a machine in the middle); ${left > 0 ? `${left} more ${left === 1 ? 'try' : 'tries'} before the code stops working` : 'the code no longer works'}`,
      );
    }
    const dropzone = this.store.dropzones.byId(code.dropzone_id);
    if (!dropzone) return refuse('not_found', 'pairing_code_unknown', 'the dropzone of that pairing code is gone');
    if (this.store.pairedDesks.liveByName(request.name)) return nameTaken(request.name);
    const identity = this.store.lan.identity();
    if (!identity) return refuse('not_found', 'pairing_code_unknown', 'this desk has no LAN certificate');
    const credential = `dzp_${newToken().slice(4)}`;
    // Checked again inside the write lock: another pairing (here, or `npm run desks` beside) may have won meanwhile.
    const deskId = this.store.transaction(() => {
      if (this.store.pairedDesks.liveByName(request.name)) return 'name_taken' as const;
      if (!this.store.pairingCodes.use(code.code_id, at.toISOString())) return 'used' as const;
      return this.store.pairedDesks.add({
        dropzoneId: dropzone.id,
        name: request.name,
        credential,
        at: at.toISOString(),
        from: request.from,
      });
    });
    if (deskId === 'name_taken') return nameTaken(request.name);
    if (deskId === 'used')
      return refuse('conflict', 'pairing_code_used', 'that pairing code has just paired another desk: make a new one');
    return {
      ok: true,
      answer: {
        credential,
        desk: { id: deskId, name: request.name },
        main: {
          name: mainDeskName(),
          fingerprint: identity.fingerprint,
          dropzone: { key: dropzone.key, name: dropzone.name },
        },
      },
    };
  }

  list(): PairedDeskRow[] {
    return this.store.pairedDesks.list();
  }

  /** Revokes a desk by id or by name (any case); the removed desk's next call gets 401 `desk_revoked`. */
  revoke(which: number | string): PairedDeskRow | undefined {
    const desk =
      typeof which === 'number' ? this.store.pairedDesks.byId(which) : this.store.pairedDesks.liveByName(which);
    if (!desk || desk.revoked_at !== null) return undefined;
    this.store.pairedDesks.revoke(desk.id, this.now().toISOString());
    return desk;
  }
}

function nameTaken(name: string): PairOutcome {
  return refuse(
    'conflict',
    'desk_name_taken',
    `a desk named "${name}" is paired already: choose another name, or revoke that desk first (npm run desks -- revoke "${name}")`,
  );
}

function refuse(status: 'not_found' | 'forbidden' | 'conflict', code: DeskRefusalCode, error: string): PairOutcome {
  return { ok: false, status, code, error };
}
