/**
 * Validation and honest mapping of one catalogue entry (the schema of
 * `catalogue/README.md`: plugins.json and zh.json) to what the importer stores.
 */
import { createHash } from 'node:crypto';
import { BANNER_URL_MESSAGE, matchLocale } from '@plugin-center/contract';
import { hiddenCharactersProblem, httpUrl, stripHidden } from '@plugin-center/contract/text';
import type { PluginTranslation } from '../plugins/data/write';

/** Length limits beyond which a field is "absurd" and the record is rejected, in characters. */
export const ENTRY_LIMITS = {
  name: 200,
  intro: 2_000,
  description: 50_000,
  author: 200,
  url: 2_048,
  license: 200,
  source: 500,
  tag: 64,
  tags: 50,
  platform: 32,
  platforms: 20,
  figmaPluginId: 64,
} as const;

/** A validated catalogue entry. */
export interface CatalogueRecord {
  name: string;
  intro: string;
  description: string;
  author: string | null;
  tags: string[];
  repo_url: string | null;
  homepage: string | null;
  license: string | null;
  source: string | null;
  platforms: string[];
  figma_plugin_id: string | null;
  /** ms since the epoch, or null when the entry has no date. */
  updated_at: number | null;
  /** Interface locale of the entry's texts when it declares `lang`. */
  locale: string | null;
  /** The English entry this one translates (`en_ref`), if any. */
  en_ref: { name: string; source: string } | null;
}

/** Result of {@link parseCatalogueEntry}: the record, or why it was rejected. */
export type ParsedEntry = { ok: true; record: CatalogueRecord } | { ok: false; reason: string };

class EntryError extends Error {}

