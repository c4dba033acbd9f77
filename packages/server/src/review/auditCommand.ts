/**
 * `plugin-center audit verify`: walks the audit log's hash chain (`shared/auditLog.ts`
 * `verifyAuditLog`) on the configured database (migrating it first, like every command) and prints
 * `audit log intact: N entries` with the head to record, or the id of the first broken link and why.
 */
import type { ServerConfig } from '../config/serverConfig';
import { createDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { verifyAuditLog } from '../shared/auditLog';

/** Usage line of the command. */
export const AUDIT_USAGE = 'Usage: plugin-center audit verify';

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
 * @param args - the arguments after `audit`: `verify` (or `-h`/`--help`).
 * @returns the exit code: 0 the chain is intact, 1 it is broken (the first broken entry is printed
 *   on stderr), 2 bad usage.
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
  if (args.length !== 1 || args[0] !== 'verify') {
    output.err(`${AUDIT_USAGE}\n`);
    return 2;
  }
  const db = createDatabase(config);
  try {
    await migrate(db);
    const result = await verifyAuditLog(db.kysely);
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
