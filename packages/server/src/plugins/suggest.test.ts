/**
 * `GET plugin/suggest` over the real catalogue, on SQLite and PostgreSQL. Expectations are
 * computed in the test from every approved row read back (a full scan and a JS prefix match), so
 * both dialects are compared with the same answer; the index plans are checked with EXPLAIN.
 */
import type { Suggestion, SuggestResult } from '@plugin-center/contract/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../testing/testApp';
import { TEST_DIALECT } from '../testing/testDatabase';
import { pluginsByNamePrefix, pluginsByTranslatedNamePrefix } from './data/suggest';
import { normalizeSuggestInput } from './suggest';

let t: TestApp;

interface Row {
  id: number;
  plugin_key: string;
  name: string;
  download_count: number;
  review_status: number;
  zh: string | null;
}

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

async function rows(): Promise<Row[]> {
  return (await t.app.db.kysely
    .selectFrom('plugin as p')
    .leftJoin('plugin_translation as t', (j) =>
      j.onRef('t.plugin_id', '=', 'p.id').on('t.locale', '=', 'zh-CN'),
    )
    .select(['p.id', 'p.plugin_key', 'p.name', 'p.download_count', 'p.review_status', 't.name as zh'])
    .execute()) as Row[];
}

async function suggest(q: string, lang?: string): Promise<Suggestion[]> {
  const url = `/api/cmt/plugin/suggest?q=${encodeURIComponent(q)}${lang ? `&lang=${lang}` : ''}`;
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ code: number; data: SuggestResult }>(res).data.suggestion_list;
}

const lower = (s: string) => s.toLowerCase();
const byPopularity = (a: { download_count: number; name: string; id: number }, b: typeof a) =>
  b.download_count - a.download_count ||
  (lower(a.name) < lower(b.name) ? -1 : lower(a.name) > lower(b.name) ? 1 : a.id - b.id);

/** Approved plugins whose (zh-CN or base) name starts with `prefix`, ranked as the endpoint does. */
function expectedPlugins(all: Row[], prefix: string, zh = false): { plugin_key: string; text: string }[] {
  return all
    .filter((r) => r.review_status === 2)
    .filter(
      (r) => lower(r.name).startsWith(prefix) || (zh && r.zh !== null && lower(r.zh).startsWith(prefix)),
    )
    .map((r) => ({ ...r, name: zh ? (r.zh ?? r.name) : r.name }))
    .sort(byPopularity)
    .map((r) => ({ plugin_key: r.plugin_key, text: r.name }));
}

const plugins = (list: Suggestion[]) =>
  list.filter((s) => s.kind === 'plugin').map((s) => ({ plugin_key: s.plugin_key!, text: s.text }));

