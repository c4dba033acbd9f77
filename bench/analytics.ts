import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '@plugin-center/server';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DATA_END,
  DATA_START,
  DAY_MS,
  DAYS,
  preparePostgres,
  prepareSqlite,
} from './analyticsData';
import { startServer, stopServer } from './server';

/** The target of the issue: every dashboard query p95 ≤ 200 ms on PostgreSQL. */
export const TARGET_P95_MS = 200;

/** An access token of the bench administrator (password sign-in, then the code exchange). */
async function adminToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/uc/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, redirect_uri: '/plugins/' }),
  });
  const signIn = (await res.json()) as { data?: { redirect_to: string } };
  if (!signIn.data) throw new Error(`bench admin sign-in failed: ${JSON.stringify(signIn)}`);
  const code = new URL(signIn.data.redirect_to, 'http://x.invalid').searchParams.get('code');
  const ex = await fetch(
    `${base}/api/uc/user/login/code/user?code=${encodeURIComponent(code ?? '')}&redirect_uri=%2Fplugins%2F`,
  );
  const login = (await ex.json()) as { data?: { access_token: string } };
  if (!login.data) throw new Error(`bench admin code exchange failed: ${JSON.stringify(login)}`);
  return login.data.access_token;
}

/** One timed scenario: a name and its distinct request paths. */
interface DashboardScenario {
  name: string;
  paths: string[];
}

/**
 * The scenarios: each route over ranges of 1, 7, 30, 90 and 365 days ending on distinct days of the
 * year, half on whole UTC days and half ending at a time of day (as the default range ending "now"
 * does), a third of them with a `project` filter; the publisher report for the catalogue's
 * developers with the most plugins and for random ones.
 */
function scenarios(requests: number, developers: readonly string[]): DashboardScenario[] {
  const random = seededRandom(7);
  const out: DashboardScenario[] = [];
  for (const days of [1, 7, 30, 90, 365]) {
    const range = () => {
      const endDay = DAYS - Math.floor(random() * Math.min(DAYS - days + 1, 120));
      let to = DATA_START + endDay * DAY_MS;
      if (random() < 0.5) to -= Math.floor(random() * DAY_MS);
      const from = days === 365 && random() < 0.5 ? to - 366 * DAY_MS + 1 : to - days * DAY_MS;
      const project =
        random() < 0.33 ? `&project=${random() < 0.7 ? 'production' : 'oversea_production'}` : '';
      return `from=${Math.max(0, from)}&to=${to}${project}`;
    };
    out.push({
      name: `overview, ${days} d`,
      paths: Array.from({ length: requests }, () => `/api/cmt/manager/analytics/overview?${range()}`),
    });
    out.push({
      name: `publisher, ${days} d`,
      paths: Array.from({ length: requests }, (_, i) => {
        const dev = developers[i % 3 === 0 ? i % 10 : Math.floor(random() * developers.length)]!;
        return `/api/cmt/plugin/analytics?${range()}&developer=${encodeURIComponent(dev)}`;
      }),
    });
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Runs `paths` on `connections` workers (each request once); latencies in ms. */
async function timePaths(
  base: string,
  token: string,
  paths: string[],
  connections: number,
): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return latencies.sort((a, b) => a - b);
}

/** Figures of one scenario. */
export interface DashboardResult {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
}

/** Starts the server on a prepared data set (read cache off) and times every scenario. */
async function timeDashboards(
  dialect: string,
  env: NodeJS.ProcessEnv,
  requests: number,
  connections: number,
): Promise<DashboardResult[]> {
  const { port, child } = await startServer({
    ...env,
    READ_CACHE: 'false',
    IMPORT_CATALOGUE_ON_EMPTY: 'false',
    RATE_LIMIT_SIGNIN: '0',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await adminToken(base);
    const devRes = await fetch(
      `${base}/api/cmt/manager/analytics/overview?from=${DATA_END - DAY_MS}&to=${DATA_END}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    if (devRes.status !== 200) throw new Error(`overview: HTTP ${devRes.status}`);
    const developers = await developersOf(env);
    const results: DashboardResult[] = [];
    for (const s of scenarios(requests, developers)) {
      await timePaths(base, token, s.paths.slice(0, connections), connections); // warm-up
      const l = await timePaths(base, token, s.paths, connections);
      results.push({
        name: s.name,
        p50: percentile(l, 50),
        p95: percentile(l, 95),
        p99: percentile(l, 99),
        requests: l.length,
      });
      const r = results.at(-1)!;
      console.log(
        `${dialect.padEnd(8)} ${r.name.padEnd(18)} p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  ` +
          `p99 ${r.p99.toFixed(1).padStart(7)} ms  (${r.requests} requests)` +
          (dialect === 'postgres' ? (r.p95 <= TARGET_P95_MS ? '  ✓ p95 ≤ 200' : '  ✗ p95 > 200') : ''),
      );
    }
    return results;
  } finally {
    await stopServer(child);
  }
}

/** The catalogue's developers, those with the most plugins first. */
async function developersOf(env: NodeJS.ProcessEnv): Promise<string[]> {
  const q = `SELECT developer FROM plugin WHERE developer <> '' GROUP BY developer ORDER BY count(*) DESC, developer LIMIT 400`;
  if (env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: env.DATABASE_URL });
    await c.connect();
    const r = await c.query(q);
    await c.end();
    return r.rows.map((x) => x.developer as string);
  }
  const db = new Database(join(env.DATA_DIR!, 'plugin-center.db'), { readonly: true });
  const rows = db.prepare(q).all() as { developer: string }[];
  db.close();
  return rows.map((x) => x.developer);
}

/** Options of {@link benchAnalytics}. */
export interface AnalyticsBenchOptions {
  dialects: string[];
  pgAdminUrl: string;
  connections: number;
}

/**
 * The analytics part of `pnpm bench`: prepares the data sets (see the module comment) and prints
 * the dashboard figures per dialect.
 */
export async function benchAnalytics(options: AnalyticsBenchOptions): Promise<void> {
  const pgEvents = Number(process.env.ANALYTICS_EVENTS ?? 10_000_000);
  const sqliteEvents = Number(process.env.ANALYTICS_SQLITE_EVENTS ?? pgEvents);
  const requests = Number(process.env.ANALYTICS_REQUESTS ?? 160);
  for (const dialect of options.dialects) {
    const events = dialect === 'postgres' ? pgEvents : sqliteEvents;
    const env =
      dialect === 'postgres'
        ? await preparePostgres(events, options.pgAdminUrl)
        : await prepareSqlite(events);
    console.log(
      `\nanalytics dashboards, ${dialect}, ${events.toLocaleString('en-US')} events over ${DAYS} days, ` +
        `${options.connections} connections, read cache off (target on PostgreSQL: p95 ≤ ${TARGET_P95_MS} ms)`,
    );
    await timeDashboards(dialect, env, requests, options.connections);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchAnalytics({
    dialects: (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(','),
    pgAdminUrl: process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    connections: Number(process.env.BENCH_CONNECTIONS ?? 8),
  }).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
