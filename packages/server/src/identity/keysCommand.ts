/**
 * `plugin-center keys rotate [--retire-previous]`: rotates the access-token signing keys kept in
 * the database (`signingKeys.ts`). A new key signs from now on; the key it replaces keeps
 * verifying for `ACCESS_TOKEN_TTL`, so nobody is signed out, and running servers switch to the new
 * key within a minute without a restart. `--retire-previous` drops every earlier key at once (a key
 * that leaked): access tokens signed before get 401 and clients renew them with their refresh
 * tokens. With `JWT_SECRET` set the database keys sign nothing: the command says so and changes
 * nothing (rotate `JWT_SECRET` with `JWT_SECRET_PREVIOUS`).
 */
import { parseArgs } from 'node:util';
import { resolveIdentityConfig, type ServerConfig } from '../config/serverConfig';
import { createDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { loadSecretBox } from '../settings/secrets';
import type { CommandOutput } from './adminCommand';
import { rotateSigningKeys, SigningKeysError } from './signingKeys';

/** Usage line of the command. */
export const KEYS_USAGE = 'Usage: plugin-center keys rotate [--retire-previous]';

const processOutput: CommandOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * Runs the command on the configured database (migrating it first) with the configured secrets
 * key; prints the key ids (never a key).
 * @param args - the arguments after `keys`.
 * @param now - ms since the epoch (tests move it).
 * @returns the exit code: 0 rotated (or help), 1 the stored keys cannot be opened (the message
 *   says how to go on), 2 bad usage or `JWT_SECRET` set.
 */
export async function runKeysCommand(
  config: ServerConfig,
  args: string[],
  output: CommandOutput = processOutput,
  now: () => number = Date.now,
): Promise<number> {
  let values: { help?: boolean; 'retire-previous'?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      options: { help: { type: 'boolean', short: 'h' }, 'retire-previous': { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (error) {
    output.err(`${(error as Error).message}\n${KEYS_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    output.out(`${KEYS_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== 'rotate') {
    output.err(`${KEYS_USAGE}\n`);
    return 2;
  }
  const identity = resolveIdentityConfig(config);
  if (identity.jwtSecret) {
    output.err(
      'plugin-center: JWT_SECRET is set, so it signs the access tokens: rotate it by moving its value to JWT_SECRET_PREVIOUS and setting a new JWT_SECRET (docs/deployment.md)\n',
    );
    return 2;
  }
  const { box } = await loadSecretBox({ dataDir: config.dataDir, environmentKey: config.secretsKey });
  const db = createDatabase(config);
  try {
    await migrate(db);
    const result = await rotateSigningKeys(db, box, now(), {
      retainMs: identity.accessTokenTtl * 1000,
      retirePrevious: values['retire-previous'] === true,
    });
    output.out(`New signing key ${result.current}: running servers sign with it within a minute.\n`);
    if (result.kept.length > 0) {
      output.out(`Still accepted for ${identity.accessTokenTtl} s: ${result.kept.join(', ')}.\n`);
    }
    if (result.dropped.length > 0) {
      output.out(
        `No longer accepted: ${result.dropped.join(', ')} (their access tokens get 401; refresh tokens stay valid).\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof SigningKeysError) {
      output.err(
        `plugin-center: the stored signing keys cannot be opened (${error.message}); restore the secrets key, or start over with plugin-center keys rotate --retire-previous\n`,
      );
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}