describe(`plugin suggestions (${TEST_DIALECT})`, () => {
  it('normalises the input: NFKC, lower case, trimmed, white space collapsed; no letter or digit → null', () => {
    expect(normalizeSuggestInput('  ＦＩＧ  Ｍａ ')).toBe('fig ma');
    expect(normalizeSuggestInput('Ｉｃｏｎ\t\tset')).toBe('icon set');
    expect(normalizeSuggestInput(' !?* ')).toBeNull();
    expect(normalizeSuggestInput('\u3000')).toBeNull();
    expect(normalizeSuggestInput('图')).toBe('图');
  });

  it('suggests approved plugins whose name starts with the text, most downloaded first, at most 8', async () => {
    const all = await rows();
    // The most common first two letters of the names: more matches than fit.
    const counts = new Map<string, number>();
    for (const r of all) {
      const two = lower(r.name).slice(0, 2);
      if (/^[a-z]{2}$/.test(two)) counts.set(two, (counts.get(two) ?? 0) + 1);
    }
    const [prefix] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
    // Make popularity decide: give a match from the end of the alphabet the most downloads.
    const matches = all.filter((r) => r.review_status === 2 && lower(r.name).startsWith(prefix));
    expect(matches.length).toBeGreaterThan(8);
    const last = matches.sort((a, b) => (lower(a.name) < lower(b.name) ? 1 : -1))[0]!;
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ download_count: 1_000_000 })
      .where('id', '=', last.id)
      .execute();

    const list = await suggest(prefix.toUpperCase());
    expect(list.length).toBeLessThanOrEqual(8);
    const got = plugins(list);
    expect(got[0]).toEqual({ plugin_key: last.plugin_key, text: last.name });
    expect(got).toEqual(expectedPlugins(await rows(), prefix).slice(0, got.length));
    for (const s of list) expect(s.kind === 'plugin' ? s.tag_id : s.plugin_key).toBeNull();
  });

  it('matches longer prefixes with spaces and full-width input the same as ASCII', async () => {
    const all = await rows();
    const sample = all.find((r) => r.review_status === 2 && /^[A-Za-z]+ [A-Za-z]/.test(r.name))!;
    const prefix = lower(sample.name).slice(0, sample.name.indexOf(' ') + 2);
    const fullWidth = [...prefix]
      .map((c) => (c === ' ' ? '  ' : String.fromCodePoint(c.codePointAt(0)! + 0xfee0)))
      .join('');
    const list = await suggest(` ${fullWidth} `);
    expect(plugins(list)).toContainEqual({ plugin_key: sample.plugin_key, text: sample.name });
    expect(plugins(list)).toEqual(expectedPlugins(all, prefix).slice(0, plugins(list).length));
  });

  it('leaves out plugins that are not approved', async () => {
    const all = await rows();
    const target = all.find((r) => r.review_status === 2 && /^[a-z]{4}/i.test(r.name))!;
    const prefix = lower(target.name).slice(0, Math.min(target.name.length, 12));
    expect(plugins(await suggest(prefix))).toContainEqual({
      plugin_key: target.plugin_key,
      text: target.name,
    });
    await t.app.db.kysely
      .updateTable('plugin')
      .set({ review_status: 3 })
      .where('id', '=', target.id)
      .execute();
    try {
      expect(plugins(await suggest(prefix)).map((s) => s.plugin_key)).not.toContain(target.plugin_key);
    } finally {
      await t.app.db.kysely
        .updateTable('plugin')
        .set({ review_status: 2 })
        .where('id', '=', target.id)
        .execute();
    }
  });

  it('suggests zh-CN names for lang zh-CN (and shows translated plugins by their zh-CN name)', async () => {
    const all = await rows();
    // A translation whose name starts differently from the base name (e.g. "Swatches" of "Sketch Swatches").
    const translated = all.find(
      (r) => r.review_status === 2 && r.zh && lower(r.zh).slice(0, 4) !== lower(r.name).slice(0, 4),
    )!;
    expect(translated).toBeDefined();
    const prefix = lower([...translated.zh!].slice(0, 4).join(''));
    const list = await suggest(prefix, 'zh-CN');
    expect(plugins(list)).toContainEqual({ plugin_key: translated.plugin_key, text: translated.zh });
    expect(plugins(list)).toEqual(expectedPlugins(all, prefix, true).slice(0, plugins(list).length));
    expect(plugins(await suggest(prefix)).map((s) => s.plugin_key)).not.toContain(translated.plugin_key);
    // Matched by its base name under lang zh-CN, it is still shown by its zh-CN name.
    const byBase = await suggest(lower(translated.name), 'zh-CN');
    expect(plugins(byBase)).toContainEqual({ plugin_key: translated.plugin_key, text: translated.zh });
    // A Chinese base name.
    const han = all.find((r) => r.review_status === 2 && /^\p{Script=Han}{2}/u.test(r.name))!;
    const hanPrefix = [...han.name].slice(0, 2).join('');
    expect(plugins(await suggest(hanPrefix))).toContainEqual({ plugin_key: han.plugin_key, text: han.name });
  });

  it('suggests tags by code, name or a word of the name, most used first; an exact tag first of all', async () => {
    const tags = await t.app.db.kysely.selectFrom('tag').selectAll().where('plugin_count', '>', 0).execute();
    const icons = tags.find((tag) => tag.code === 'icons')!;
    expect(icons).toBeDefined();
    const exact = await suggest('Icons');
    expect(exact[0]).toEqual({ kind: 'tag', text: icons.name, plugin_key: null, tag_id: icons.id });

    const prefix = 'de';
    const expected = tags
      .filter(
        (tag) =>
          tag.code.startsWith(prefix) ||
          lower(tag.name)
            .split(/[^\p{L}\p{N}]+/u)
            .some((w) => w.startsWith(prefix)),
      )
      .sort(
        (a, b) =>
          b.plugin_count - a.plugin_count || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
      );
    const list = await suggest(prefix);
    const gotTags = list.filter((s) => s.kind === 'tag');
    expect(gotTags.length).toBeGreaterThan(0);
    expect(gotTags.map((s) => s.tag_id)).toEqual(expected.slice(0, gotTags.length).map((tag) => tag.id));
    expect(list.length).toBeLessThanOrEqual(8);
  });

  it('suggests tags by their Chinese name too, shown in Chinese for lang zh-CN', async () => {
    const tags = await t.app.db.kysely.selectFrom('tag').selectAll().where('code', '=', 'charts').execute();
    const charts = tags[0]!;
    const list = await suggest('图表', 'zh-CN');
    expect(list).toContainEqual({ kind: 'tag', text: '图表', plugin_key: null, tag_id: charts.id });
  });

  it('answers an empty list when nothing starts with the text', async () => {
    expect(await suggest('zzqqxxjj-no-such-plugin')).toEqual([]);
    expect(await suggest('\u{10FFFF}')).toEqual([]);
  });

  it('reads the plugin names through the suggestion indexes (EXPLAIN)', async () => {
    const db = t.app.db;
    /** The query's text with its parameters written in as literals (EXPLAIN takes no parameters here). */
    const inline = ({ sql: text, parameters }: { sql: string; parameters: unknown[] }) => {
      const literal = (p: unknown) => (typeof p === 'string' ? `'${p.replaceAll("'", "''")}'` : String(p));
      return db.dialect === 'sqlite'
        ? text.replace(/\?/g, () => literal(parameters.shift()))
        : text.replace(/\$(\d+)/g, (_, i: string) => literal(parameters[Number(i) - 1]));
    };
    const explain = async (compiled: { sql: string; parameters: readonly unknown[] }) => {
      const text = inline({ sql: compiled.sql, parameters: [...compiled.parameters] });
      if (db.dialect === 'sqlite') {
        return JSON.stringify((await sql.raw(`EXPLAIN QUERY PLAN ${text}`).execute(db.kysely)).rows);
      }
      // Few rows here, so PostgreSQL would rather scan the table: forbid that to see the index is usable.
      return db.kysely.connection().execute(async (c) => {
        await sql`SET enable_seqscan = off`.execute(c);
        try {
          return JSON.stringify((await sql.raw(`EXPLAIN ${text}`).execute(c)).rows);
        } finally {
          await sql`RESET enable_seqscan`.execute(c);
        }
      });
    };
    // The same queries as data/suggest.ts, compiled and recorded by a plugin on the way out.
    const captured: { sql: string; parameters: readonly unknown[] }[] = [];
    const recording = {
      ...db,
      kysely: db.kysely.withPlugin({
        transformQuery: (args) => {
          captured.push(db.kysely.getExecutor().compileQuery(args.node, args.queryId));
          return args.node;
        },
        transformResult: async (args) => args.result,
      }),
    };
    // The plugin also sees the subquery of each: the whole query is the longest text compiled.
    const whole = () => captured.splice(0).sort((a, b) => b.sql.length - a.sql.length)[0]!;
    await pluginsByNamePrefix(recording, 'ic', 8);
    const byName = whole();
    await pluginsByTranslatedNamePrefix(recording, 'zh-CN', '图', 8);
    const byTranslation = whole();
    // The suggestion index, or the name order's index of migration 0039 (review status, lower-cased
    // name, id), which serves the same prefix range in the same order: either way no table scan.
    expect(await explain(byName)).toMatch(/plugin_suggest_name_idx|plugin_name_idx/);
    expect(await explain(byTranslation)).toContain('plugin_translation_suggest_idx');
  });
});
