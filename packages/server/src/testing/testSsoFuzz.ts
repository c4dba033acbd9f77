/**
 * The fuzzing of a browser sign-in method's routes (`GET /api/uc/<method>/{login,callback,logout}`):
 * any query — long, binary, NUL, repeated keys — answered with a redirect or a 4xx error envelope,
 * never a 5xx, for a browser (with state cookies) and for a JSON caller alike.
 */
import type { ErrorEnvelope } from '@plugin-center/contract/schemas';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { body } from './testApp';

/**
 * Sends 150 fuzzed queries (fixed seed) to the `login`, `callback` and `logout` routes under `base`
 * (e.g. `/api/uc/oidc`) and expects no 5xx, and an error envelope with a code on every 4xx.
 */
export async function fuzzSsoRoutes(app: FastifyInstance, base: string): Promise<void> {
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 3000 }),
    fc.constant('\u0000'),
  );
  const keys = fc.constantFrom(
    'redirect_uri',
    'state',
    'ticket',
    'code',
    'error',
    'error_description',
    'iss',
    'x',
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('login', 'callback', 'logout'),
      fc.dictionary(keys, fc.oneof(text, fc.array(text, { maxLength: 3 }))),
      fc.boolean(),
      async (route, query, json) => {
        const res = await app.inject({
          method: 'GET',
          url: `${base}/${route}`,
          query,
          headers: json
            ? { accept: 'application/json' }
            : { cookie: 'pc_oidc_state=x; pc_custom_sso_state=x' },
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode >= 400) expect(body<ErrorEnvelope>(res).error).toMatch(/^[A-Z_]+$/);
      },
    ),
    { numRuns: 150, seed: 26 },
  );
}
