import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_HEADER, ADMIN_IDLE_MINUTES, type AdminRefusal } from '../../shared/schemas/admin';
import { hashToken, newToken } from '../common/tokens';
import { hashPassphrase, PASSPHRASE_COST, verifyPassphrase, type ScryptCost } from '../common/passphrase';
import type { Store } from '../store/store';
import { sendError } from './reply';

const IDLE_MS = ADMIN_IDLE_MINUTES * 60_000;
/** Wrong passphrases in a row before the desk makes the next guess wait. */
const FREE_ATTEMPTS = 5;
const WAIT_AFTER_FAILURES_MS = 30_000;

interface Unlock {
  dropzoneId: number;
  /** The passphrase this unlock was made with (its `set_at`): a change or a CLI reset ends it. */
  passphraseSetAt: string;
  expiresAt: number;
}

export type UnlockResult =
  | { ok: true; adminToken: string; expiresAt: string }
  | { ok: false; why: 'not_set' | 'wrong' | 'wait'; retryAfterSeconds?: number };

/**
 * The administrator unlocks of this desk process, one per window that gave the passphrase. An
 * unlock is a random token the window keeps in memory (never stored, gone on reload), valid for
 * ADMIN_IDLE_MINUTES after the last administrator action. Wrong passphrases in a row make the
 * next try wait, so the passphrase cannot be guessed at speed through the API.
 */
export class AdminUnlocks {
  private readonly unlocks = new Map<string, Unlock>();
  private readonly failures = new Map<number, { count: number; waitUntil: number }>();

  constructor(
    private readonly store: Store,
    private readonly now: () => Date,
    /** scrypt's cost for a new passphrase's hash (tests lower it). */
    private readonly passphraseCost: ScryptCost = PASSPHRASE_COST,
  ) {}

  private tokenOf(request: FastifyRequest): string | undefined {
    const value = request.headers[ADMIN_HEADER.toLowerCase()];
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  /** The request's live unlock (dropped when expired or its passphrase changed). */
  private liveUnlock(request: FastifyRequest): { key: string; unlock: Unlock } | undefined {
    const token = this.tokenOf(request);
    const dropzone = request.dropzone;
    if (token === undefined || !dropzone) return undefined;
    const key = hashToken(token);
    const unlock = this.unlocks.get(key);
    if (!unlock || unlock.dropzoneId !== dropzone.id) return undefined;
    const current = this.store.admin.passphrase(dropzone.id);
    if (unlock.expiresAt <= this.now().getTime() || current?.set_at !== unlock.passphraseSetAt) {
      this.unlocks.delete(key);
      return undefined;
    }
    return { key, unlock };
  }

  status(request: FastifyRequest) {
    const dropzone = request.dropzone!;
    const passphrase = this.store.admin.passphrase(dropzone.id);
    const live = this.liveUnlock(request);
    return {
      passphrase_set: passphrase !== undefined,
      set_at: passphrase?.set_at ?? null,
      unlocked: live !== undefined,
      expires_at: live ? new Date(live.unlock.expiresAt).toISOString() : null,
      idle_minutes: ADMIN_IDLE_MINUTES,
    };
  }

  private grant(dropzoneId: number, passphraseSetAt: string): { ok: true; adminToken: string; expiresAt: string } {
    const adminToken = newToken();
    const expiresAt = this.now().getTime() + IDLE_MS;
    this.unlocks.set(hashToken(adminToken), { dropzoneId, passphraseSetAt, expiresAt });
    return { ok: true, adminToken, expiresAt: new Date(expiresAt).toISOString() };
  }

  private waitFor(dropzoneId: number): number {
    const failed = this.failures.get(dropzoneId);
    const left = failed ? failed.waitUntil - this.now().getTime() : 0;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  private async check(dropzoneId: number, passphrase: string): Promise<'ok' | 'not_set' | 'wrong' | 'wait'> {
    const stored = this.store.admin.passphrase(dropzoneId);
    if (!stored) return 'not_set';
    if (this.waitFor(dropzoneId) > 0) return 'wait';
    if (await verifyPassphrase(passphrase, stored.passphrase_hash)) {
      this.failures.delete(dropzoneId);
      return 'ok';
    }
    const count = (this.failures.get(dropzoneId)?.count ?? 0) + 1;
    this.failures.set(dropzoneId, {
      count,
      waitUntil: count >= FREE_ATTEMPTS ? this.now().getTime() + WAIT_AFTER_FAILURES_MS : 0,
    });
    return 'wrong';
  }

  async unlock(dropzoneId: number, passphrase: string): Promise<UnlockResult> {
    const verdict = await this.check(dropzoneId, passphrase);
    if (verdict === 'wait') return { ok: false, why: 'wait', retryAfterSeconds: this.waitFor(dropzoneId) };
    if (verdict !== 'ok') return { ok: false, why: verdict };
    return this.grant(dropzoneId, this.store.admin.passphrase(dropzoneId)!.set_at);
  }

  /**
   * Sets the passphrase: the first one with no more (whoever sets up the desk is its administrator),
   * a change only with the current one. Every other unlock ends; the one who set it is unlocked.
   */
  async setPassphrase(dropzoneId: number, passphrase: string, current: string | undefined): Promise<UnlockResult> {
    if (this.store.admin.passphrase(dropzoneId)) {
      const verdict = await this.check(dropzoneId, current ?? '');
      if (verdict === 'wait') return { ok: false, why: 'wait', retryAfterSeconds: this.waitFor(dropzoneId) };
      if (verdict !== 'ok') return { ok: false, why: 'wrong' };
    }
    const hash = await hashPassphrase(passphrase, this.passphraseCost);
    const setAt = this.now().toISOString();
    this.store.transaction(() => this.store.admin.setPassphrase(dropzoneId, hash, setAt));
    for (const [key, unlock] of this.unlocks) if (unlock.dropzoneId === dropzoneId) this.unlocks.delete(key);
    return this.grant(dropzoneId, setAt);
  }

  lock(request: FastifyRequest): void {
    const token = this.tokenOf(request);
    if (token !== undefined) this.unlocks.delete(hashToken(token));
  }

  /** The preHandler of every `guard: 'admin'` route: a live unlock, which this action extends. */
  readonly guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const live = this.liveUnlock(request);
    if (live) {
      live.unlock.expiresAt = this.now().getTime() + IDLE_MS;
      return;
    }
    const notSet = !this.store.admin.passphrase(request.dropzone!.id);
    const admin: AdminRefusal = notSet ? 'passphrase_not_set' : 'locked';
    const error = notSet
      ? 'an administrator action: set an administrator passphrase first (Settings → Administrator)'
      : `an administrator action: unlock with the administrator passphrase first (Settings → Administrator); an unlock ends after ${ADMIN_IDLE_MINUTES} minutes without an administrator action`;
    return sendError(reply, 'forbidden', error, { admin });
  };
}
