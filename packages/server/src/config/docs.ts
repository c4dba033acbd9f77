/**
 * The environment variables' documentation, rendered from {@link CONFIG_SCHEMA}: the `Environment`
 * section of `plugin-center --help` and the configuration tables of `docs/deployment.md` (between
 * {@link CONFIG_TABLE_START} and {@link CONFIG_TABLE_END}; `pnpm docs:config` rewrites them, and
 * `docs.test.ts` fails when the file differs).
 */
import { configVariables, type VariableSchema } from './schema';
import { CONFIG_GROUPS, type ConfigGroup } from './variables';

/** Marker comment before the generated tables in `docs/deployment.md`. */
export const CONFIG_TABLE_START = '<!-- config-table:start -->';
/** Marker comment after the generated tables. */
export const CONFIG_TABLE_END = '<!-- config-table:end -->';

/** Comment after {@link CONFIG_TABLE_START} saying where the tables come from. */
export const GENERATED_NOTE =
  '<!-- Generated from packages/server/src/config/ by `pnpm docs:config`: edit the schema, not these tables. -->';

/** A default the schema states as a value (`3000`, `true`, `./data`), or undefined. */
function scalarDefault(schema: VariableSchema): string | undefined {
  const value = schema.default;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

function byGroup(): Map<ConfigGroup, [string, VariableSchema][]> {
  const groups = new Map<ConfigGroup, [string, VariableSchema][]>();
  for (const group of Object.keys(CONFIG_GROUPS) as ConfigGroup[]) groups.set(group, []);
  for (const entry of configVariables()) groups.get(entry[1].group)!.push(entry);
  return groups;
}

/**
 * The `Environment` section of `plugin-center --help`: per group its title, then one line per
 * variable, `NAME=<default>` (the default shown when it is a plain value) and the summary. Lines
 * end with `\n`.
 */
export function renderConfigHelp(): string {
  const groups = byGroup();
  const heads = new Map<string, string>();
  for (const [name, schema] of configVariables()) {
    const value = scalarDefault(schema);
    heads.set(name, value === undefined ? name : `${name}=${value}`);
  }
  const width = Math.max(...[...heads.values()].map((head) => head.length)) + 2;
  let out = 'Environment (a bad value stops with a message naming the variable; see docs/deployment.md):\n';
  for (const [group, variables] of groups) {
    out += `  ${CONFIG_GROUPS[group].title}:\n`;
    for (const [name, schema] of variables) out += `    ${heads.get(name)!.padEnd(width)}${schema.summary}\n`;
  }
  return out;
}

/** A Markdown table cell: pipes escaped, no line breaks. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** The docs table's default of a variable: `defaultText`, else the schema's default in code, else `unset`. */
function defaultCell(schema: VariableSchema): string {
  if (schema.defaultText !== undefined) return schema.defaultText;
  if (schema.default === undefined) return 'unset';
  const value = scalarDefault(schema) ?? JSON.stringify(schema.default);
  return `\`${value}\``;
}

/**
 * The configuration tables of `docs/deployment.md` (Markdown): per group its intro line and a
 * `variable | default | meaning` table. Ends with `\n`.
 */
export function renderConfigTable(): string {
  const parts: string[] = [];
  for (const [group, variables] of byGroup()) {
    const rows = variables.map(
      ([name, schema]) => `| \`${name}\` | ${cell(defaultCell(schema))} | ${cell(schema.description)} |`,
    );
    parts.push(
      [
        CONFIG_GROUPS[group].intro,
        '',
        '| variable | default | meaning |',
        '| --- | --- | --- |',
        ...rows,
      ].join('\n'),
    );
  }
  return `${parts.join('\n\n')}\n`;
}

/**
 * `markdown` with the text between {@link CONFIG_TABLE_START} and {@link CONFIG_TABLE_END}
 * replaced by {@link GENERATED_NOTE} and {@link renderConfigTable} (blank lines around them).
 *
 * @throws Error when either marker is missing or they are out of order.
 */
export function replaceConfigTable(markdown: string): string {
  const start = markdown.indexOf(CONFIG_TABLE_START);
  const end = markdown.indexOf(CONFIG_TABLE_END);
  if (start < 0 || end < start) {
    throw new Error(`expected ${CONFIG_TABLE_START} … ${CONFIG_TABLE_END} in the document`);
  }
  const head = markdown.slice(0, start + CONFIG_TABLE_START.length);
  return `${head}\n${GENERATED_NOTE}\n\n${renderConfigTable()}\n${markdown.slice(end)}`;
}
