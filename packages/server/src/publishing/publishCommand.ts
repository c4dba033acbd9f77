/**
 * `plugin-center publish <dir|file>`: publishes a plugin
 * or a new version from a terminal or CI through the same API as the web form (`POST` or `PUT
 * /api/cmt/plugin`, multipart), authenticated by a personal access token — as `vsce publish` /
 * `ovsx publish` do for VS Code extensions.
 *
 * The plugin folder holds `plugin-center.json` (the listing, {@link ListingFile}) and the code file
 * (`manifest.json` unless the listing names another); a file argument is the listing itself, and
 * its paths are relative to its folder. Options: `--server <url>` (or `PLUGIN_CENTER_SERVER`,
 * default http://localhost:3000), `--token <pcpat_…>` (or `PLUGIN_CENTER_TOKEN`), `--plugin-key
 * <key>` (or `plugin_key` in the listing: a new version of that plugin). Without a key, a code
 * file whose manifest `id` the account's plugin already holds is a new version of that plugin (the
 * server decides, as `vsce publish` by an extension's id); otherwise it is a new plugin, and the
 * command prints its key.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Submission } from '@plugin-center/contract';

/** `plugin-center.json`: the listing fields of `PublishFields` and the paths of the files. */
export interface ListingFile {
  plugin_key?: string;
  name: string;
  intro: string;
  /** Markdown; when absent, `description_file` (default `README.md` beside the listing) is read. */
  description?: string;
  description_file?: string;
  tags?: string[];
  /** The design tools (`PLUGIN_PLATFORMS` codes); left out, the server reads them from the manifest. */
  platforms?: string[];
  version: string;
  version_content: string;
  contact?: string;
  technical_support_link?: string;
  copyright_type?: 'author' | 'custom';
  copyright_name?: string;
  reuse_center_cover?: boolean;
  icon?: string;
  cover_center?: string;
  cover_panel?: string;
  video?: string;
  images?: string[];
  /** default `manifest.json` */
  code_file?: string;
}

/**
 * What the command says after a publish without a key: the plugin's key, and how the next publish
 * finds the plugin again — by the manifest's `id` (the server makes a publish of an id the account
 * owns a new version of that plugin), or, for a manifest without one, by the key written into the
 * listing.
 */
async function keyHint(pluginKey: string, manifestPath: string): Promise<string> {
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8').catch(() => 'null')) as {
    id?: unknown;
  } | null;
  const id = manifest?.id;
  return typeof id === 'string' || typeof id === 'number'
    ? `The plugin key is ${pluginKey}; publishing a manifest with id ${id} again submits a new version of it.`
    : `The plugin key is ${pluginKey}; the manifest has no id, so add "plugin_key": "${pluginKey}" to plugin-center.json (or pass --plugin-key) to submit new versions of it.`;
}

/** Where the command writes. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Where the app keeps personal access tokens, named as the app names the page (en-US texts). */
export const TOKENS_PAGE = 'My plugins → Access tokens';

const USAGE =
  'Usage: plugin-center publish <dir|plugin-center.json> [--server <url>] [--token <pcpat_…>] [--plugin-key <key>]';

/**
 * Runs the command with `argv` (after `publish`).
 * @returns the exit code: 0 published (waiting for review), 1 refused by the server or a bad
 *   listing (the message names the field), 2 wrong usage
 */
export async function runPublishCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  output: CommandOutput = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  },
): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{
      options: { server: { type: 'string' }; token: { type: 'string' }; 'plugin-key': { type: 'string' } };
      allowPositionals: true;
    }>
  >;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { server: { type: 'string' }, token: { type: 'string' }, 'plugin-key': { type: 'string' } },
    });
  } catch (error) {
    output.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const target = parsed.positionals[0];
  const token = parsed.values.token ?? env.PLUGIN_CENTER_TOKEN;
  const server = (parsed.values.server ?? env.PLUGIN_CENTER_SERVER ?? 'http://localhost:3000').replace(
    /\/+$/,
    '',
  );
  if (!target || parsed.positionals.length > 1) {
    output.err(USAGE);
    return 2;
  }
  if (!token) {
    output.err(
      `error: no token: pass --token or set PLUGIN_CENTER_TOKEN (create one in the app under ${TOKENS_PAGE})`,
    );
    return 2;
  }
  const path = resolve(target);
  const listingPath =
    existsSync(path) && statSync(path).isDirectory() ? join(path, 'plugin-center.json') : path;
  const folder = dirname(listingPath);
  let listing: ListingFile;
  try {
    listing = JSON.parse(await readFile(listingPath, 'utf8')) as ListingFile;
  } catch (error) {
    output.err(`error: cannot read the listing ${listingPath}: ${(error as Error).message}`);
    return 1;
  }
  const form = new FormData();
  const text = (name: string, value: unknown) => {
    if (value !== undefined && value !== null) form.append(name, String(value));
  };
  const file = async (name: string, relative: string | undefined) => {
    if (!relative) return;
    const bytes = await readFile(resolve(folder, relative));
    form.append(name, new Blob([new Uint8Array(bytes)]), basename(relative));
  };
  try {
    const pluginKey = parsed.values['plugin-key'] ?? listing.plugin_key;
    text('plugin_key', pluginKey);
    for (const key of [
      'name',
      'intro',
      'version',
      'version_content',
      'contact',
      'technical_support_link',
      'copyright_type',
      'copyright_name',
    ] as const)
      text(key, listing[key]);
    let description = listing.description;
    if (description === undefined) {
      const readme = resolve(folder, listing.description_file ?? 'README.md');
      if (existsSync(readme)) description = await readFile(readme, 'utf8');
    }
    text('description', description);
    for (const tag of listing.tags ?? []) text('tags', tag);
    for (const platform of listing.platforms ?? []) text('platforms', platform);
    if (listing.reuse_center_cover !== undefined)
      text('reuse_center_cover', listing.reuse_center_cover ? '1' : '0');
    await file('icon', listing.icon);
    await file('cover_center', listing.cover_center);
    await file('cover_panel', listing.cover_panel);
    await file('video', listing.video);
    for (const image of listing.images ?? []) await file('images', image);
    await file('code_file', listing.code_file ?? 'manifest.json');
    const response = await fetch(`${server}/api/cmt/plugin`, {
      method: pluginKey ? 'PUT' : 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const answer = (await response.json().catch(() => null)) as {
      code: number;
      data: Submission;
      message?: string;
      field?: string;
    } | null;
    if (!response.ok || !answer || answer.code !== 0) {
      const field = answer?.field ? ` [${answer.field}]` : '';
      output.err(`error: ${response.status} ${answer?.message ?? response.statusText}${field}`);
      if (response.status === 401) output.err(`hint: create a new token in the app under ${TOKENS_PAGE}`);
      return 1;
    }
    const s = answer.data;
    output.out(
      `${pluginKey ? 'Submitted' : 'Published'} ${s.name} ${s.version} as ${s.plugin_key}: waiting for review`,
    );
    for (const check of s.checks)
      if (check.status !== 'pass') output.out(`  ${check.status}: ${check.check}: ${check.detail}`);
    if (!pluginKey)
      output.out(await keyHint(s.plugin_key, resolve(folder, listing.code_file ?? 'manifest.json')));
    return 0;
  } catch (error) {
    output.err(`error: ${(error as Error).message}`);
    return 1;
  }
}
