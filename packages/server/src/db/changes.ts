/**
 * The one place where writers say what they changed and where caches learn it: every
 * write that can make a cached read stale calls {@link markCatalogueChanged} or
 * {@link markPluginChanged} after its transaction committed (and a change to who may sign in calls
 * {@link markSessionsChanged}); the read cache (`../cache.ts`) and the session checks
 * (`identity/identityCore.ts`) keep the generations an entry was computed at and treat the entry
 * as stale as soon as one of them moved. No module drops another module's cache entries.
 *
 * Generations are per database (a `WeakMap`, so tests with many databases stay isolated) and per
 * process. With Redis ({@link shareChanges}, `REDIS_URL`) every mark is also published on the
 * database's channel and the other processes move the same generation when the message arrives
 * (milliseconds); a process that was cut off from Redis moves every generation when it is back,
 * as it may have missed messages. Without Redis, or while it is unreachable, writes of other
 * processes are seen when a cache entry's TTL runs out.
 *
 * Why Redis pub/sub and not PostgreSQL `LISTEN/NOTIFY`: Redis already carries the shared rate
 * limits, so one connection and one failure mode cover both, and a listener would hold a
 * PostgreSQL connection per process outside the pool. What NOTIFY would add
 * (delivery only on commit) is what the callers already do: they mark after the commit.
 */
import { countInvalidationReceived } from '../metrics';
import type { Coordination } from '../shared/coordination';
import type { Database } from './database';
import { noteChange } from './readReplica';

const generations = new WeakMap<Database, number>();
const pluginGenerations = new WeakMap<Database, Map<string, number>>();
const sessionGenerations = new WeakMap<Database, number>();
/** The coordination and channel a database's marks are published on (set by {@link shareChanges}). */
const shared = new WeakMap<Database, { coordination: Coordination; channel: string }>();

/** Messages on the channel: `c` catalogue, `p <plugin key>` one plugin, `s` sessions. */
type Change = { kind: 'catalogue' } | { kind: 'plugin'; key: string } | { kind: 'sessions' };

function encode(change: Change): string {
  return change.kind === 'catalogue' ? 'c' : change.kind === 'plugin' ? `p ${change.key}` : 's';
}

function decode(message: string): Change | undefined {
  if (message === 'c') return { kind: 'catalogue' };
  if (message === 's') return { kind: 'sessions' };
  if (message.startsWith('p ')) return { kind: 'plugin', key: message.slice(2) };
  return undefined;
}

function apply(db: Database, change: Change): void {
  noteChange(db, change);
  if (change.kind === 'catalogue') generations.set(db, (generations.get(db) ?? 0) + 1);
  else if (change.kind === 'sessions') sessionGenerations.set(db, (sessionGenerations.get(db) ?? 0) + 1);
  else {
    let byKey = pluginGenerations.get(db);
    if (!byKey) {
      byKey = new Map();
      pluginGenerations.set(db, byKey);
    }
    byKey.set(change.key, (byKey.get(change.key) ?? 0) + 1);
  }
}

function mark(db: Database, change: Change): void {
  apply(db, change);
  const to = shared.get(db);
  to?.coordination.publish(to.channel, encode(change));
}

/**
 * Shares the marks of `db` with the other processes through `coordination`: publishes this
 * process's marks on the channel `changes:<name>` (under the key prefix; `name` from
 * `databaseName`, the same in every process on the database) and applies the other processes'
 * marks as they arrive. When the subscription is put in place again after Redis was unreachable,
 * every generation moves (catalogue and sessions: every cached read and session check of `db` is
 * stale), since messages may have been lost meanwhile.
 */
export function shareChanges(db: Database, coordination: Coordination, name: string): void {
  const channel = `changes:${name}`;
  shared.set(db, { coordination, channel });
  coordination.subscribe(channel, {
    onMessage(message) {
      const change = decode(message);
      if (!change) return;
      apply(db, change);
      countInvalidationReceived(db, change.kind);
    },
    onResync() {
      apply(db, { kind: 'catalogue' });
      apply(db, { kind: 'sessions' });
    },
  });
}

/**
 * Marks that the catalogue of `db` changed (a plugin, tag, translation, version, recommendation or
 * review status was written), after the writing transaction committed. Every cached catalogue read
 * of `db` (counts, pages, list answers, details) is stale from now on in this process, and in the
 * other processes when the message reaches them (with Redis).
 */
export function markCatalogueChanged(db: Database): void {
  mark(db, { kind: 'catalogue' });
}

/** The number of committed catalogue writes seen in this process for `db` (starts at 0). */
export function catalogueGeneration(db: Database): number {
  return generations.get(db) ?? 0;
}

/**
 * Marks that one plugin's own counters or per-user rows changed (a view counted, an install or a
 * like added or removed), after the write committed: the cached details of that plugin (every
 * language) are stale from now on in this process (and in the others with Redis); lists keep their
 * short TTL (SPEC §3 counters in lists may lag by `LIST_RESULT_TTL_MS`).
 */
export function markPluginChanged(db: Database, pluginKey: string): void {
  mark(db, { kind: 'plugin', key: pluginKey });
}

/** The number of {@link markPluginChanged} calls seen in this process for the plugin (starts at 0). */
export function pluginGeneration(db: Database, pluginKey: string): number {
  return pluginGenerations.get(db)?.get(pluginKey) ?? 0;
}

/**
 * Marks that who may use a session changed (a sign-out, a revoked refresh family, `reset_token`, an
 * account disabled, deleted or given another role), after the write committed: every cached
 * session check of `db` is stale from now on in this process (and in the others with Redis).
 */
export function markSessionsChanged(db: Database): void {
  mark(db, { kind: 'sessions' });
}

/** The number of {@link markSessionsChanged} calls seen in this process for `db` (starts at 0). */
export function sessionsGeneration(db: Database): number {
  return sessionGenerations.get(db) ?? 0;
}
