/**
 * Editor host: a plain page standing for the design tool ("the editor's side").
 * - Signs the user in with `@plugin-center/sso` (Plugin Center's login page, back with `?code=`).
 * - Lists the user's plugins — installed ones and the default-install plugins — from
 *   `GET /api/cmt/plugin/user/editor`, polled with a conditional GET (`pluginList.ts`): every
 *   {@link POLL_MS} ms while the page is visible, and on "Check for updates".
 * - "Run" fetches a plugin's code file (its manifest), checks the version's signature and the
 *   SHA-256 of its files (`verify.ts`; a version that does not match is refused, with the reason),
 *   and runs it in a sandboxed iframe behind the message bridge (`sandbox.ts`, `bridge.ts`); the
 *   plugin's `notify` messages appear under it and `close` removes it.
 */
import type { EditorPlugin } from '@plugin-center/contract';
import { readSiteConfig } from '@plugin-center/example-shared/config';
import { mountSession } from '@plugin-center/example-shared/session';
import { createSsoClient, SsoError } from '@plugin-center/sso';
import {
  createPluginList,
  fetchCodeFile,
  type PluginList,
  PluginListError,
  parseManifest,
} from './pluginList';
import { type RunningPlugin, runInSandbox } from './sandbox';
import { createVersionVerifier, VerificationError } from './verify';

/** How often the list is checked while the page is visible, ms (`data-poll-ms` on `<body>` overrides). */
const POLL_MS = Number(document.body.dataset.pollMs) || 30_000;

const config = readSiteConfig(document);
const sso = createSsoClient({
  redirectUrl: config.redirectUrl,
  loginPageUrl: config.loginPageUrl,
  loginQuery: { from: 'web', channel: 'editor', product: 'editor-host', ux_mode: 'redirect' },
});
const session = mountSession(document.getElementById('session')!, sso);

const listEl = document.getElementById('plugins') as HTMLUListElement;
const statusEl = document.getElementById('plugins-status') as HTMLParagraphElement;
const refreshButton = document.getElementById('refresh') as HTMLButtonElement;
const pluginsSection = document.getElementById('plugins-section') as HTMLElement;
const runner = document.getElementById('runner') as HTMLElement;
const runnerTitle = document.getElementById('runner-title') as HTMLElement;
const runnerCheck = document.getElementById('runner-check') as HTMLParagraphElement;
const frameBox = document.getElementById('frame-box') as HTMLElement;
const notifications = document.getElementById('notifications') as HTMLUListElement;

let list: PluginList | null = null;
let running: RunningPlugin | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
const verifyVersion = createVersionVerifier();

/** One `<li>` of the list: icon, name, version, where it comes from, and "Run". */
function pluginItem(plugin: EditorPlugin): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'plugin';
  li.dataset.pluginKey = plugin.plugin_key;
  li.dataset.source = plugin.source;
  if (plugin.icon && (plugin.icon.startsWith('/') || plugin.icon.startsWith('https://'))) {
    const img = document.createElement('img');
    img.src = plugin.icon;
    img.alt = '';
    img.width = 32;
    img.height = 32;
    li.append(img);
  }
  const name = document.createElement('span');
  name.className = 'plugin-name';
  name.textContent = plugin.name;
  const version = document.createElement('span');
  version.className = 'plugin-version';
  version.textContent = plugin.version ? `v${plugin.version}` : 'no version';
  const source = document.createElement('span');
  source.className = `badge badge-${plugin.source}`;
  source.textContent = plugin.source === 'default' ? 'Default' : 'Installed';
  const run = document.createElement('button');
  run.type = 'button';
  run.textContent = 'Run';
  run.setAttribute('aria-label', `Run ${plugin.name}`);
  if (plugin.code_file_url) {
    run.addEventListener('click', () => void runPlugin(plugin));
  } else {
    run.disabled = true;
    run.title = 'This plugin has no code file';
  }
  li.append(name, version, source, run);
  return li;
}

