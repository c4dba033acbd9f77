/**
 * The server's Prometheus metrics (`GET /metrics`, prom-client): what a scraper reads about this
 * process — requests by route pattern, the PostgreSQL pool, the read cache, search, the
 * collector and, with `REDIS_URL`, Redis (reachable or not, invalidations received) — next to prom-client's Node.js process metrics. Kept only when `METRICS_TOKEN` is set
 * (`config.metricsToken`); unset, nothing is counted, no hook runs and the route answers 404.
 *
 * Each app instance has its own registry (never prom-client's global one, so tests that build many
 * apps in one process do not collide). The modules that count (`cache.ts`, `plugins/list.ts`,
 * `collector/`) find it by their database, as the read cache keeps its entries: a per-database
 * `WeakMap`.
 */
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiErrorCode } from '@plugin-center/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { clusterMetrics, joinClusterMetrics } from './clusterMetrics';
import type { Database, PoolUse } from './db/database';
import { replicaOf } from './db/readReplica';
import { ApiError } from './errors';
import { tableRoute } from './routeTable';
import { bearerToken } from './shared/auth';
import { coordinationOf } from './shared/coordination';

/** Prefix of the server's own metric names (the process metrics keep prom-client's names). */
export const METRIC_PREFIX = 'plugin_center_';

/**
 * Upper bounds of the request latency buckets, seconds: fine below 25 ms, where the targets of a
 * list or detail request lie (p99 ≤ 15 ms), coarse up to 10 s.
 */
