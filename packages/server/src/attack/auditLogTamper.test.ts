/**
 * The audit log as an attacker with SQL access sees it, on SQLite and PostgreSQL:
 * - rewriting an entry (`UPDATE`, SQLite's `INSERT OR REPLACE` / `REPLACE INTO` onto a taken id or
 *   chain position, an upsert), removing one (`DELETE`) or all (PostgreSQL's `TRUNCATE`) are
 *   refused by the database;
 * - the entries written by real administrator requests form one hash chain, also when many are
 *   written at once, and `plugin-center audit verify` says so (exit code 0);
 * - an entry changed or removed behind the triggers' back (by someone who owns the database and
 *   lifts them) is found: verify names the first broken entry and exits 1.
 */
import { Role } from '@plugin-center/contract/schemas';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m0021 from '../db/migrations/0021_audit_chain';
import type { DatabaseSchema } from '../db/schema';
import { runAuditCommand } from '../review/auditCommand';
import { type AuditVerification, verifyAuditLog } from '../shared/auditLog';
import { approvedPluginKeys, createTestApp, signedInHeaders, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';

let t: TestApp;
let admin: Record<string, string>;
let keys: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInHeaders(t.app, { role: Role.SUPER_ADMIN });
  keys = await approvedPluginKeys(t.app, 12);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** Marks (or unmarks) a plugin default-install as the administrator: one audit entry per change. */
function toggle(pluginKey: string, on: boolean) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/cmt/plugin/silent_install',
    headers: admin,
    payload: { plugin_key: pluginKey, is_default_install: on },
  });
}

const entries = () => t.app.db.kysely.selectFrom('audit_log').selectAll().orderBy('id').execute();

/** Runs `statement` and answers what the database said: 'refused' or 'done'. */
async function attempt(statement: string): Promise<'refused' | 'done'> {
  try {
    await sql.raw(statement).execute(t.app.db.kysely);
    return 'done';
  } catch {
    return 'refused';
  }
}

/** SQL text of a string value. */
const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * What an owner of the database can do: lift the append-only triggers, run `change`, put the
 * triggers back. Runs in a transaction that is rolled back after verifying (so each attack starts
 * from the intact log); answers what verify saw.
 */
