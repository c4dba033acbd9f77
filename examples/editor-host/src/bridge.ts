/**
 * The message bridge between the editor host and a plugin in its sandboxed iframe. Every
 * message is a plain object with `bridge: BRIDGE_VERSION` and a `type`:
 *
 * | from → to | `type` | fields | meaning |
 * | --- | --- | --- | --- |
 * | plugin → host | `ready` | — | the sandbox's runtime started; the host answers `init` once |
 * | host → plugin | `init` | `plugin: { plugin_key, name, version }`, `manifest` (the code file) | what to run |
 * | plugin → host | `notify` | `message`: text, 1 to {@link NOTIFY_MAX} characters | show a notification |
 * | plugin → host | `close` | — | the plugin is done: the host removes the iframe |
 *
 * The host accepts a message only when its `source` is the plugin's iframe window and its origin is
 * `null` (the sandbox's opaque origin), and only in these shapes; anything else is ignored.
 */

/** The `bridge` field of every message (the protocol's name and version). */
export const BRIDGE_VERSION = 'plugin-center-editor/1';
/** Longest `notify` message, characters. */
export const NOTIFY_MAX = 200;

/** A message a plugin may send to the host. */
export type PluginMessage =
  | { bridge: typeof BRIDGE_VERSION; type: 'ready' }
  | { bridge: typeof BRIDGE_VERSION; type: 'notify'; message: string }
  | { bridge: typeof BRIDGE_VERSION; type: 'close' };

/** The message the host sends to the plugin. */
export interface InitMessage {
  bridge: typeof BRIDGE_VERSION;
  type: 'init';
  plugin: { plugin_key: string; name: string; version: string | null };
  manifest: Record<string, unknown>;
}

/** `data` as a {@link PluginMessage} when it has exactly one of the accepted shapes, else null. */
export function parsePluginMessage(data: unknown): PluginMessage | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const m = data as Record<string, unknown>;
  if (m.bridge !== BRIDGE_VERSION) return null;
  const keys = Object.keys(m).sort().join(',');
  if ((m.type === 'ready' || m.type === 'close') && keys === 'bridge,type') {
    return { bridge: BRIDGE_VERSION, type: m.type };
  }
  if (
    m.type === 'notify' &&
    keys === 'bridge,message,type' &&
    typeof m.message === 'string' &&
    m.message.trim().length > 0 &&
    m.message.length <= NOTIFY_MAX
  ) {
    return { bridge: BRIDGE_VERSION, type: 'notify', message: m.message };
  }
  return null;
}
