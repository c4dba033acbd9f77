/**
 * The host side of running a plugin: an `<iframe sandbox="allow-scripts">` — scripts
 * run, but with an opaque origin (no `allow-same-origin`: no access to this page, its storage, its
 * cookies or its login record), no forms, popups, top navigation or downloads — whose document
 * (`srcdoc`) carries its own strict Content-Security-Policy:
 *
 * `default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:;
 * form-action 'none'; base-uri 'none'`
 *
 * so it loads nothing and connects nowhere (no `fetch`, no images from the network, no other
 * scripts); the only inline script is the fixed runtime of `sandboxRuntime.ts`, and every value of
 * the manifest reaches the page as text. The one way out is the message bridge of `bridge.ts`.
 *
 * Note for a host page with a CSP of its own: a `srcdoc` document inherits its embedder's policy
 * too, so that policy must allow the runtime's inline script (by its hash, `'sha256-…'`).
 */
import type { EditorPlugin } from '@plugin-center/contract';
import { BRIDGE_VERSION, type InitMessage, parsePluginMessage } from './bridge';
import { sandboxRuntime } from './sandboxRuntime';

/** The Content-Security-Policy of the sandbox's document. */
export const SANDBOX_CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'";

/** The sandbox's whole document: the policy, a little style, the markup the runtime fills, the runtime. */
export function sandboxDocument(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${SANDBOX_CSP}">
<title>Plugin</title>
<style>
body { font: 14px/1.5 system-ui, sans-serif; margin: 0; padding: 12px 16px; color: #1d1d1f; }
h1 { font-size: 18px; margin: 0; }
.muted { color: #6e6e73; margin: 0 0 8px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; }
dt { color: #6e6e73; }
dd { margin: 0; word-break: break-word; }
.note { background: #f5f5f7; border-radius: 6px; padding: 8px; }
pre { background: #f5f5f7; padding: 8px; overflow: auto; max-height: 160px; }
button { margin-right: 8px; }
</style>
</head>
<body>
<h1 id="name">Loading…</h1>
<p class="muted" id="version"></p>
<dl id="manifest"></dl>
<p class="note">Plugin Center stores this plugin's manifest, not its code: the main script
<code id="main-script"></code> is not in the catalogue, so this stand-in runs in its place. It shows
the manifest and talks to the editor through the bridge.</p>
<p id="isolation"></p>
<p><button type="button" id="notify" disabled>Send a notification</button><button type="button" id="close" disabled>Close plugin</button></p>
<details><summary>manifest.json</summary><pre id="raw"></pre></details>
<script>(${sandboxRuntime.toString()})(${JSON.stringify(BRIDGE_VERSION)});</script>
</body>
</html>`;
}

/** What the host does with the plugin's requests. */
export interface SandboxHandlers {
  /** A `notify` message: show `message` (at most 200 characters, plain text). */
  notify(message: string): void;
  /** A `close` message: the plugin is done (call the returned `dispose`). */
  close(): void;
}

/** A running plugin. */
export interface RunningPlugin {
  iframe: HTMLIFrameElement;
  /** Removes the iframe and stops listening to it. */
  dispose(): void;
}

/**
 * Runs `plugin` (its `manifest`, fetched from `code_file_url`) in a new sandboxed iframe appended to
 * `container`, and bridges its messages to `handlers`: only messages whose `source` is this iframe's
 * window, whose origin is `null` (the sandbox) and whose shape `parsePluginMessage` accepts. `init`
 * is sent once, in answer to the first `ready`.
 */
export function runInSandbox(
  container: HTMLElement,
  plugin: EditorPlugin,
  manifest: Record<string, unknown>,
  handlers: SandboxHandlers,
): RunningPlugin {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.setAttribute('referrerpolicy', 'no-referrer');
  iframe.title = `Plugin: ${plugin.name}`;
  iframe.className = 'plugin-frame';
  iframe.srcdoc = sandboxDocument();
  let initialised = false;

  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow || event.origin !== 'null') return;
    const message = parsePluginMessage(event.data);
    if (!message) return;
    if (message.type === 'ready') {
      if (initialised) return;
      initialised = true;
      const init: InitMessage = {
        bridge: BRIDGE_VERSION,
        type: 'init',
        plugin: { plugin_key: plugin.plugin_key, name: plugin.name, version: plugin.version },
        manifest,
      };
      // The sandbox's origin is opaque ("null"), so no target origin can name it: '*' with the
      // window itself as the address. The manifest is no secret (any user with the plugin reads it).
      iframe.contentWindow?.postMessage(init, '*');
    } else if (message.type === 'notify') {
      handlers.notify(message.message);
    } else {
      handlers.close();
    }
  };
  window.addEventListener('message', onMessage);
  container.append(iframe);
  return {
    iframe,
    dispose() {
      window.removeEventListener('message', onMessage);
      iframe.remove();
    },
  };
}
