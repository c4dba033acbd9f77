import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_TABLE_END, CONFIG_TABLE_START, renderConfigHelp, replaceConfigTable } from './docs';
import { configVariables } from './schema';
import { CONFIG_GROUPS } from './variables';

const root = join(import.meta.dirname, '..', '..', '..', '..');

/** Folders of the server's source that the running server never loads. */
const NOT_SERVED = ['testing', 'relevance'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // Tests, their helpers (testing/) and the relevance set's report (search/relevance/) read
    // variables of the test runner and of `pnpm bench:relevance`, not the server's configuration.
    if (entry.isDirectory()) return NOT_SERVED.includes(entry.name) ? [] : sourceFiles(path);
    const test = entry.name.endsWith('.test.ts');
    return entry.name.endsWith('.ts') && !test ? [path] : [];
  });
}

describe('the configuration schema', () => {
  it('describes every variable: group, one-line summary, description', () => {
    const variables = configVariables();
    // 43 of the server (METRICS_TOKEN among them), database, uploads, identity (JWT_SECRET_PREVIOUS,
    // REFRESH_REUSE_LEEWAY among them) and analytics (ANALYTICS_PROJECT, ANALYTICS_RETENTION_DAYS among them), 2 of curation (CONTACT_QR_CODES,
    // ACTIVITIES), SECRETS_KEY, and 7 of the site variant (SITE_VARIANT, PRIVATE_DEPLOYMENT_TYPE,
    // SITE_LOCALES, WORKBENCH_URL, SITE_SIGN_IN_URL, COOKIE_CONSENT, SITE_PRODUCT), 3 of the header's links
    // (SITE_HOST_ORIGIN, SITE_HEADER_MENUS, SITE_HEADER_MENU_FILE), 3 of the publishing limits
    // (PUBLISH_RATE_LIMIT, PUBLISH_PENDING_MAX, PUBLISH_STORAGE_QUOTA_MB), PG_PREPARED_STATEMENTS,
    // PG_PARALLEL_WORKERS, WEB_CONCURRENCY, 2 of the Redis several processes share (REDIS_URL, REDIS_KEY_PREFIX)
    // and 2 of the read replica (DATABASE_REPLICA_URL, DATABASE_REPLICA_LAG_MS).
    // LDAP sign-in: 10 (LDAP_URL … LDAP_TIMEOUT_MS).
    // SAML 2.0 sign-in: 14 (SAML_IDP_METADATA … SAML_CLOCK_SKEW_MS).
    // OpenID Connect: 8 (OIDC_ISSUER … OIDC_ALLOW_HTTP).
    // Custom SSO: 10 (CUSTOM_SSO_LOGIN_URL … CUSTOM_SSO_ALLOW_HTTP).
    // Notification e-mail: 3 (SMTP_URL, MAIL_FROM, PUBLIC_URL). Mirroring: 7 (UPSTREAM_URL … MIRROR_FEED_TOKEN).
    // Webhooks: 1 (WEBHOOK_RETENTION_DAYS).
    expect(variables.length).toBe(66 + 10 + 14 + 8 + 10 + 3 + 7 + 1);
    for (const [name, schema] of variables) {
      expect(name).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(Object.keys(CONFIG_GROUPS)).toContain(schema.group);
      expect(schema.summary, name).toMatch(/^[^\n]{1,66}$/);
      expect(schema.description.length, name).toBeGreaterThan(0);
    }
  });

  it('lists every environment variable the server source reads', () => {
    const names = new Set(configVariables().map(([name]) => name));
    const read = new Set<string>();
    for (const file of sourceFiles(join(root, 'packages', 'server', 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) {
        read.add(match[1]!);
      }
    }
    expect(read.size).toBeGreaterThan(0);
    for (const name of read) expect(names, name).toContain(name);
  });
});

describe('--help', () => {
  it('lists every variable with its plain default and summary, in lines of at most 100 characters', () => {
    const help = renderConfigHelp();
    for (const [name, schema] of configVariables()) {
      const head =
        typeof schema.default === 'object' || schema.default === undefined
          ? name
          : `${name}=${schema.default}`;
      expect(help).toMatch(
        new RegExp(
          `^ {4}${head.replace(/[()?.*+|[\]\\{}]/g, '\\$&')} +${schema.summary.replace(/[()?.*+|[\]\\{}]/g, '\\$&')}$`,
          'm',
        ),
      );
    }
    for (const group of Object.values(CONFIG_GROUPS)) expect(help).toContain(`  ${group.title}:\n`);
    for (const line of help.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
    expect(help).toContain('    PORT=3000 ');
    expect(help).toContain('    REFRESH_TOKEN_TTL=2592000 ');
  });
});

describe('docs/deployment.md', () => {
  it('has the configuration tables generated from the schema (pnpm docs:config)', () => {
    const doc = readFileSync(join(root, 'docs', 'deployment.md'), 'utf8');
    expect(doc).toContain(CONFIG_TABLE_START);
    expect(doc).toContain(CONFIG_TABLE_END);
    expect(replaceConfigTable(doc)).toBe(doc);
    for (const [name] of configVariables()) expect(doc).toContain(`| \`${name}\` |`);
  });

  it('replaces only what lies between the markers, and refuses a document without them', () => {
    const doc = `# Title\n\n${CONFIG_TABLE_START}\nstale\n${CONFIG_TABLE_END}\n\nAfter.\n`;
    const out = replaceConfigTable(doc);
    expect(out.startsWith(`# Title\n\n${CONFIG_TABLE_START}\n`)).toBe(true);
    expect(out.endsWith(`${CONFIG_TABLE_END}\n\nAfter.\n`)).toBe(true);
    expect(out).not.toContain('stale');
    expect(out).toContain('| `PORT` | `3000` |');
    expect(replaceConfigTable(out)).toBe(out);
    expect(() => replaceConfigTable('# no markers\n')).toThrowError(/config-table:start/);
  });
});
