/**
 * `plugin-center admin <email> [--role 1|2] [--password <pw>]`: creates an administrator account or
 * changes an existing account's role (1 super admin, default; 2 general admin). A new account
 * without `--password` gets a generated one, printed once. Setting a password on an existing
 * account revokes its sessions.
 */
import { parseArgs } from 'node:util';
import { Role } from '@plugin-center/contract/schemas';
import { resolveIdentityConfig, type ServerConfig } from '../config/serverConfig';
import { createDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { ApiError } from '../errors';
import { loadSecretBox } from '../settings/secrets';
import { IdentityService } from './service';
import { SigningKeysError } from './signingKeys';

/** Usage line of the command. */
export const ADMIN_USAGE = 'Usage: plugin-center admin <email> [--role 1|2] [--password <password>]';

/** Where the command writes (stdout and stderr by default). */
export interface CommandOutput {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: CommandOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * Runs the command on the configured database (migrating it first).
 * @param args - the arguments after `admin`.
 * @returns the exit code: 0 done, 1 the stored signing keys cannot be opened with the configured
 *   secrets key (another key than the server's), 2 bad usage (email, role or password).
 */
export async function runAdminCommand(
  config: ServerConfig,
  args: string[],
  output: CommandOutput = processOutput,
): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    output.out(`${ADMIN_USAGE}\n`);
    return 0;
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n${ADMIN_USAGE}\n`);
    return 2;
  }
  const { email, role, password } = parsed;
  const db = createDatabase(config);
  try {
    await migrate(db);
    const { box } = await loadSecretBox({ dataDir: config.dataDir, environmentKey: config.secretsKey });
    const identity = await IdentityService.create(db, resolveIdentityConfig(config), box);
    const result = await identity.setAdministrator(email, role, password);
    const what = role === Role.SUPER_ADMIN ? 'super admin (role 1)' : 'general admin (role 2)';
    const who = result.user.email ?? email;
    if (result.created) {
      output.out(`Created ${who} as ${what}.\n`);
      if (result.generatedPassword) {
        output.out(`plugin-center: administrator ${who}, one-time password: ${result.generatedPassword}\n`);
      }
    } else {
      output.out(`${who} is now ${what}${password !== undefined ? '; password set' : ''}.\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof ApiError) {
      output.err(`plugin-center: ${error.message}\n`);
      return 2;
    }
    if (error instanceof SigningKeysError) {
      output.err(
        `plugin-center: the stored signing keys cannot be opened with this secrets key (${error.message}): run the command with the server's SECRETS_KEY / DATA_DIR\n`,
      );
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

function parse(args: string[]): { email: string; role: Role; password: string | undefined } {
  const { values, positionals } = parseArgs({
    args,
    options: { role: { type: 'string' }, password: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new Error('expected exactly one email');
  const role = values.role === undefined ? Role.SUPER_ADMIN : Number(values.role);
  if (role !== Role.SUPER_ADMIN && role !== Role.GENERAL_ADMIN) throw new Error('--role must be 1 or 2');
  if (values.password !== undefined && values.password.length < 8) {
    throw new Error('--password must be at least 8 characters long');
  }
  return { email: positionals[0]!, role, password: values.password };
}
