import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters (each hash records its own, so a hash made at any cost still verifies). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * The administrator passphrase, kept as a salted scrypt hash (never the passphrase itself):
 * `scrypt$N$r$p$<salt>$<hash>`, base64url. Here, below the layers, because the server checks it
 * and the CLI's reset only needs to know the format exists. scrypt is slow on purpose (~50 ms),
 * so a copied store does not give the passphrase away to a guessing loop. The cost every desk uses:
 * tests may lower it for their desks (DeskOptions.passphraseCost), never a desk that is run.
 */
export const PASSPHRASE_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(passphrase: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, KEY_LENGTH, { ...params, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassphrase(passphrase: string, cost: ScryptCost = PASSPHRASE_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(passphrase, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassphrase(passphrase: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(passphrase, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
