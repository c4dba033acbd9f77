/**
 * What runs inside the plugin's sandboxed iframe. Its source text (`sandboxRuntime.toString()`)
 * becomes the iframe document's one inline script, so it must be self-contained: no imports, no
 * outer variables; the bridge's name comes in as the argument.
 *
 * A plugin's code file in Plugin Center is its manifest (SPEC §3 "code file (json only)"): it names
 * a main script (`main` for Figma, jsDesign and MasterGo manifests, `code` for Penpot's) and a UI,
 * but those files are not in the catalogue. So this runtime is a stand-in for the plugin's own code:
 * it shows what the manifest declares, checks that the host page is out of its reach, and talks to
 * the host through the bridge (`notify`, `close`). Every value from the manifest is written with
 * `textContent`, never as markup.
 */

/** Runs in the sandbox: waits for `init` from the parent, renders the manifest, wires the buttons. */
export function sandboxRuntime(bridge: string): void {
  const send = (message: Record<string, unknown>) => window.parent.postMessage({ bridge, ...message }, '*');
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  const text = (value: unknown): string =>
    Array.isArray(value)
      ? value.map((v) => text(v)).join(', ')
      : typeof value === 'object' && value !== null
        ? JSON.stringify(value)
        : String(value);

  // Isolation: the sandbox has an opaque origin (no allow-same-origin), so the host is unreadable.
  let isolation: string;
  try {
    isolation = `NOT isolated: the host page is readable (${window.parent.document.title})`;
  } catch (error) {
    isolation = `Isolated: reading the host page throws ${(error as Error).name}`;
  }
  byId('isolation').textContent = isolation;

  let started = false;
  window.addEventListener('message', (event) => {
    if (started || event.source !== window.parent) return;
    const data = event.data as {
      bridge?: unknown;
      type?: unknown;
      plugin?: { name?: unknown; version?: unknown };
      manifest?: Record<string, unknown>;
    };
    if (data?.bridge !== bridge || data.type !== 'init' || typeof data.manifest !== 'object' || !data.plugin)
      return;
    started = true;
    const manifest = data.manifest;
    const name = String(data.plugin.name ?? manifest.name ?? 'Plugin');
    byId('name').textContent = name;
    byId('version').textContent = data.plugin.version
      ? `Version ${String(data.plugin.version)}`
      : 'No version';
    const kind =
      'code' in manifest && !('main' in manifest)
        ? 'Penpot'
        : 'editor_type' in manifest
          ? 'MasterGo'
          : 'Figma / jsDesign';
    const rows: [string, unknown][] = [
      ['Manifest', kind],
      ['Name', manifest.name],
      ['Id', manifest.id],
      ['API', manifest.api],
      ['Main script', manifest.main ?? manifest.code],
      ['UI', manifest.ui],
      ['Editors', manifest.editorType ?? manifest.editor_type],
      ['Permissions', manifest.permissions],
      ['Capabilities', manifest.capabilities],
      [
        'Network access',
        (manifest.networkAccess as { allowedDomains?: unknown } | undefined)?.allowedDomains,
      ],
    ];
    const list = byId('manifest');
    for (const [label, value] of rows) {
      if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.textContent = text(value);
      list.append(dt, dd);
    }
    byId('main-script').textContent = String(manifest.main ?? manifest.code ?? '(none)');
    byId('raw').textContent = JSON.stringify(manifest, null, 2);
    byId('notify').addEventListener('click', () => send({ type: 'notify', message: `Hello from ${name}` }));
    byId('close').addEventListener('click', () => send({ type: 'close' }));
    for (const button of document.querySelectorAll('button')) button.disabled = false;
  });
  send({ type: 'ready' });
}