export const REQUEST_BUCKETS_S = [
  0.001, 0.0025, 0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

/** Upper bounds of the search latency buckets, seconds (the target is p95 ≤ 40 ms). */
export const SEARCH_BUCKETS_S = [
  0.001, 0.0025, 0.005, 0.01, 0.02, 0.04, 0.08, 0.15, 0.3, 0.6, 1.2, 2.5,
] as const;

/** The `route` label of a request no route matched (a 404 of the not-found handler). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The `method` labels kept as sent; any other method is counted as `other`. */
const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']);

/** The metrics of one app instance and the registry that holds them. */
export interface ServerMetrics {
  /** This instance's registry: its own metrics and the process metrics. */
  readonly registry: Registry;
  /** Request latency, seconds, by `method`, `route` (the route's pattern) and `status_code`. */
  readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  /** Read-cache lookups by `kind` (the key's leading word) and `result` (`hit` or `miss`). */
  readonly cacheLookups: Counter<'kind' | 'result'>;
  /** Search engine latency (a ranking computed, not read from the cache), seconds. */
  readonly search: Histogram;
  /** Collector records by `outcome`: `accepted` (stored) or `rejected` (refused by validation). */
  readonly collectorEvents: Counter<'outcome'>;
  /**
   * Invalidations received from other processes through Redis (`db/changes.ts`), by `kind`
   * (`catalogue`, `plugin`, `sessions`).
   */
  readonly invalidationsReceived: Counter<'kind'>;
}

const byDatabase = new WeakMap<Database, ServerMetrics>();

/**
 * Creates the metrics of an app on `db` in a registry of their own, with prom-client's default
 * process metrics and, when the database has a pool (PostgreSQL), its gauges read at scrape time,
 * and makes them the ones the counting functions of this module find for `db`.
 */
export function createServerMetrics(db: Database): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const metrics: ServerMetrics = {
    registry,
    requests: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'HTTP requests by method, route pattern and status code: latency in seconds (count: requests)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [...REQUEST_BUCKETS_S],
      registers,
    }),
    cacheLookups: new Counter({
      name: `${METRIC_PREFIX}read_cache_lookups_total`,
      help: 'Read-cache lookups by kind of entry and result (hit or miss)',
      labelNames: ['kind', 'result'],
      registers,
    }),
    search: new Histogram({
      name: `${METRIC_PREFIX}search_duration_seconds`,
      help: 'Search engine rankings computed (read-cache misses): latency in seconds',
      buckets: [...SEARCH_BUCKETS_S],
      registers,
    }),
    collectorEvents: new Counter({
      name: `${METRIC_PREFIX}collector_events_total`,
      help: 'Analytics records received by the collector: accepted (stored) or rejected (invalid)',
      labelNames: ['outcome'],
      registers,
    }),
    invalidationsReceived: new Counter({
      name: `${METRIC_PREFIX}invalidations_received_total`,
      help: 'Cache invalidations received from other server processes through Redis, by kind',
      labelNames: ['kind'],
      registers,
    }),
  };
  /** A counter whose value another module keeps, read at scrape time. */
  const countedAtScrape = (name: string, help: string, read: () => number) =>
    new Counter({
      name: `${METRIC_PREFIX}${name}`,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  // With REDIS_URL (the app attaches its coordination before it creates its metrics): read at scrape time.
  const coordination = coordinationOf(db);
  if (coordination) {
    new Gauge({
      name: `${METRIC_PREFIX}redis_up`,
      help: 'Redis (REDIS_URL) reachable: 1 both connections up, 0 unreachable (each process works alone meanwhile)',
      registers,
      collect() {
        this.set(coordination.healthy ? 1 : 0);
      },
    });
    countedAtScrape(
      'redis_resyncs_total',
      'Times the invalidation channel was subscribed (again after Redis was unreachable: every cached read made stale)',
      () => coordination.resyncs,
    );
  }
  // With DATABASE_REPLICA_URL (attached before the metrics are created): read at scrape time.
  const replica = replicaOf(db);
  if (replica) {
    new Counter({
      name: `${METRIC_PREFIX}db_reads_total`,
      help: 'Public and dashboard reads by where they went: replica, primary (replica not fresh enough or down), fallback (failed on the replica, ran again on the primary)',
      labelNames: ['target'],
      registers,
      collect() {
        this.reset();
        this.inc({ target: 'replica' }, replica.reads.replica);
        this.inc({ target: 'primary' }, replica.reads.primary);
        this.inc({ target: 'fallback' }, replica.reads.fallback);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}db_replica_lag_seconds`,
      help: 'How far behind the primary the read replica is known to be, seconds (+Inf until a probe finds it in step)',
      registers,
      aggregator: 'max',
      collect() {
        this.set(replica.lagMs() / 1000);
      },
    });
    countedAtScrape(
      'db_replica_probe_failures_total',
      'Probes of the read replica that failed (unreachable, or not in recovery)',
      () => replica.probeFailures,
    );
  }
  const poolUse = db.poolUse?.bind(db);
  if (poolUse) {
    const gauge = (name: string, help: string, read: (use: PoolUse) => number) =>
      new Gauge({
        name: `${METRIC_PREFIX}db_pool_${name}`,
        help,
        registers,
        collect() {
          this.set(read(poolUse()));
        },
      });
    gauge('connections', 'PostgreSQL pool: connections open (idle or busy)', (use) => use.total);
    gauge('idle_connections', 'PostgreSQL pool: open connections no query holds', (use) => use.idle);
    gauge('waiting_queries', 'PostgreSQL pool: queries waiting for a connection', (use) => use.waiting);
    gauge('max_connections', 'PostgreSQL pool: most connections it opens (PG_POOL_MAX)', (use) => use.max);
  }
  byDatabase.set(db, metrics);
  return metrics;
}

/** The metrics counted for `db`, or undefined when its app keeps none (`METRICS_TOKEN` unset). */
export function metricsOf(db: Database): ServerMetrics | undefined {
  return byDatabase.get(db);
}

/**
 * Counts one read-cache lookup of `key` (`cache.ts`) as a hit or a miss, labelled with the key's
 * leading word (`result`, `page`, `search`, `detail`, `suggest`, `curation`: the keys are the
 * code's, so the labels are few). Nothing when `db` keeps no metrics.
 */
export function countCacheLookup(db: Database, key: string, hit: boolean): void {
  const metrics = byDatabase.get(db);
  if (!metrics) return;
  const kind = /^[a-z]{1,24}/i.exec(key)?.[0] ?? 'other';
  metrics.cacheLookups.inc({ kind, result: hit ? 'hit' : 'miss' });
}

/**
 * Runs a search (`search()`, the engine's ranking) and observes how long it took, failed or not,
 * in the search histogram of `db`; without metrics, just runs it.
 */
export async function timeSearch<T>(db: Database, search: () => Promise<T>): Promise<T> {
  const metrics = byDatabase.get(db);
  if (!metrics) return search();
  const done = metrics.search.startTimer();
  try {
    return await search();
  } finally {
    done();
  }
}

/**
 * Counts the records of one collector request: `accepted` stored, `rejected` refused by
 * validation (`collector/service.ts`). Nothing when `db` keeps no metrics.
 */
export function countCollectedEvents(db: Database, accepted: number, rejected: number): void {
  const metrics = byDatabase.get(db);
  if (!metrics) return;
  if (accepted > 0) metrics.collectorEvents.inc({ outcome: 'accepted' }, accepted);
  if (rejected > 0) metrics.collectorEvents.inc({ outcome: 'rejected' }, rejected);
}

/**
 * Counts one invalidation received from another process through Redis (`db/changes.ts`), by
 * kind. Nothing when `db` keeps no metrics.
 */
export function countInvalidationReceived(db: Database, kind: 'catalogue' | 'plugin' | 'sessions'): void {
  byDatabase.get(db)?.invalidationsReceived.inc({ kind });
}

/** SHA-256 of a token: equal-length digests for {@link timingSafeEqual}. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Sets up the metrics of the app on `db` and registers `GET /metrics` (the contract's
 * `operation.metrics`). Register after the error handling and the OpenAPI plugin, before the
 * domains: the request hook must be on the root before their contexts are made.
 *
 * With `token` (`METRICS_TOKEN`): {@link createServerMetrics}, an `onResponse` hook observing every
 * request (the route's pattern as `route`, never its URL: no label per plugin key or query;
 * {@link UNMATCHED_ROUTE} when no route matched), and the route: `Authorization: Bearer <token>`
 * (compared in constant time) → 200 in Prometheus text format 0.0.4 (`text/plain; version=0.0.4`,
 * `Cache-Control: no-store`); without it or with another token → 401 UNAUTHORIZED in the envelope.
 * Without `token`: nothing is kept and the route answers 404 ROUTE_NOT_FOUND like an unknown path.
 * In a worker of `WEB_CONCURRENCY` the answer covers every worker of the machine, gathered by the
 * primary (`clusterMetrics.ts`; 500 INTERNAL when the primary does not answer within 6 s).
 *
 * @returns the metrics, or undefined without `token`
 */
export function registerMetrics(
  app: FastifyInstance,
  db: Database,
  token: string | undefined,
): ServerMetrics | undefined {
  const metrics = token ? createServerMetrics(db) : undefined;
  const expected = token ? digest(token) : undefined;
  if (metrics) {
    const { requests } = metrics;
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      requests.observe(
        {
          method: METHODS.has(request.method) ? request.method : 'other',
          route: request.routeOptions.url ?? UNMATCHED_ROUTE,
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.addHook('onClose', (_instance, done) => {
      if (byDatabase.get(db) === metrics) byDatabase.delete(db);
      done();
    });
    if (cluster.isWorker) joinClusterMetrics(metrics.registry);
  }
  tableRoute(app, 'operation', 'metrics', async (request, reply) => {
    if (!metrics || !expected) {
      throw new ApiError(ApiErrorCode.ROUTE_NOT_FOUND, `no route for ${request.method} /metrics`);
    }
    const sent = bearerToken(request.headers.authorization);
    if (sent === null || !timingSafeEqual(digest(sent), expected)) {
      throw new ApiError(
        ApiErrorCode.UNAUTHORIZED,
        'send the metrics token of the server (METRICS_TOKEN) as Authorization: Bearer <token>',
      );
    }
    const text = cluster.isWorker ? await clusterMetrics() : await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
  return metrics;
}