function optionalString(obj: Record<string, unknown>, field: string, max: number): string | null {
  const value = obj[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    throw new EntryError(`${field}: expected a string or null, got ${typeName(value)}`);
  const trimmed = value.trim();
  if (trimmed.length > max)
    throw new EntryError(`${field}: longer than ${max} characters (${trimmed.length})`);
  return trimmed === '' ? null : trimmed;
}

/** {@link optionalString} for a name-like field: refused with invisible or bidirectional control characters. */
function nameString(obj: Record<string, unknown>, field: string, max: number): string | null {
  const value = optionalString(obj, field, max);
  const problem = value === null ? undefined : hiddenCharactersProblem(value);
  if (problem) throw new EntryError(`${field}: ${problem}`);
  return value;
}

/** {@link optionalString} for a longer text: invisible and bidirectional control characters removed. */
function longText(obj: Record<string, unknown>, field: string, max: number): string | null {
  const value = optionalString(obj, field, max);
  return value === null ? null : stripHidden(value).text.trim() || null;
}

/** {@link optionalString} for a link: the one link rule (the contract's `httpUrl`), kept as written. */
function linkString(obj: Record<string, unknown>, field: string, max: number): string | null {
  const value = optionalString(obj, field, max);
  if (value !== null && httpUrl(value, max) === undefined)
    throw new EntryError(`${field}: ${BANNER_URL_MESSAGE}`);
  return value;
}

function stringArray(
  obj: Record<string, unknown>,
  field: string,
  maxItems: number,
  maxLength: number,
): string[] {
  const value = obj[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    throw new EntryError(`${field}: expected an array of strings, got ${typeName(value)}`);
  if (value.length > maxItems)
    throw new EntryError(`${field}: more than ${maxItems} items (${value.length})`);
  const out: string[] = [];
  value.forEach((item, i) => {
    if (typeof item !== 'string')
      throw new EntryError(`${field}[${i}]: expected a string, got ${typeName(item)}`);
    const trimmed = item.trim();
    if (trimmed === '') throw new EntryError(`${field}[${i}]: empty`);
    if (trimmed.length > maxLength)
      throw new EntryError(`${field}[${i}]: longer than ${maxLength} characters`);
    const problem = hiddenCharactersProblem(trimmed);
    if (problem) throw new EntryError(`${field}[${i}]: ${problem}`);
    out.push(trimmed);
  });
  return [...new Set(out)];
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Zone abbreviations the sources use, as UTC offsets. */
const ZONE_OFFSETS: Record<string, string> = {
  UTC: 'Z',
  GMT: 'Z',
  Z: 'Z',
  WET: '+00:00',
  WEST: '+01:00',
  CET: '+01:00',
  CEST: '+02:00',
  EET: '+02:00',
  EEST: '+03:00',
  MSK: '+03:00',
  IST: '+05:30',
  CST: '+08:00',
  JST: '+09:00',
  KST: '+09:00',
  EST: '-05:00',
  EDT: '-04:00',
  PST: '-08:00',
  PDT: '-07:00',
};

/**
 * Parses the catalogue's dates: `"2020-03-15 06:32:01 UTC"` (Sketch directory `lastUpdated`; one
 * entry says `CET`), or ISO 8601 with an offset; a date without a zone is UTC. `CST` is read as
 * China Standard Time (+08:00).
 * @returns ms since the epoch, or null when the text is not such a date.
 */
export function parseCatalogueDate(text: string): number | null {
  const m =
    /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?))?\s*([A-Za-z]{1,5}|[+-]\d{2}:?\d{2})?$/.exec(
      text.trim(),
    );
  if (!m) return null;
  let zone = 'Z';
  if (m[3]) {
    const named = ZONE_OFFSETS[m[3].toUpperCase()];
    if (/^[+-]/.test(m[3])) zone = m[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    else if (named) zone = named;
    else return null;
  }
  const ms = Date.parse(`${m[1]}T${m[2] ?? '00:00:00'}${zone}`);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Validates one raw catalogue entry. Rejects (with a reason naming the field) anything that is not
 * an object, has a missing or blank `name`, a field of the wrong type, an absurd length
 * ({@link ENTRY_LIMITS}), an `updated_at` that is not a date, an `en_ref` without `name`/`source`,
 * a `name`, `author` or tag with invisible or bidirectional control characters, or a `repo_url` /
 * `homepage` that the one link rule refuses (the contract's `httpUrl`: 'Wrong url, please try
 * again'). Texts are trimmed; intros and descriptions lose their invisible and bidirectional
 * control characters (`stripHidden`); markdown entries (`text_format: "markdown"`) use their `intro_plain` /
 * `description_plain` (links and bold removed, as the README describes) so cards show plain text.
 */
export function parseCatalogueEntry(raw: unknown): ParsedEntry {
  try {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new EntryError(`expected an object, got ${typeName(raw)}`);
    }
    const obj = raw as Record<string, unknown>;
    if (obj.name === undefined || obj.name === null) throw new EntryError('name: missing');
    const name = nameString(obj, 'name', ENTRY_LIMITS.name);
    if (name === null) throw new EntryError('name: blank');
    const markdown = obj.text_format === 'markdown';
    let intro = longText(obj, 'intro', ENTRY_LIMITS.intro) ?? '';
    let description = longText(obj, 'description', ENTRY_LIMITS.description) ?? '';
    if (markdown) {
      intro = longText(obj, 'intro_plain', ENTRY_LIMITS.intro) ?? intro;
      description = longText(obj, 'description_plain', ENTRY_LIMITS.description) ?? description;
    }
    if (description === '') description = intro;
    if (intro === '') intro = description.split('\n').find((line) => line.trim() !== '') ?? '';

    let updatedAt: number | null = null;
    const updatedText = optionalString(obj, 'updated_at', 64);
    if (updatedText !== null) {
      updatedAt = parseCatalogueDate(updatedText);
      if (updatedAt === null) throw new EntryError(`updated_at: not a date (${JSON.stringify(updatedText)})`);
    }

    let figmaId: string | null = null;
    if (typeof obj.figma_plugin_id === 'number' && Number.isSafeInteger(obj.figma_plugin_id)) {
      figmaId = String(obj.figma_plugin_id);
    } else {
      figmaId = optionalString(obj, 'figma_plugin_id', ENTRY_LIMITS.figmaPluginId);
    }

    let locale: string | null = null;
    const lang = optionalString(obj, 'lang', 16);
    if (lang !== null) {
      // `zh` (zh.json), a lang cookie value (`jp`) or a full locale name, as the contract's LOCALE_ALIASES
      locale = matchLocale(lang) ?? null;
      if (locale === null) throw new EntryError(`lang: unknown language ${JSON.stringify(lang)}`);
    }

    let enRef: CatalogueRecord['en_ref'] = null;
    if (obj.en_ref !== undefined && obj.en_ref !== null) {
      if (typeof obj.en_ref !== 'object' || Array.isArray(obj.en_ref)) {
        throw new EntryError(`en_ref: expected an object, got ${typeName(obj.en_ref)}`);
      }
      const ref = obj.en_ref as Record<string, unknown>;
      const refName = optionalString(ref, 'name', ENTRY_LIMITS.name);
      const refSource = optionalString(ref, 'source', ENTRY_LIMITS.source);
      if (refName === null || refSource === null) throw new EntryError('en_ref: needs name and source');
      if (locale === null) throw new EntryError('en_ref: needs lang (the locale of the translation)');
      enRef = { name: refName, source: refSource };
    }

    return {
      ok: true,
      record: {
        name,
        intro,
        description,
        author: nameString(obj, 'author', ENTRY_LIMITS.author),
        tags: stringArray(obj, 'tags', ENTRY_LIMITS.tags, ENTRY_LIMITS.tag),
        repo_url: linkString(obj, 'repo_url', ENTRY_LIMITS.url),
        homepage: linkString(obj, 'homepage', ENTRY_LIMITS.url),
        license: optionalString(obj, 'license', ENTRY_LIMITS.license),
        source: optionalString(obj, 'source', ENTRY_LIMITS.source),
        platforms: stringArray(obj, 'platforms', ENTRY_LIMITS.platforms, ENTRY_LIMITS.platform).map((p) =>
          p.toLowerCase(),
        ),
        figma_plugin_id: figmaId,
        updated_at: updatedAt,
        locale,
        en_ref: enRef,
      },
    };
  } catch (error) {
    if (error instanceof EntryError) return { ok: false, reason: error.message };
    throw error;
  }
}

function normalizeUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
}

/** ASCII slug of a name: diacritics folded, runs of other characters as `-`, at most 48 characters. */
export function asciiSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
}

/**
 * The stable plugin_key of a catalogue entry: `<ascii slug of the name>-<10 hex of SHA-256 of its
 * identity>`, where identity is the first present of the repository URL, the Figma plugin ID, the
 * homepage with the name, or the name with author and platforms (the catalogue's own de-duplication
 * keys). Pure: identical on every run and machine. A name without ASCII letters gets the slug
 * `plugin`.
 */
export function derivePluginKey(
  entry: Pick<CatalogueRecord, 'name' | 'author' | 'repo_url' | 'figma_plugin_id' | 'homepage' | 'platforms'>,
): string {
  let identity: string;
  if (entry.repo_url) identity = `repo:${normalizeUrl(entry.repo_url)}`;
  else if (entry.figma_plugin_id) identity = `figma:${entry.figma_plugin_id}`;
  else if (entry.homepage) identity = `home:${normalizeUrl(entry.homepage)}|${entry.name}`;
  else identity = `name:${entry.name}|${entry.author ?? ''}|${[...entry.platforms].sort().join(',')}`;
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 10);
  return `${asciiSlug(entry.name) || 'plugin'}-${hash}`;
}

/** The translation a record with `en_ref` contributes to the English plugin it references. */
export function recordTranslation(record: CatalogueRecord): PluginTranslation {
  return {
    locale: record.locale ?? 'zh-CN',
    name: record.name,
    intro: record.intro,
    description: record.description,
  };
}
