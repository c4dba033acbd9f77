/**
 * A catalogue scaled from the real one (`packages/server/catalogue/plugins.json`) to any size, for
 * benchmarks: every entry is a real entry's texts, tags, authors and platforms; copies get a
 * numbered name and repository so that each has its own plugin_key. Deterministic for a given size.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '@plugin-center/server';

/** One entry of plugins.json: the fields scaling touches are named, the rest are carried over as they are. */
export interface CatalogueEntry {
  name: string;
  repo_url: string | null;
  [field: string]: unknown;
}

const catalogueFile = (name: string) =>
  fileURLToPath(new URL(`../packages/server/catalogue/${name}`, import.meta.url));

/**
 * The real catalogue entries: the 1,448 of plugins.json, then the Chinese entries of zh.json that
 * are plugins of their own (not translations of an English entry, not copies of a plugins.json
 * entry), so the scaled catalogue has Chinese text in the same proportion as the real one.
 */
export function readCatalogue(): CatalogueEntry[] {
  const plugins = JSON.parse(readFileSync(catalogueFile('plugins.json'), 'utf8')) as CatalogueEntry[];
  const names = new Set(plugins.map((p) => p.name));
  const zh = (JSON.parse(readFileSync(catalogueFile('zh.json'), 'utf8')) as CatalogueEntry[]).filter(
    (z) => !z.en_ref && !names.has(z.name),
  );
  return [...plugins, ...zh];
}

/**
 * `size` entries: the real catalogue first, then copies (round-robin over the real entries) named
 * "<name> #<n>", with a distinct repository URL and an update date spread over 2015–2026.
 */
export function scaleCatalogue(size: number, seed = 42): CatalogueEntry[] {
  return [...scaledEntries(size, seed)];
}

/**
 * The entries of {@link scaleCatalogue}, one at a time, so a catalogue too large for one JSON string
 * (1,000,000 entries are about 720 MB of JSON, over V8's 512 MB string limit) can be written in chunks.
 */
export function* scaledEntries(size: number, seed = 42): Generator<CatalogueEntry> {
  const real = readCatalogue();
  const random = seededRandom(seed);
  const start = Date.UTC(2015, 0, 1);
  const span = Date.UTC(2026, 9, 1) - start;
  for (let i = 0; i < size; i++) {
    const base = real[i % real.length]!;
    if (i < real.length) {
      yield base;
      continue;
    }
    const n = Math.floor(i / real.length);
    const updated = new Date(start + Math.floor(random() * span));
    yield {
      ...base,
      name: `${base.name} #${n}`,
      repo_url: `https://github.com/bench-copies/${i}`,
      homepage: null,
      figma_plugin_id: null,
      updated_at: random() < 0.55 ? `${updated.toISOString().slice(0, 19).replace('T', ' ')} UTC` : null,
      other_texts: undefined,
      also_in: [],
    };
  }
}
