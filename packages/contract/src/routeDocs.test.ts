// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderRouteTable, updateRouteDocs } from './routeDocs';

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
      '| `plugin.publish` | `POST /api/cmt/plugin` | signed in | multipart | envelope | yes |',
    );
    expect(table).toContain(
      '| `plugin.publishRecommendation` | `POST /api/cmt/plugin/recommendation/publish` | administrator | body | envelope | planned (issue 14) |',
    );
    expect(table).toContain('| `user.logout` | `POST /api/uc/user/logout` | refresh token |');
  });
});
