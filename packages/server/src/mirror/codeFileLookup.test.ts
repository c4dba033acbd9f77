/**
 * The mirror file route's code file lookups (`isMirrorableFile`: a plugin's current code file, an
 * approved submission's for an earlier version) read the indexes of migration 0050 on SQLite and
 * PostgreSQL (EXPLAIN of the very queries the lookup runs, over the shipped catalogue with several
 * approved submissions of each plugin), not a scan of the plugins or the submissions.
 */
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { isMirrorableFile } from './feed';

let t: TestApp;

/** Submissions made of each catalogue plugin. */
const SUBMISSIONS_EACH = 5;

beforeAll(async () => {
  // The shipped catalogue's plugins, each with a code file and approved submissions of its own.
  t = await createTestApp();
  const db = t.app.db.kysely;
  await sql`UPDATE plugin SET code_file = 'p' || id || '.json'`.execute(db);
  await sql`WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ${sql.lit(SUBMISSIONS_EACH)})
    INSERT INTO plugin_submission (plugin_id, status, create_time, review_time, version, name, intro,
      tags, reuse_center_cover, images, code_file, copyright_type, is_default_install, checks,
      version_content, description)
    SELECT p.id, 2, 1, 1, '1.0.' || n.k, p.name, '', '[]', 0, '[]', 's' || p.id || '-' || n.k || '.json',
      'author', 0, '[]', '', ''
    FROM plugin p CROSS JOIN n`.execute(db);
  await sql
    .raw(t.app.db.dialect === 'postgres' ? 'ANALYZE plugin, plugin_submission' : 'ANALYZE')
    .execute(db);
});

afterAll(async () => {
  await t?.close();
});

describe(`code file lookups of the mirror file route (${TEST_DIALECT})`, () => {
  it('finds a code file through the code file indexes (EXPLAIN)', async () => {
    const db = t.app.db;
    const captured: CompiledQuery[] = [];
    const recording = db.kysely.withPlugin({
      transformQuery: (args) => {
        captured.push(db.kysely.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    expect(await isMirrorableFile(recording, `${'ab'.repeat(32)}.json`)).toBe(false);
    // The plugin also sees each subquery: the two whole queries are the plugin's and the submissions'.
    const [plugin, submission] = [
      captured.find((q) => /from "plugin"/i.test(q.sql) && !/plugin_submission/.test(q.sql))!,
      captured.find((q) => /from "plugin_submission"/i.test(q.sql))!,
    ];
    expect(plugin).toBeDefined();
    expect(submission).toBeDefined();
    /** The query's text with its parameters written in as literals (EXPLAIN takes none here). */
    const inline = ({ sql: text, parameters }: CompiledQuery) => {
      const literal = (p: unknown) => (typeof p === 'string' ? `'${p.replaceAll("'", "''")}'` : String(p));
      const values = [...parameters];
      return db.dialect === 'sqlite'
        ? text.replace(/\?/g, () => literal(values.shift()))
        : text.replace(/\$(\d+)/g, (_, i: string) => literal(values[Number(i) - 1]));
    };
    const explain = async (query: CompiledQuery) =>
      JSON.stringify(
        (
          await sql
            .raw(`${db.dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${inline(query)}`)
            .execute(db.kysely)
        ).rows,
      );
    const submissions = await db.kysely
      .selectFrom('plugin_submission')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(submissions.n)).toBeGreaterThanOrEqual(1000);
    const submissionPlan = await explain(submission);
    expect(submissionPlan).toContain('plugin_submission_code_file_idx');
    expect(submissionPlan).not.toMatch(/Seq Scan on plugin_submission|SCAN s\b/);
    const pluginPlan = await explain(plugin);
    expect(pluginPlan).toContain('plugin_code_file_idx');
    expect(pluginPlan).not.toMatch(/Seq Scan on plugin\b|SCAN plugin\b/);
  });
});
