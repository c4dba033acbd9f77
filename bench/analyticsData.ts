/**
 * The data sets of the analytics dashboard benchmark (`bench/analytics.ts`): a year of realistic
 * tracker events, generated deterministically and bulk-loaded into PostgreSQL and SQLite.
 *
 * Data set (deterministic, seeded): sessions of visitors over the 365 UTC days before
 * {@link DATA_END}, with a weekly rhythm, growth over the year and a day/night curve. A visitor pool
 * where a few return often (Zipf); a session is `$pageview`s of the square, the detail page and
 * search, with `PluginView` of the plugin on a detail page, `$WebClick`, `$WebStay`, `$WebPageLeave`,
 * and now and then `PluginInstall`, `PluginLike`, `PluginUninstall`, `PluginUnlike`, a `$SignUp`
 * (`track_signup`) or a `profile_set` — the events and properties of the site's tracker (the Sensors
 * web SDK presets and `plugin_key`). Plugins are the catalogue's real keys (the shipped catalogue the
 * server imports on its first start), picked by a Zipf law; projects `production` (85 %) and
 * `oversea_production`.
 *
 * Loading: the server's first start makes the schema (all migrations) and imports the catalogue;
 * then the events go in through bulk multi-row INSERTs into `analytics_event` (PostgreSQL:
 * `INSERT … SELECT FROM unnest($1::text[], …)` of 10,000 rows, two connections; SQLite: prepared
 * multi-row INSERTs of 500 rows in transactions of 20,000) with the rollup triggers on, so the
 * rollups are built as the load goes, exactly as the collector's inserts build them. On PostgreSQL
 * the month partitions of the year are created first, as the collector would. The load time is
 * printed. A loaded data set is reused when its `bench_analytics_meta` row says the same data version
 * and size.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '@plugin-center/server';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startServer, stopServer } from './server';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Bumped whenever the generated events change, so loaded data sets are rebuilt. */
export const ANALYTICS_DATA_VERSION = 1;

/** The end (exclusive) of the year of events: 00:00 UTC, 2026-11-01. */
export const DATA_END = Date.UTC(2026, 10, 1);
export const DAY_MS = 86_400_000;
export const DAYS = 365;
export const DATA_START = DATA_END - DAYS * DAY_MS;

export const ADMIN_EMAIL = 'bench-admin@localhost';
export const ADMIN_PASSWORD = 'bench-password';

/** Cumulative weights of a Zipf law over `n` ranks with exponent `s`. */
function zipf(n: number, s: number): Float64Array {
  const c = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += 1 / (i + 1) ** s;
    c[i] = sum;
  }
  for (let i = 0; i < n; i++) c[i]! /= sum;
  return c;
}

