/**
 * The public version-signing keys of the upstreams a mirror pulls from, as last fetched
 * (`mirror_state.jwks`, migration 0046; docs/mirroring.md): a mirror keeps its upstreams'
 * signatures on the versions it stores, so its JWKS (`signatures/routes.ts`) and
 * `plugin-center verify` (`signatures/verifyCommand.ts`) count these keys beside its own. Shared by
 * the mirror and signatures domains, which do not import each other.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/**
 * Every public Ed25519 key (`kty` OKP, `crv` Ed25519, with `x` and `kid`, without `d`) of the stored
 * upstream key sets, reduced to its public members with `alg` EdDSA and `use` sig; a stored set that
 * is not JSON or holds no key list adds nothing.
 */
export async function upstreamPublicKeys(db: Kysely<DatabaseSchema>): Promise<unknown[]> {
  const rows = await db.selectFrom('mirror_state').select('jwks').execute();
  const keys: unknown[] = [];
  for (const row of rows) {
    try {
      const parsed = JSON.parse(row.jwks ?? 'null') as { keys?: unknown };
      if (!Array.isArray(parsed?.keys)) continue;
      for (const key of parsed.keys as Record<string, unknown>[]) {
        // Only public Ed25519 keys, and only their public members.
        if (key?.kty !== 'OKP' || key.crv !== 'Ed25519' || 'd' in key) continue;
        if (typeof key.x !== 'string' || typeof key.kid !== 'string') continue;
        keys.push({ kty: 'OKP', crv: 'Ed25519', x: key.x, kid: key.kid, alg: 'EdDSA', use: 'sig' });
      }
    } catch {
      // a JWKS that was not JSON is never stored (the pull stops before); nothing to add
    }
  }
  return keys;
}
