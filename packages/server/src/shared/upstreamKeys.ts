/**
 * The public version-signing keys of the upstreams a mirror holds versions of (`mirror_state.jwks`,
 * migration 0046; docs/mirroring.md): the upstream's JWKS as a pull last fetched it, or the keys a
 * bundle import checked with (`keepBundleKeys`, merged with the ones kept before). A mirror keeps its
 * upstreams' signatures on the versions it stores, so its JWKS (`signatures/routes.ts`) and
 * `plugin-center verify` (`signatures/verifyCommand.ts`) count these keys beside its own. Shared by
 * the mirror and signatures domains, which do not import each other.
 */
import { jwkThumbprint } from '@plugin-center/contract/signatures';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** A public Ed25519 key as a mirror keeps and answers it. */
export interface UpstreamPublicKey {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/**
 * The public Ed25519 keys (`kty` OKP, `crv` Ed25519, with `x` and `kid`, without `d`) of a key set,
 * reduced to their public members with `alg` EdDSA and `use` sig, each `kid` once (the first); a
 * value that is not a key set gives none.
 */
export function publicKeysOf(jwks: unknown): UpstreamPublicKey[] {
  const list = (jwks as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list)) return [];
  const keys: UpstreamPublicKey[] = [];
  const seen = new Set<string>();
  for (const key of list as Record<string, unknown>[]) {
    // Only public Ed25519 keys, and only their public members.
    if (key?.kty !== 'OKP' || key.crv !== 'Ed25519' || 'd' in key) continue;
    if (typeof key.x !== 'string' || typeof key.kid !== 'string' || seen.has(key.kid)) continue;
    seen.add(key.kid);
    keys.push({ kty: 'OKP', crv: 'Ed25519', x: key.x, kid: key.kid, alg: 'EdDSA', use: 'sig' });
  }
  return keys;
}

/**
 * Every public key of the stored upstream key sets (see {@link publicKeysOf}), each `kid` once
 * (one key kept under two origins is answered once: a verifier refuses a `kid` listed twice); a
 * stored set that is not JSON or holds no key list adds nothing.
 */
export async function upstreamPublicKeys(db: Kysely<DatabaseSchema>): Promise<UpstreamPublicKey[]> {
  const rows = await db.selectFrom('mirror_state').select('jwks').orderBy('upstream').execute();
  const keys: UpstreamPublicKey[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.jwks ?? 'null');
    } catch {
      // a JWKS that was not JSON is never stored (the pull stops before); nothing to add
      continue;
    }
    for (const key of publicKeysOf(parsed)) {
      if (seen.has(key.kid)) continue;
      seen.add(key.kid);
      keys.push(key);
    }
  }
  return keys;
}

/**
 * A key set as this server answers it (the JWKS route, `plugin-center verify`): its own keys, then
 * the upstream keys whose `kid` is none of its own (each `kid` once: a verifier refuses a `kid`
 * listed twice).
 */
export function withUpstreamKeys<K extends { kid: string }>(
  own: readonly K[],
  upstream: readonly UpstreamPublicKey[],
): (K | UpstreamPublicKey)[] {
  const ownKids = new Set(own.map((key) => key.kid));
  return [...own, ...upstream.filter((key) => !ownKids.has(key.kid))];
}

/**
 * Keeps the public keys of `jwks` — the key set a bundle import of `origin` checked its trailer and
 * versions with — in `mirror_state.jwks` of `origin`, after the keys kept there before (an older
 * bundle imported after a newer one drops no key the newer one brought): only public Ed25519 keys
 * whose `kid` is their RFC 7638 thumbprint (a key published under another key's id verifies
 * nothing). The cursor of a pull from `origin` is left as it is (`'0'` for a new row).
 * @param now - ms, the row's `update_time`.
 * @returns the `kid`s kept now for `origin`.
 */
export async function keepBundleKeys(
  db: Kysely<DatabaseSchema>,
  origin: string,
  jwks: unknown,
  now: number,
): Promise<string[]> {
  const offered: UpstreamPublicKey[] = [];
  for (const key of publicKeysOf(jwks)) if ((await jwkThumbprint(key)) === key.kid) offered.push(key);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('mirror_state')
      .select('jwks')
      .where('upstream', '=', origin)
      .executeTakeFirst();
    let before: unknown = null;
    try {
      before = JSON.parse(row?.jwks ?? 'null');
    } catch {
      // nothing usable kept before
    }
    const merged = publicKeysOf({ keys: [...publicKeysOf(before), ...offered] });
    const stored = JSON.stringify({ keys: merged });
    await trx
      .insertInto('mirror_state')
      .values({ upstream: origin, cursor: '0', jwks: stored, update_time: now })
      .onConflict((oc) => oc.column('upstream').doUpdateSet({ jwks: stored, update_time: now }))
      .execute();
    return merged.map((key) => key.kid);
  });
}