async function tamperAndVerify(
  change: (db: Kysely<DatabaseSchema>) => Promise<void>,
): Promise<AuditVerification> {
  let seen: AuditVerification | undefined;
  const rollback = new Error('rollback');
  await t.app.db.kysely
    .transaction()
    .execute(async (trx) => {
      await liftTriggers(trx);
      await change(trx);
      await restoreTriggers(trx);
      seen = await verifyAuditLog(trx);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return seen!;
}

async function liftTriggers(db: Kysely<DatabaseSchema>): Promise<void> {
  if (TEST_DIALECT === 'postgres') await sql`ALTER TABLE audit_log DISABLE TRIGGER USER`.execute(db);
  else {
    await sql`DROP TRIGGER audit_log_no_update`.execute(db);
    await sql`DROP TRIGGER audit_log_no_delete`.execute(db);
  }
}

async function restoreTriggers(db: Kysely<DatabaseSchema>): Promise<void> {
  if (TEST_DIALECT === 'postgres') await sql`ALTER TABLE audit_log ENABLE TRIGGER USER`.execute(db);
  else {
    for (const event of ['UPDATE', 'DELETE']) {
      await sql
        .raw(`CREATE TRIGGER audit_log_no_${event.toLowerCase()} BEFORE ${event} ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`)
        .execute(db);
    }
  }
}

describe('the database refuses rewriting the audit log', () => {
  it('refuses UPDATE, DELETE, upserts and (SQLite) INSERT OR REPLACE / (PostgreSQL) TRUNCATE, leaving every entry as it was', async () => {
    for (const on of [true, false]) expect((await toggle(keys[0]!, on)).statusCode).toBe(200);
    const before = await entries();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const [first, second] = before as [(typeof before)[0], (typeof before)[0]];
    // A copy of an entry with a forged reason and every column filled, so only the refusal stops it.
    const forged = (row: typeof first, id: number, seq: number) =>
      `(id, time, actor_id, actor_name, action, plugin_key, version, reason, seq, prev_hash, hash)
       VALUES (${id}, ${row.time}, ${row.actor_id ?? 'NULL'}, ${text(row.actor_name)}, ${text(row.action)},
       ${text(row.plugin_key)}, NULL, 'forged', ${seq}, ${text(row.prev_hash)}, ${text(row.hash)})`;
    const outcome: Record<string, string> = {
      update: await attempt(`UPDATE audit_log SET reason = 'forged' WHERE id = ${first.id}`),
      delete: await attempt(`DELETE FROM audit_log WHERE id = ${first.id}`),
      upsert: await attempt(
        `INSERT INTO audit_log ${forged(first, first.id, first.seq)} ON CONFLICT (id) DO UPDATE SET reason = 'forged'`,
      ),
      unchained: await attempt(
        `INSERT INTO audit_log (time, actor_id, actor_name, action, plugin_key) VALUES (0, NULL, 'nobody', 'forged', '')`,
      ),
    };
    if (TEST_DIALECT === 'sqlite') {
      outcome.insertOrReplace = await attempt(
        `INSERT OR REPLACE INTO audit_log ${forged(first, first.id, first.seq)}`,
      );
      outcome.replaceInto = await attempt(`REPLACE INTO audit_log ${forged(second, second.id, second.seq)}`);
      // A new id onto a taken chain position: REPLACE would delete the entry holding it.
      outcome.replaceBySeq = await attempt(`REPLACE INTO audit_log ${forged(second, 1_000_000, second.seq)}`);
    } else {
      outcome.truncate = await attempt('TRUNCATE audit_log');
      outcome.truncateCascade = await attempt('TRUNCATE audit_log RESTART IDENTITY CASCADE');
    }
    const after = await entries();
    console.log(
      `[${TEST_DIALECT}] outcome ${JSON.stringify(outcome)}; entries ${before.length} -> ${after.length}`,
    );
    expect(
      Object.values(outcome).every((o) => o === 'refused'),
      JSON.stringify(outcome),
    ).toBe(true);
    expect(after).toEqual(before);
  });
});

describe('the hash chain', () => {
  it('chains the entries of real administrator actions, and verify says the log is intact', async () => {
    for (const key of keys.slice(0, 3)) {
      expect((await toggle(key, true)).statusCode).toBe(200);
      expect((await toggle(key, false)).statusCode).toBe(200);
    }
    const rows = await entries();
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
    const result = await verifyAuditLog(t.app.db.kysely);
    expect(result).toEqual({
      intact: true,
      entries: rows.length,
      head: { id: rows.at(-1)!.id, seq: rows.length, hash: rows.at(-1)!.hash },
    });
  });

  it('keeps one unbroken chain when many administrator actions are written at once', async () => {
    const before = (await entries()).length;
    for (const on of [true, false]) {
      const answers = await Promise.all(keys.map((key) => toggle(key, on)));
      expect(answers.map((a) => a.statusCode)).toEqual(keys.map(() => 200));
    }
    const rows = await entries();
    expect(rows.length).toBe(before + 2 * keys.length);
    const result = await verifyAuditLog(t.app.db.kysely);
    console.log(`[${TEST_DIALECT}] after ${2 * keys.length} concurrent actions: ${JSON.stringify(result)}`);
    expect(result).toMatchObject({ intact: true, entries: rows.length });
  });

  it('names the first broken entry when one was changed, re-hashed, moved or removed behind the triggers', async () => {
    const rows = await entries();
    expect(rows.length).toBeGreaterThan(6);
    const victim = rows[3]!;
    const next = rows[4]!;

    const altered = await tamperAndVerify(async (db) => {
      await db
        .updateTable('audit_log')
        .set({ reason: 'nothing happened' })
        .where('id', '=', victim.id)
        .execute();
    });
    expect(altered).toMatchObject({
      intact: false,
      brokenId: victim.id,
      problem: 'hash_mismatch',
      entries: 3,
    });

    // The attacker recomputes the altered entry's own hash: the next entry no longer chains to it.
    const rehashed = await tamperAndVerify(async (db) => {
      const { auditEntryHash } = await import('../shared/auditChain');
      const changed = { ...victim, actor_name: 'someone else' };
      await db
        .updateTable('audit_log')
        .set({ actor_name: changed.actor_name, hash: auditEntryHash(changed) })
        .where('id', '=', victim.id)
        .execute();
    });
    expect(rehashed).toMatchObject({
      intact: false,
      brokenId: next.id,
      problem: 'prev_mismatch',
      entries: 4,
    });

    const removed = await tamperAndVerify(async (db) => {
      await db.deleteFrom('audit_log').where('id', '=', victim.id).execute();
    });
    expect(removed).toMatchObject({ intact: false, brokenId: next.id, problem: 'gap', entries: 3 });

    const emptied = await tamperAndVerify(async (db) => {
      await db.deleteFrom('audit_log').where('id', '<=', victim.id).execute();
    });
    expect(emptied).toMatchObject({ intact: false, brokenId: next.id, problem: 'gap', entries: 0 });

    // Entries cut from the end leave a shorter chain that holds: only the head verify reports
    // (id, number and hash), compared with one recorded earlier, shows the cut.
    const cut = await tamperAndVerify(async (db) => {
      await db.deleteFrom('audit_log').where('id', '>', victim.id).execute();
    });
    expect(cut).toEqual({ intact: true, entries: 4, head: { id: victim.id, seq: 4, hash: victim.hash } });

    expect(await verifyAuditLog(t.app.db.kysely)).toMatchObject({ intact: true, entries: rows.length });
  });
});

describe('migration 0021', () => {
  it('chains the entries written before it, in id order, as the writer would have', async () => {
    const rows = await entries();
    const before = await verifyAuditLog(t.app.db.kysely);
    let after: AuditVerification | undefined;
    let rechained: { id: number; hash: string }[] = [];
    let writtenAfter: AuditVerification | undefined;
    const rollback = new Error('rollback');
    await t.app.db.kysely
      .transaction()
      .execute(async (trx) => {
        await m0021.down(trx, TEST_DIALECT);
        // Entries written by a server without the chain.
        await sql`INSERT INTO audit_log (time, actor_id, actor_name, action, plugin_key, reason)
          VALUES (1, NULL, 'legacy', 'approve', 'legacy-plugin', 'before the chain')`.execute(trx);
        await m0021.up(trx, TEST_DIALECT);
        after = await verifyAuditLog(trx);
        rechained = await trx.selectFrom('audit_log').select(['id', 'hash']).orderBy('id').execute();
        const { appendAuditLog } = await import('../shared/auditLog');
        await appendAuditLog(trx, {
          time: 2,
          actor_id: null,
          actor_name: 'x',
          action: 'delete',
          plugin_key: 'p',
          version: null,
          reason: null,
        });
        writtenAfter = await verifyAuditLog(trx);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(before).toMatchObject({ intact: true, entries: rows.length });
    expect(after).toMatchObject({ intact: true, entries: rows.length + 1 });
    expect(rechained.slice(0, rows.length)).toEqual(rows.map((r) => ({ id: r.id, hash: r.hash })));
    expect(writtenAfter).toMatchObject({ intact: true, entries: rows.length + 2 });
    expect(await verifyAuditLog(t.app.db.kysely)).toEqual(before);
  });
});

describe('plugin-center audit verify', () => {
  it('prints "audit log intact" with exit code 0, and the first broken entry with exit code 1', async () => {
    const capture = () => {
      const lines = { out: '', err: '' };
      return {
        lines,
        output: { out: (s: string) => (lines.out += s), err: (s: string) => (lines.err += s) },
      };
    };
    const rows = await entries();

    const ok = capture();
    expect(await runAuditCommand(t.config, ['verify'], ok.output)).toBe(0);
    expect(ok.lines.out).toContain(`audit log intact: ${rows.length} entries\n`);
    expect(ok.lines.out).toContain(rows.at(-1)!.hash);

    const usage = capture();
    expect(await runAuditCommand(t.config, ['check'], usage.output)).toBe(2);
    expect(usage.lines.err).toContain('Usage: plugin-center audit verify');
    expect(await runAuditCommand(t.config, ['verify', '--head', 'abc'], capture().output)).toBe(2);

    // A head recorded earlier must still be in the chain: a cut tail (or a re-hashed chain) lacks it.
    const recorded = capture();
    expect(await runAuditCommand(t.config, ['verify', '--head', rows.at(-1)!.hash], recorded.output)).toBe(0);
    expect(recorded.lines.out).toContain('audit log intact');
    const cut = capture();
    expect(await runAuditCommand(t.config, ['verify', '--head', 'f'.repeat(64)], cut.output)).toBe(1);
    expect(cut.lines.err).toContain(
      `the recorded head ${'f'.repeat(64)} is not in the chain of ${rows.length} entries`,
    );

    // The attacker commits this time: lifts the triggers, rewrites an entry, puts them back.
    const victim = rows[2]!;
    await t.app.db.kysely.transaction().execute(async (trx) => {
      await liftTriggers(trx);
      await trx.updateTable('audit_log').set({ action: 'nothing' }).where('id', '=', victim.id).execute();
      await restoreTriggers(trx);
    });
    const broken = capture();
    expect(await runAuditCommand(t.config, ['verify'], broken.output)).toBe(1);
    console.log(`[${TEST_DIALECT}] verify after tampering: ${broken.lines.err.trim()}`);
    expect(broken.lines.err).toContain(`audit log broken at entry ${victim.id} (hash mismatch)`);
    expect(broken.lines.out).toBe('');
  });
});
