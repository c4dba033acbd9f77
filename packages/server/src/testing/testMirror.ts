/**
 * Test support for the mirroring suites (docs/mirroring.md): a mirror server pointed at an
 * upstream, an upstream seen through a local HTTP server that answers some paths itself (a changed
 * feed, a counted file download) and passes the others on, and a plugin's rows as a server stores
 * them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MirrorConfig } from '../config/mirror';
import { createTestApp, type TestApp } from './testApp';

/**
 * A server mirroring `upstream` (every approved plugin unless `overrides` sets an allowlist; no
 * automatic pulls), added to `started` for the suite to close.
 */
export async function startTestMirror(
  upstream: string,
  started: TestApp[],
  overrides: Partial<MirrorConfig> = {},
): Promise<TestApp> {
  const m = await createTestApp({
    importCatalogueOnEmpty: false,
    mirror: {
      upstream,
      allowKeys: [],
      allowTags: [],
      allowPublishers: [],
      intervalMinutes: 0,
      ...overrides,
    },
  });
  started.push(m);
  return m;
}

/**
 * An HTTP server on a free local port in front of `upstream`: `handle` answers a request's path
 * (JSON unless it is a Buffer with no status), or, answering undefined, the request goes to
 * `upstream` with its headers and its answer comes back. Added to `servers` for the suite to close.
 * @returns its origin, `http://127.0.0.1:<port>`.
 */
export async function proxyUpstream(
  upstream: string,
  servers: Server[],
  handle: (path: string) => Promise<{ status?: number; body: string | Buffer } | undefined>,
): Promise<string> {
  const server = createServer((request, response) => {
    void (async () => {
      const path = request.url ?? '/';
      const answer = await handle(path);
      if (answer) {
        response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
        response.end(answer.body);
        return;
      }
      const real = await fetch(`${upstream}${path}`, {
        headers: { ...(request.headers as Record<string, string>) },
      });
      response.writeHead(real.status, {
        'content-type': real.headers.get('content-type') ?? 'application/octet-stream',
      });
      response.end(Buffer.from(await real.arrayBuffer()));
    })().catch(() => response.destroy());
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The `plugin` rows with `key` on a server (none or one) and the first one's `plugin_version` rows. */
export async function pluginRows(m: TestApp, key: string) {
  const plugins = await m.app.db.kysely
    .selectFrom('plugin')
    .selectAll()
    .where('plugin_key', '=', key)
    .execute();
  const versions = plugins.length
    ? await m.app.db.kysely
        .selectFrom('plugin_version')
        .selectAll()
        .where('plugin_id', '=', plugins[0]!.id)
        .execute()
    : [];
  return { plugins, versions };
}
