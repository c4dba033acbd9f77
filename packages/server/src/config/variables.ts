/**
 * What the configuration schema says about a variable besides JSON Schema ({@link VariableKeywords})
 * and the groups that order `--help` and the docs tables ({@link CONFIG_GROUPS}). Each area module
 * (`server.ts`, `site.ts`, `database.ts`, `storage.ts`, `publishing.ts`, `identity.ts`,
 * `analytics.ts`, `curation.ts`) describes its variables with them; `schema.ts` joins the areas into one schema.
 */

/**
 * Sections of `--help` and of the docs table, in order: `title` for `--help`, `intro` (Markdown)
 * above the group's table in `docs/deployment.md`.
 */
export const CONFIG_GROUPS = {
  server: { title: 'Server', intro: 'Server:' },
  database: { title: 'Database', intro: 'Database (see [PostgreSQL](#postgresql)):' },
  uploads: {
    title: 'Uploaded files',
    intro: 'Uploaded files (see [Uploaded files](#uploaded-files)):',
  },
  publishing: {
    title: 'Publishing limits',
    intro: 'Per-account publishing limits (see [Limits per account](publishing.md#limits-per-account)):',
  },
  identity: {
    title: 'Accounts and sign-in',
    intro: 'Accounts and sign-in (see the User API in [api.md](api.md)):',
  },
  analytics: {
    title: 'Analytics collector',
    intro: 'Analytics collector (`/sa`, see [Collector](api.md#collector-sa)):',
  },
  site: {
    title: 'Site variant',
    intro:
      'The site variant, its languages, workbench link and cookie consent (see [Site variants](#site-variants)):',
  },
  mail: {
    title: 'Notification e-mail',
    intro: "E-mail of the authors' notifications (see [Notifications](api.md#notifications)):",
  },
  mirror: {
    title: 'Mirroring',
    intro: 'Mirroring an upstream Plugin Center (see [mirroring.md](mirroring.md)):',
  },
  webhooks: {
    title: 'Webhooks',
    intro: 'Webhooks (see [webhooks.md](webhooks.md)):',
  },
  curation: {
    title: 'Contact codes and activities',
    intro: 'Contact QR codes and activities (see [api.md](api.md#banners-contact-qr-codes-and-activities)):',
  },
} as const;

/** A key of {@link CONFIG_GROUPS}. */
export type ConfigGroup = keyof typeof CONFIG_GROUPS;

/**
 * What each variable's schema carries besides JSON Schema. How a value is read
 * (`readEnvironment`): an absent or empty variable (`VAR=`) is unset, so the schema's `default`
 * applies; otherwise `transform` runs, and a text that trimming left empty is unset too unless
 * `blank` is `'invalid'`.
 * The text then becomes a value by `parse`, or by the schema's type (integer: digits only;
 * boolean: `1/true/yes/on` or `0/false/no/off`; string and enum: the text), and must pass the
 * schema; a value that does not throws `ConfigError` with `errorMessage` or a message built
 * from the constraints (`expected an integer between 1 and 600, got "9999"`).
 */
export interface VariableKeywords {
  /** Section in `--help` and the docs. */
  group: ConfigGroup;
  /** One line of plain text for `plugin-center --help` (at most about 65 characters). */
  summary: string;
  /** The docs table's meaning (Markdown); the schema's standard `description` keyword. */
  description: string;
  /** The docs table's default (Markdown) when it is computed or better said in words. */
  defaultText?: string;
  /** As ajv-keywords' `transform`: string methods applied to the text first, in order. */
  transform?: readonly ('trim' | 'toLowerCase')[];
  /** `invalid`: a value of only spaces is checked (and fails) instead of meaning unset. */
  blank?: 'invalid';
  /** As ajv-errors' `errorMessage`: the message when the value does not pass the schema. */
  errorMessage?: string;
  /** Reads a structured value (JSON, comma list) from the text; throws its own `ConfigError`. */
  parse?: (variable: string, text: string) => unknown;
  /** Read by another module, not by `loadConfig` (listed so `--help` and the docs show it). */
  readBy?: string;
}

/** Types {@link VariableKeywords} where they are spread into a TypeBox options object. */
export function about(keywords: VariableKeywords): VariableKeywords {
  return keywords;
}

/** `transform` of a trimmed text. */
export const trim = ['trim'] as const;
/** `transform` of a trimmed, lower-cased text. */
export const trimLower = ['trim', 'toLowerCase'] as const;
