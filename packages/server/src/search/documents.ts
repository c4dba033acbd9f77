import { tokenDocument } from './tokenize';

/** The searchable texts of one plugin (SPEC: name, intro, description, tags, developer, translations). */
export interface SearchableTexts {
  name: string;
  intro: string;
  description: string;
  developer: string | null;
  tags: ReadonlyArray<{ code: string; name: string }>;
  translations: ReadonlyArray<{ name: string; intro: string; description: string }>;
}

/** The two stored token documents of a plugin (columns `search_name` and `search_all`). */
export interface SearchDocuments {
  /** Tokens of the name and translated names: the "name matches all terms" ranking group. */
  search_name: string;
  /** Tokens of every searchable text. */
  search_all: string;
}

/** Builds a plugin's token documents with the shared tokenizer (same bytes on both dialects). */
export function buildSearchDocuments(texts: SearchableTexts): SearchDocuments {
  const names = [texts.name, ...texts.translations.map((t) => t.name)];
  return {
    search_name: tokenDocument(names),
    search_all: tokenDocument([
      ...names,
      texts.intro,
      texts.description,
      texts.developer,
      ...texts.tags.flatMap((t) => [t.code, t.name]),
      ...texts.translations.flatMap((t) => [t.intro, t.description]),
    ]),
  };
}
