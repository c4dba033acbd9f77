/**
 * Password hashing with node's scrypt (RFC 7914): N=16384, r=8, p=1, a 16-byte random salt and a
 * 64-byte key, stored as `scrypt$N$r$p$<salt>$<hash>` (salt and hash base64url). Verification
 * re-derives with the stored parameters and compares in constant time; {@link verifyAgainstDummy}
 * spends the same time for an unknown account so response timing does not reveal which emails
 * have accounts.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt cost parameters of new hashes and the sizes of salt and key, bytes. */
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1, saltBytes: 16, keyBytes: 64 } as const;

/** Largest parameters accepted from a stored hash (bounds the work a bad row can cause). */
const MAX_N = 1 << 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(password: string, salt: Buffer, keyBytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function maxmem(N: number, r: number, p: number): number {
  // scrypt needs about 128·N·r·p bytes (plus V of 128·r·p); leave headroom.
  return 256 * N * r * p + 1024 * 1024;
}

/** Hashes a password for storage: `scrypt$16384$8$1$<salt>$<hash>`. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, saltBytes, keyBytes } = SCRYPT_PARAMS;
  const salt = randomBytes(saltBytes);
  const key = await derive(password, salt, keyBytes, { N, r, p, maxmem: maxmem(N, r, p) });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * Whether `password` matches the stored `encoded` hash (constant-time comparison). A malformed
 * or out-of-bounds stored value never matches.
 */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (
    !Number.isInteger(N) ||
    N < 2 ||
    N > MAX_N ||
    (N & (N - 1)) !== 0 ||
    !Number.isInteger(r) ||
    r < 1 ||
    r > MAX_R ||
    !Number.isInteger(p) ||
    p < 1 ||
    p > MAX_P
  ) {
    return false;
  }
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || expected.length < 16) return false;
  const actual = await derive(password, salt, expected.length, { N, r, p, maxmem: maxmem(N, r, p) });
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/**
 * Runs a full verification against a fixed random hash and answers false: what sign-in does when
 * the email is unknown (or the account has no password), so both cases take as long as a wrong
 * password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(password, await dummy);
  return false;
}

/** A random password for generated accounts (24 base64url characters, 144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