/** The rank a uniform `u` falls on in cumulative weights `c`. */
function pick(c: Float64Array, u: number): number {
  let lo = 0;
  let hi = c.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One `analytics_event` row as the collector stores it (columns in insert order). */
export type EventRow = [
  project: string,
  type: string,
  event: string | null,
  distinctId: string,
  loginId: string | null,
  anonymousId: string | null,
  time: number,
  receivedAt: number,
  pluginKey: string | null,
  url: string | null,
  properties: string,
];

const COLUMNS =
  'project, type, event, distinct_id, login_id, anonymous_id, time, received_at, plugin_key, url, properties';

const PAGES = ['/plugins/', '/plugins/detail', '/plugins/search', '/plugins/tag', '/plugins/workbench'];
const HOSTS = { production: 'https://plugins.example.cn', oversea_production: 'https://plugins.example.com' };

/**
 * The events of the data set, `total` of them, day by day over the year, in time order within a
 * day. Deterministic for a given `total`.
 */
export function* generateEvents(total: number, pluginKeys: readonly string[]): Generator<EventRow> {
  const random = seededRandom(20261101);
  const visitorsPool = Math.max(1000, Math.round(total / 16));
  const visitorRank = zipf(visitorsPool, 0.9);
  const pluginRank = zipf(pluginKeys.length, 1.1);
  // Day weights: growth over the year, quieter weekends, a little noise.
  const weights = Array.from({ length: DAYS }, (_, d) => {
    const weekday = new Date(DATA_START + d * DAY_MS).getUTCDay();
    return (0.7 + (0.6 * d) / DAYS) * (weekday === 0 || weekday === 6 ? 0.65 : 1) * (0.9 + 0.2 * random());
  });
  const weightSum = weights.reduce((a, b) => a + b, 0);
  let emitted = 0;
  let carry = 0;
  for (let d = 0; d < DAYS; d++) {
    const exact = (total * weights[d]!) / weightSum + carry;
    const quota = d === DAYS - 1 ? total - emitted : Math.floor(exact);
    carry = exact - quota;
    let today = 0;
    const dayStart = DATA_START + d * DAY_MS;
    const rows: EventRow[] = [];
    while (today < quota) {
      const v = pick(visitorRank, random());
      const visitor = `${(0x18c2f000000 + v * 7919).toString(16)}-0${(v * 104729).toString(16).padStart(7, '0')}-17525560-2073600-${(v % 9973).toString(16)}`;
      const login = v % 5 === 0 ? `user-${v}` : null;
      const project = v % 7 === 0 ? 'oversea_production' : 'production';
      const host = HOSTS[project];
      // Sessions mostly in the (UTC+8) daytime.
      const hour = (random() < 0.8 ? 1 + random() * 13 : random() * 24) % 24;
      let t = dayStart + Math.floor(hour * 3_600_000);
      const events = 2 + Math.floor(random() * 12);
      let referrer = random() < 0.5 ? 'https://www.example.com/' : '';
      for (let i = 0; i < events && today < quota; i++) {
        const page = PAGES[random() < 0.45 ? 1 : Math.floor(random() * PAGES.length)]!;
        const key = page === '/plugins/detail' ? pluginKeys[pick(pluginRank, random())]! : null;
        const url = `${host}${page}${key ? `?plugin_key=${encodeURIComponent(key)}` : ''}`;
        const base: Record<string, unknown> = {
          $timezone_offset: project === 'production' ? -480 : 0,
          $screen_height: 1080,
          $screen_width: 1920,
          $lib: 'js',
          $lib_version: '1.27.11',
          $latest_traffic_source_type: referrer ? '引荐流量' : '直接流量',
          $referrer: referrer,
          $url: url,
          $url_path: page,
          $title: '插件广场 – Plugin Center',
          $is_first_day: random() < 0.2,
          product: 'plugin-center',
        };
        if (key) base.plugin_key = key;
        const push = (event: string | null, type = 'track', extra?: Record<string, unknown>) => {
          if (today >= quota) return;
          const props = extra ? { ...base, ...extra } : base;
          rows.push([
            project,
            type,
            event,
            login && type !== 'profile_set' ? login : visitor,
            login,
            login ? visitor : null,
            Math.min(t, dayStart + DAY_MS - 1),
            Math.min(t, dayStart + DAY_MS - 1) + 200 + Math.floor(random() * 800),
            typeof props.plugin_key === 'string' ? (props.plugin_key as string) : null,
            url,
            JSON.stringify(props),
          ]);
          today += 1;
          t += 1000 + Math.floor(random() * 30_000);
        };
        push('$pageview');
        if (key) {
          push('PluginView');
          const r = random();
          if (r < 0.08) push('PluginInstall');
          else if (r < 0.11) push('PluginLike');
          else if (r < 0.12) push('PluginUninstall');
          else if (r < 0.123) push('PluginUnlike');
        }
        const r = random();
        if (r < 0.35) push('$WebClick', 'track', { $element_type: 'button', $element_content: '安装' });
        else if (r < 0.6) push('$WebStay', 'track', { event_duration: Math.round(random() * 600) / 10 });
        else if (r < 0.7) push('$WebPageLeave', 'track', { event_duration: Math.round(random() * 900) / 10 });
        else if (r < 0.702) push('$SignUp', 'track_signup');
        else if (r < 0.705) push(null, 'profile_set', { locale: 'zh-CN' });
        referrer = url;
      }
    }
    rows.sort((a, b) => a[6] - b[6]);
    for (const row of rows) yield row;
    emitted += today;
  }
}

/** The server's first start on an empty database: migrations, the catalogue and the administrator. */
async function firstStart(env: NodeJS.ProcessEnv): Promise<void> {
  const { child } = await startServer({
    ...env,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    IMPORT_CATALOGUE_ON_EMPTY: 'true',
  });
  await stopServer(child);
}

/** The PostgreSQL URL of database `name` next to `adminUrl`'s. */
function pgDatabaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Loads (or reuses) the PostgreSQL data set; returns the server environment for it. */
export async function preparePostgres(events: number, adminUrl: string): Promise<NodeJS.ProcessEnv> {
  const name = `pc_bench_events_v${ANALYTICS_DATA_VERSION}_${events}`;
  const url = pgDatabaseUrl(adminUrl, name);
  const env = { DATABASE_URL: url, DATA_DIR: join(root, 'bench/.cache', `${name}-data`) };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
  if (exists) {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const meta = await c
      .query('SELECT events FROM bench_analytics_meta')
      .then((r) => Number(r.rows[0]?.events ?? -1))
      .catch(() => -1);
    await c.end();
    if (meta === events) {
      await admin.end();
      console.log(`postgres: reusing ${name} (${events.toLocaleString('en-US')} events)`);
      return env;
    }
    // This bench's own database, left half-loaded: made again.
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  rmSync(env.DATA_DIR, { recursive: true, force: true });
  mkdirSync(env.DATA_DIR, { recursive: true });
  await firstStart(env);
  const started = Date.now();
  const clients = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
  for (const c of clients) await c.connect();
  const db = clients[0]!;
  const keys = (await db.query('SELECT plugin_key FROM plugin ORDER BY id')).rows.map((r) => r.plugin_key);
  for (let m = new Date(DATA_START); m.getTime() < DATA_END + 31 * DAY_MS; ) {
    const y = m.getUTCFullYear();
    const mo = m.getUTCMonth();
    const from = Date.UTC(y, mo, 1);
    const to = Date.UTC(y, mo + 1, 1);
    await db.query(
      `CREATE TABLE IF NOT EXISTS analytics_event_y${y}m${String(mo + 1).padStart(2, '0')}
       PARTITION OF analytics_event FOR VALUES FROM (${from}) TO (${to})`,
    );
    m = new Date(to);
  }
  const insert = `INSERT INTO analytics_event (${COLUMNS}) SELECT * FROM unnest($1::text[], $2::text[],
    $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::text[], $10::text[], $11::text[])`;
  const chunk = 10_000;
  let loaded = 0;
  let next = 0;
  const inFlight: Promise<unknown>[] = [];
  const columns = () => Array.from({ length: 11 }, () => [] as unknown[]);
  let cols = columns();
  const flush = async () => {
    const c = clients[next++ % clients.length]!;
    const batch = cols;
    cols = columns();
    if (inFlight.length >= clients.length) await inFlight.shift();
    inFlight.push(c.query(insert, batch));
  };
  for (const row of generateEvents(events, keys)) {
    for (let i = 0; i < 11; i++) cols[i]!.push(row[i]);
    if (cols[0]!.length === chunk) {
      await flush();
      loaded += chunk;
      if (loaded % 1_000_000 === 0) {
        console.log(
          `postgres: ${loaded.toLocaleString('en-US')} events, ${((Date.now() - started) / 1000).toFixed(0)} s`,
        );
      }
    }
  }
  if (cols[0]!.length > 0) await flush();
  await Promise.all(inFlight);
  const loadS = (Date.now() - started) / 1000;
  // What autovacuum does to an insert-only table in time: hint bits and the visibility map, so the
  // reads of partial days can be index-only.
  await db.query('VACUUM ANALYZE analytics_event');
  await db.query(
    `VACUUM ANALYZE analytics_daily_event, analytics_daily_plugin, analytics_daily_visitor,
     analytics_daily_visitor_all, analytics_daily_visitors, analytics_monthly_plugin`,
  );
  await db.query('CREATE TABLE bench_analytics_meta (events bigint NOT NULL, load_seconds real NOT NULL)');
  await db.query('INSERT INTO bench_analytics_meta VALUES ($1, $2)', [events, loadS]);
  for (const c of clients) await c.end();
  console.log(
    `postgres: loaded ${events.toLocaleString('en-US')} events in ${loadS.toFixed(0)} s ` +
      `(${Math.round(events / loadS).toLocaleString('en-US')} events/s, rollups by the trigger as it went)`,
  );
  return env;
}

/** Loads (or reuses) the SQLite data set; returns the server environment for it. */
export async function prepareSqlite(events: number): Promise<NodeJS.ProcessEnv> {
  const dir = join(root, 'bench/.cache', `analytics-v${ANALYTICS_DATA_VERSION}-${events}`);
  const env = { DATABASE_URL: '', DATA_DIR: dir };
  const file = join(dir, 'plugin-center.db');
  if (existsSync(file)) {
    const db = new Database(file, { readonly: true });
    let meta = -1;
    try {
      meta = Number(
        (db.prepare('SELECT events FROM bench_analytics_meta').get() as { events: number }).events,
      );
    } catch {
      meta = -1;
    }
    db.close();
    if (meta === events) {
      console.log(`sqlite: reusing ${dir} (${events.toLocaleString('en-US')} events)`);
      return env;
    }
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await firstStart(env);
  if (!existsSync(file)) throw new Error(`sqlite: ${file} was not created by the first start`);
  const started = Date.now();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const keys = (
    db.prepare('SELECT plugin_key FROM plugin ORDER BY id').all() as { plugin_key: string }[]
  ).map((r) => r.plugin_key);
  const perStatement = 500;
  const statement = db.prepare(
    `INSERT INTO analytics_event (${COLUMNS}) VALUES ${Array.from({ length: perStatement }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
  );
  const single = db.prepare(
    `INSERT INTO analytics_event (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let buffer: unknown[] = [];
  let pending: unknown[][] = [];
  const commit = db.transaction((groups: unknown[][]) => {
    for (const g of groups) statement.run(g);
  });
  let loaded = 0;
  for (const row of generateEvents(events, keys)) {
    buffer.push(...row);
    if (buffer.length === perStatement * 11) {
      pending.push(buffer);
      buffer = [];
      if (pending.length === 40) {
        commit(pending);
        pending = [];
      }
    }
    loaded += 1;
    if (loaded % 1_000_000 === 0) {
      console.log(
        `sqlite: ${loaded.toLocaleString('en-US')} events, ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  }
  commit(pending);
  db.transaction(() => {
    for (let i = 0; i < buffer.length; i += 11) single.run(buffer.slice(i, i + 11));
  })();
  const loadS = (Date.now() - started) / 1000;
  db.exec('ANALYZE');
  db.exec('CREATE TABLE bench_analytics_meta (events INTEGER NOT NULL, load_seconds REAL NOT NULL)');
  db.prepare('INSERT INTO bench_analytics_meta VALUES (?, ?)').run(events, loadS);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  console.log(
    `sqlite: loaded ${events.toLocaleString('en-US')} events in ${loadS.toFixed(0)} s ` +
      `(${Math.round(events / loadS).toLocaleString('en-US')} events/s, rollups by the trigger as it went)`,
  );
  return env;
}
