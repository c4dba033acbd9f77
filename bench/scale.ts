/**
 * A catalogue scaled from the real one (`packages/server/catalogue/plugins.json`) to any size, for
 * benchmarks: every entry is a real entry's texts, tags, authors and platforms; copies get a
 * numbered name and repository so that each has its own plugin_key. Deterministic for a given size.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shape of one entry of plugins.json (the fields the importer reads). */
export interface CatalogueEntry {
  name: string;
  intro: string;
  description: string;
  author: string | null;
  tags: string[];
  repo_url: string | null;
  license: string | null;
  source: string;
  platforms: string[];
  kind: string;
  homepage: string | null;
  figma_plugin_id: string | null;
  updated_at: string | null;
  created_at: string | null;
  [extra: string]: unknown;
}

const cataloguePath = fileURLToPath(new URL('../packages/server/catalogue/plugins.json', import.meta.url));

/** The real catalogue entries (1,448). */
export function readCatalogue(): CatalogueEntry[] {
  return JSON.parse(readFileSync(cataloguePath, 'utf8')) as CatalogueEntry[];
}

/** Mulberry32: a small seeded PRNG so scaled catalogues are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `size` entries: the real catalogue first, then copies (round-robin over the real entries) named
 * "<name> #<n>", with a distinct repository URL and an update date spread over 2015–2026.
 */
export function scaleCatalogue(size: number, seed = 42): CatalogueEntry[] {
  const real = readCatalogue();
  const random = seededRandom(seed);
  const out: CatalogueEntry[] = [];
  const start = Date.UTC(2015, 0, 1);
  const span = Date.UTC(2026, 9, 1) - start;
  for (let i = 0; i < size; i++) {
    const base = real[i % real.length]!;
    if (i < real.length) {
      out.push(base);
      continue;
    }
    const n = Math.floor(i / real.length);
    const updated = new Date(start + Math.floor(random() * span));
    out.push({
      ...base,
      name: `${base.name} #${n}`,
      repo_url: `https://github.com/bench-copies/${i}`,
      homepage: null,
      figma_plugin_id: null,
      updated_at: random() < 0.55 ? `${updated.toISOString().slice(0, 19).replace('T', ' ')} UTC` : null,
      other_texts: undefined,
      also_in: [],
    });
  }
  return out;
}
