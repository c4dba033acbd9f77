/**
 * What the review list shows beside a submission: the other plugins it looks like
 * (`Submission.matches`), by the rules of `publishing/identity.ts` — the same manifest id, the same
 * normalised name, the same normalised repository URL.
 */
import { MAX_SUBMISSION_MATCHES, type MatchField, type Submission } from '@plugin-center/contract/schemas';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { normalizeName, normalizeRepositoryUrl } from '../publishing/identity';

type Db = Kysely<DatabaseSchema>;

/**
 * The submissions with `matches` set: for each, the other plugins (not its own) holding its
 * manifest id, or with its normalised name or repository, lowest plugin id first, at most
 * {@link MAX_SUBMISSION_MATCHES}; [] when none. Reads every plugin's name, link and manifest id
 * once per call (names are compared after Unicode normalisation, which SQL cannot do on both
 * dialects).
 */
export async function withMatches(db: Db, submissions: Submission[]): Promise<Submission[]> {
  if (submissions.length === 0) return submissions;
  const rows = await db
    .selectFrom('plugin_submission')
    .select(['id', 'plugin_id', 'manifest_id'])
    .where(
      'id',
      'in',
      submissions.map((s) => s.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const plugins = await db
    .selectFrom('plugin')
    .select(['id', 'plugin_key', 'name', 'technical_support_link', 'manifest_id'])
    .orderBy('id')
    .execute();
  const names = new Map<string, typeof plugins>();
  const repositories = new Map<string, typeof plugins>();
  const manifestIds = new Map<string, typeof plugins>();
  const add = (index: Map<string, typeof plugins>, key: string | null, plugin: (typeof plugins)[number]) => {
    if (key === null || key === '') return;
    const list = index.get(key);
    if (list) list.push(plugin);
    else index.set(key, [plugin]);
  };
  for (const plugin of plugins) {
    add(names, normalizeName(plugin.name), plugin);
    add(repositories, normalizeRepositoryUrl(plugin.technical_support_link), plugin);
    add(manifestIds, plugin.manifest_id, plugin);
  }
  return submissions.map((submission) => {
    const row = byId.get(submission.id);
    const found = new Map<number, { plugin: (typeof plugins)[number]; fields: MatchField[] }>();
    const mark = (list: typeof plugins | undefined, field: MatchField) => {
      for (const plugin of list ?? []) {
        if (plugin.id === row?.plugin_id) continue;
        const entry = found.get(plugin.id) ?? { plugin, fields: [] };
        entry.fields.push(field);
        found.set(plugin.id, entry);
      }
    };
    if (row?.manifest_id) mark(manifestIds.get(row.manifest_id), 'manifest_id');
    mark(names.get(normalizeName(submission.name)), 'name');
    const repository = normalizeRepositoryUrl(submission.technical_support_link);
    if (repository) mark(repositories.get(repository), 'repository');
    const matches = [...found.values()]
      .sort((a, b) => a.plugin.id - b.plugin.id)
      .slice(0, MAX_SUBMISSION_MATCHES)
      .map(({ plugin, fields }) => ({ plugin_key: plugin.plugin_key, name: plugin.name, fields }));
    return { ...submission, matches };
  });
}
