/**
 * Kysely table types of the search index (migration 0012) and the catalogue counters
 * (conventions as in `schema.ts`).
 */
import type { Generated } from 'kysely';

/** `search_term` (migration 0012): a distinct term of the approved catalogue. */
export interface SearchTermTable {
  id: Generated<number>;
  term: string;
  /** Approved plugins holding the term. */
  df: number;
  /** Its best postings packed (migration 0025, `search/data.ts`); null when not built or stale. */
  top: Buffer | null;
  /** Bumped with every change to the term's postings (a top list is stored only for the generation it was read at). */
  top_gen: Generated<number>;
}

/** `search_word`: a Latin word as written, under itself and each single-character deletion (the typo index). */
export interface SearchWordTable {
  variant: string;
  word: string;
  /** The term the word stems to. */
  term_id: number;
}

/** `search_posting`: a term of an approved plugin with its stored BM25F score (× 100). */
export interface SearchPostingTable {
  term_id: number;
  plugin_id: number;
  score: number;
}

/** Counters (migration 0002, 0012): `approved_plugins` (kept exact by triggers), `search_index_version`. */
export interface CatalogueStatTable {
  name: string;
  value: number;
}
