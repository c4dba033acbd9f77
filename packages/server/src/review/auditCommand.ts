/**
 * `plugin-center audit verify [--head <hash>]`: walks the audit log's hash chain
 * (`shared/auditLog.ts` `verifyAuditLog`) on the configured database (migrating it first, like
 * every command) and prints `audit log intact: N entries` with the head to record, or the id of the
 * first broken link and why. `--head` names a head recorded earlier: the chain must still hold that
 * entry, which shows entries cut from the end and a chain rewritten with fresh hashes.
 */
import { parseArgs } from 'node:util';
import type { ServerConfig } from '../config/serverConfig';
import { createDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { verifyAuditLog } from '../shared/auditLog';

/** Usage line of the command. */
export const AUDIT_USAGE = 'Usage: plugin-center audit verify [--head <hash>]';

/** Where the command writes (stdout and stderr by default). */
export interface AuditCommandOutput {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: AuditCommandOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * Runs `audit <args>`.
 * @param args - the arguments after `audit`: `verify`, optionally `--head <hash>` (64 hex digits, a
 *   head printed by an earlier run), or `-h`/`--help`.
 * @returns the exit code: 0 the chain is intact (and holds the `--head` entry), 1 it is broken (the
 *   first broken entry, or the missing head, is printed on stderr), 2 bad usage.
 */
export async function runAuditCommand(
  config: ServerConfig,
  args: string[],
  output: AuditCommandOutput = processOutput,
): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    output.out(`${AUDIT_USAGE}\n`);
    return 0;
  }
  let head: string | undefined;
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { head: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1 || positionals[0] !== 'verify') throw new Error('expected `verify`');
    if (values.head !== undefined && !/^[0-9a-f]{64}$/i.test(values.head)) {
      throw new Error('--head must be a hash of 64 hex digits');
    }
    head = values.head?.toLowerCase();
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n${AUDIT_USAGE}\n`);
    return 2;
  }
  const db = createDatabase(config);
  try {
    await migrate(db);
    const result = await verifyAuditLog(db.kysely);
    if (result.intact && head !== undefined) {
      const recorded = await db.kysely
        .selectFrom('audit_log')
        .select('id')
        .where('hash', '=', head)
        .executeTakeFirst();
      if (!recorded) {
        output.err(
          `audit log broken: the recorded head ${head} is not in the chain of ${result.entries} entries (entries were cut from the end, or the chain was rewritten)\n`,
        );
        return 1;
      }
    }
    if (result.intact) {
      output.out(`audit log intact: ${result.entries} entries\n`);
      if (result.head) {
        output.out(`head: entry ${result.head.id}, number ${result.head.seq}, hash ${result.head.hash}\n`);
      }
      return 0;
    }
    output.err(
      `audit log broken at entry ${result.brokenId} (${result.problem.replace('_', ' ')}): ${result.detail}; ${result.entries} entries before it verified\n`,
    );
    return 1;
  } finally {
    await db.close();
  }
}
