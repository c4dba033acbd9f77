/**
 * Reads from a PostgreSQL streaming replica (`DATABASE_REPLICA_URL`) without ever showing a reader
 * something older than what this process knows was written.
 *
 * Freshness is measured in WAL positions, as PostgreSQL's own tools do (`pg_stat_replication`): every
 * {@link REPLICA_PROBE_MS}, and right after each change this process marks or hears of
 * (`changes.ts`), a probe reads the primary's WAL insert position (`pg_current_wal_insert_lsn()`),
 * remembering when it asked, and the replica's replay position (`pg_last_wal_replay_lsn()`). The
 * replica is "fresh as of" the latest asking time whose position it has replayed: every transaction
 * committed before that time is visible in its new snapshots. Then:
 *
 * - **catalogue** reads (list, search, suggestions, tags) use the replica only when it is fresh as
 *   of a time after the last catalogue change seen (a publish, an approval, an edit…);
 * - **plugin** reads (a detail) also need it fresh after the last change of that plugin (a like, an
 *   install, a view);
 * - **dashboard** reads (analytics reports) use it when it is fresh as of at most
 *   `DATABASE_REPLICA_LAG_MS` ago: the collector writes all the time, so a dashboard would
 *   otherwise never leave the primary;
 * - anything else (signed-in pages, writes, sessions, the back office) never reads the replica.
 *
 * So a write is never followed by a stale read in the process that wrote it, nor, with Redis, in
 * the others once its invalidation arrives; the read cache is never filled from a replica that has
 * not replayed the write that emptied it. A replica that stops answering, lags, or is not in
 * recovery (promoted, or the primary's own URL) is left alone until a probe finds it fresh again;
 * a read that fails on it with a connection error or a recovery conflict runs again on the primary.
 */
import { sql } from 'kysely';
import { DEFAULT_REPLICA_LAG_MS } from '../config/database';
import type { Database } from './database';

/** How often the replica's freshness is probed, ms (also right after each change seen). */
export const REPLICA_PROBE_MS = 200;

/** What a read needs to be fresh for (see the module comment). */
export type ReadScope = { kind: 'catalogue' } | { kind: 'plugin'; key: string } | { kind: 'dashboard' };

/** The scope of list, search, suggestion and tag reads. */
export const CATALOGUE: ReadScope = { kind: 'catalogue' };

/** The scope of analytics dashboard reads. */
export const DASHBOARD: ReadScope = { kind: 'dashboard' };

/** The change kinds of `changes.ts` a replica's freshness depends on. */
export type SeenChange = { kind: 'catalogue' } | { kind: 'plugin'; key: string } | { kind: 'sessions' };

/** Reads counted by where they went (`plugin_center_db_reads_total` of `metrics.ts`). */
export interface ReplicaReads {
  replica: number;
  primary: number;
  /** Reads that failed on the replica and ran again on the primary (also counted in `primary`). */
  fallback: number;
}

/** A WAL position (`16/B374D848`) as a number that orders like it. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/**
 * Whether `error` says the connection or the replica's recovery got in the way, not the query:
 * connection exceptions (SQLSTATE class 08), shutdowns (57P01–57P03), a query cancelled by a conflict
 * with recovery (40001 on a hot standby), or a socket that failed.
 */
export function isReplicaFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (
      code.startsWith('08') ||
      code === '57P01' ||
      code === '57P02' ||
      code === '57P03' ||
      code === '40001'
    ) {
      return true;
    }
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

/** A primary's read replica, its probe and its counts; see the module comment. */
export class ReadReplica {
  /** The replica as a database the data functions read from; `primary` leads back for writes. */
  readonly view: Database;
  /** Reads by where they went. */
  readonly reads: ReplicaReads = { replica: 0, primary: 0, fallback: 0 };
  /** Probes that failed (the replica unreachable, or not in recovery). */
  probeFailures = 0;
  /** Asking time (ms, `now()`) as of which the replica held every commit; -Infinity until known. */
  private freshAsOf = Number.NEGATIVE_INFINITY;
  /** When the last probe succeeded, ms. */
  private probedAt = Number.NEGATIVE_INFINITY;
  private catalogueChangedAt = Number.NEGATIVE_INFINITY;
  private readonly pluginChangedAt = new Map<string, number>();
  /** Primary positions asked for and not yet known replayed: asking time and position. */
  private asked: { at: number; lsn: bigint }[] = [];
  private probing = false;
  private probeAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  /**
   * @param primary - the primary (`DATABASE_URL`), where the probe reads the WAL position.
   * @param replica - the replica's pool (`DATABASE_REPLICA_URL`); closed by {@link close}.
   * @param maxLagMs - staleness dashboards accept, ms (`DATABASE_REPLICA_LAG_MS`).
   * @param now - the clock, ms (monotonic: `performance.now`).
   */
  constructor(
    readonly primary: Database,
    private readonly replica: Database,
    private readonly maxLagMs = DEFAULT_REPLICA_LAG_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.view = {
      kysely: replica.kysely,
      dialect: replica.dialect,
      primary,
      close: async () => {},
    };
  }

