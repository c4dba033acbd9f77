// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderRouteTable, updateRouteDocs } from './routeDocs';
import { ROUTES } from './routes';
import type { RouteDefinition } from './routes/definition';

const API_DOC = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));

describe('docs/api.md route table', () => {
  it('is the one generated from the contract (run `pnpm docs:routes` after changing the table)', () => {
    const doc = readFileSync(API_DOC, 'utf8');
    expect(updateRouteDocs(doc)).toBe(doc);
  });

  it('lists every route with its access and marks the planned ones', () => {
    const table = renderRouteTable();
    expect(table).toContain(
      '| `plugin.list` | `GET /api/cmt/plugin/list` | anyone | query | envelope | yes |',
    );
    expect(table).toContain(
      '| `plugin.publish` | `POST /api/cmt/plugin` | signed in (or personal token) | multipart | envelope | yes |',
    );
    // Curation gave this route its handler; planned rows are checked from the table below.
    expect(table).toContain(
      '| `backoffice.publishRecommendation` | `POST /api/cmt/plugin/recommendation/publish` | administrator | body | envelope | yes |',
    );
    const lines = table.split('\n');
    for (const [group, routes] of Object.entries(ROUTES)) {
      for (const [name, route] of Object.entries(routes) as [string, RouteDefinition][]) {
        const row = lines.find((line) => line.startsWith(`| \`${group}.${name}\` |`));
        expect(row, `${group}.${name}`).toMatch(
          route.planned ? `| planned (${route.planned}) |` : /\| yes \|$/,
        );
      }
    }
    expect(table).toContain('| `user.logout` | `POST /api/uc/user/logout` | refresh token |');
  });
});