/** Re-renders the list. */
function renderList(plugins: readonly EditorPlugin[]): void {
  listEl.replaceChildren(...plugins.map(pluginItem));
  if (plugins.length === 0) {
    const empty = document.createElement('li');
    empty.className = 'empty';
    empty.textContent = 'No plugins yet: install some on the plugin square.';
    listEl.append(empty);
  }
}

/** One conditional GET of the list; the status line says what came back. */
async function refresh(): Promise<void> {
  if (!list) return;
  const mine = list;
  try {
    const result = await mine.refresh();
    if (mine !== list) return; // signed out meanwhile
    if (result.status === 200) renderList(result.plugins);
    const count = result.plugins.length;
    statusEl.dataset.lastStatus = String(result.status);
    statusEl.textContent = `${count} plugin${count === 1 ? '' : 's'} · checked ${new Date().toLocaleTimeString()} (${
      result.status === 304 ? 'unchanged' : 'updated'
    })`;
  } catch (error) {
    statusEl.dataset.lastStatus = 'error';
    statusEl.textContent =
      error instanceof PluginListError && error.status === 401
        ? 'Your session has ended: please sign in again.'
        : 'Your plugins could not be loaded; try again later.';
  }
}

/** Shows the outcome of the signature check under the runner's title. */
function showCheck(state: 'verified' | 'refused', text: string): void {
  runnerCheck.hidden = false;
  runnerCheck.dataset.state = state;
  runnerCheck.setAttribute('role', state === 'refused' ? 'alert' : 'status');
  runnerCheck.textContent = text;
}

/**
 * Fetches the plugin's code file, checks the version's signature and files, and runs the manifest
 * in a new sandbox (one plugin at a time). A version that fails the check is not run.
 */
async function runPlugin(plugin: EditorPlugin): Promise<void> {
  closePlugin();
  runner.hidden = false;
  runnerCheck.hidden = true;
  runnerTitle.textContent = `Checking ${plugin.name}`;
  try {
    const bytes = await fetchCodeFile(plugin.code_file_url!, await sso.getValidAccessToken());
    const verified = await verifyVersion(plugin, bytes);
    const manifest = parseManifest(bytes);
    showCheck(
      'verified',
      `Verified: version ${plugin.version} is signed by Plugin Center (key ${verified.kid}) and its ${verified.files} files match.`,
    );
    runnerTitle.textContent = `Running ${plugin.name}`;
    running = runInSandbox(frameBox, plugin, manifest, {
      notify: (message) => {
        const li = document.createElement('li');
        li.textContent = `${plugin.name}: ${message}`;
        notifications.append(li);
      },
      close: () => {
        closePlugin();
        runnerTitle.textContent = `${plugin.name} closed`;
      },
    });
  } catch (error) {
    if (error instanceof VerificationError) {
      runnerTitle.textContent = `${plugin.name} was not loaded`;
      showCheck(
        'refused',
        `Refused to load ${plugin.name} ${plugin.version ?? ''}: ${error.message}. It may have been tampered with; it was not run.`,
      );
      return;
    }
    runnerTitle.textContent = `${plugin.name} could not be loaded`;
  }
}

/** Removes the running plugin, if any. */
function closePlugin(): void {
  running?.dispose();
  running = null;
}

/** Starts or stops the list with the session. */
function onSession(): void {
  const signedIn = sso.getSnapshot().status === 'signed-in';
  pluginsSection.hidden = !signedIn;
  if (signedIn && !list) {
    list = createPluginList(() => sso.getValidAccessToken());
    void refresh();
    timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, POLL_MS);
  } else if (!signedIn && list) {
    list = null;
    clearInterval(timer);
    closePlugin();
    runner.hidden = true;
    listEl.replaceChildren();
    notifications.replaceChildren();
    statusEl.textContent = '';
  }
}

refreshButton.addEventListener('click', () => void refresh());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void refresh();
});
sso.subscribe(onSession);
onSession();
sso.init().catch((error: unknown) => {
  session.fail(
    error instanceof SsoError && error.code === 'CODE_ERR'
      ? 'Signing in did not complete (the login code was refused or expired). Please sign in again.'
      : 'Plugin Center could not be reached; try again later.',
  );
});