  /** Starts probing every {@link REPLICA_PROBE_MS} (the timer does not keep the process alive). */
  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.requestProbe(), REPLICA_PROBE_MS);
    this.timer.unref();
    this.requestProbe();
  }

  /** Stops probing and closes the replica's pool. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.replica.close();
  }

  /** Notes a committed change (marked here or heard from another process) and probes soon. */
  noteChange(change: SeenChange): void {
    const at = this.now();
    if (change.kind === 'catalogue') this.catalogueChangedAt = at;
    else if (change.kind === 'plugin') this.pluginChangedAt.set(change.key, at);
    else return;
    this.requestProbe();
  }

  /** How far behind the replica is, ms: time since the asking time it is fresh as of (Infinity when unknown). */
  lagMs(): number {
    return this.now() - this.freshAsOf;
  }

  /** Whether the last probe succeeded recently enough to trust what it found. */
  private healthy(): boolean {
    return this.now() - this.probedAt <= Math.max(5 * REPLICA_PROBE_MS, 1000);
  }

  /** Whether a read of `scope` may use the replica now. */
  serves(scope: ReadScope): boolean {
    if (!this.healthy()) return false;
    if (scope.kind === 'dashboard') return this.lagMs() <= this.maxLagMs;
    if (this.freshAsOf <= this.catalogueChangedAt) return false;
    if (scope.kind === 'plugin') {
      const changed = this.pluginChangedAt.get(scope.key);
      if (changed !== undefined && this.freshAsOf <= changed) return false;
    }
    return true;
  }

  /** A read on the replica failed for a reason of the replica's: trust it again after the next good probe. */
  noteFailure(): void {
    this.probedAt = Number.NEGATIVE_INFINITY;
    this.requestProbe();
  }

  private requestProbe(): void {
    if (this.closed) return;
    if (this.probing) {
      this.probeAgain = true;
      return;
    }
    this.probing = true;
    void this.probe().finally(() => {
      this.probing = false;
      if (this.probeAgain) {
        this.probeAgain = false;
        this.requestProbe();
      }
    });
  }

  /** One probe: the primary's position now, then how far the replica has replayed. */
  private async probe(): Promise<void> {
    const at = this.now();
    try {
      const primary = await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(
        this.primary.kysely,
      );
      this.asked.push({ at, lsn: parseLsn(primary.rows[0]!.lsn) });
      if (this.asked.length > 1000) this.asked.splice(0, this.asked.length - 1000);
      const replica = await sql<{ lsn: string | null }>`SELECT pg_last_wal_replay_lsn()::text AS lsn`.execute(
        this.replica.kysely,
      );
      const replayed = replica.rows[0]?.lsn;
      // NULL: not a replica in recovery (promoted, or the primary itself): its freshness is unknown.
      if (!replayed) throw new Error('not in recovery');
      const position = parseLsn(replayed);
      let known = -1;
      for (let i = this.asked.length - 1; i >= 0; i--) {
        if (this.asked[i]!.lsn <= position) {
          known = i;
          break;
        }
      }
      if (known >= 0) {
        this.freshAsOf = Math.max(this.freshAsOf, this.asked[known]!.at);
        this.asked.splice(0, known + 1);
        for (const [key, changed] of this.pluginChangedAt) {
          if (changed < this.freshAsOf) this.pluginChangedAt.delete(key);
        }
      }
      this.probedAt = this.now();
    } catch {
      this.probeFailures += 1;
      this.probedAt = Number.NEGATIVE_INFINITY;
    }
  }
}

const replicas = new WeakMap<Database, ReadReplica>();

/** Makes `replica` the read replica of `db` and starts its probe. */
export function attachReplica(db: Database, replica: ReadReplica): void {
  replicas.set(db, replica);
  replica.start();
}

/** The read replica of `db`, if it has one. */
export function replicaOf(db: Database): ReadReplica | undefined {
  return replicas.get(db);
}

/** The database writes go to: the primary of a replica's view, else `db` itself. */
export function primaryOf(db: Database): Database {
  return db.primary ?? db;
}

/** Tells the replica of `db`, if any, that a change was committed (`changes.ts`). */
export function noteChange(db: Database, change: SeenChange): void {
  replicas.get(db)?.noteChange(change);
}

/**
 * Runs `read` against the replica of `db` when it is fresh enough for `scope`, else against `db`
 * (see the module comment); a read that fails on the replica for the replica's reasons
 * ({@link isReplicaFailure}) runs again on the primary. `read` gets a {@link Database} for the data
 * functions only: keys of caches, metrics and changes stay `db`.
 */
export async function readFromReplica<T>(
  db: Database,
  scope: ReadScope,
  read: (reader: Database) => Promise<T>,
): Promise<T> {
  const replica = replicas.get(db);
  if (!replica) return read(db);
  if (!replica.serves(scope)) {
    replica.reads.primary += 1;
    return read(db);
  }
  try {
    const result = await read(replica.view);
    replica.reads.replica += 1;
    return result;
  } catch (error) {
    if (!isReplicaFailure(error)) throw error;
    replica.noteFailure();
    replica.reads.fallback += 1;
    replica.reads.primary += 1;
    return read(db);
  }
}
