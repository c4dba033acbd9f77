/**
 * The mirror side of mirroring (docs/mirroring.md): pulling an upstream's approved plugins over
 * HTTP (`pull`: the lease, the pages of the feed, the cursor stored after each page, the result),
 * the upstream's state and the back office's status. Applying the changes is `applyChanges.ts`
 * (shared with `bundle.ts`), the requests to the upstream `upstreamHttp.ts`. The cursor is stored
 * after each page's changes are applied, so a pull that stops continues where it stopped.
 */
import { type MirrorChange, MirrorChanges, type MirrorStatus } from '@plugin-center/contract/schemas';
import { Compile } from 'typebox/compile';
import type { MirrorConfig } from '../config/mirror';
import type { Database } from '../db/database';
import type { FileStorage } from '../shared/storage/fileStorage';
import { keepBundleKeys, type UpstreamPublicKey, upstreamPublicKeys } from '../shared/upstreamKeys';
import { ChangeApplier, emptyCounts, type MirrorCounts, type MirrorFailure } from './applyChanges';
import { AnswerTooLargeError, MIRROR_FILE_MAX_BYTES, MirrorPullError, UpstreamHttp } from './upstreamHttp';
import type { ChangeSource } from './versionStore';

/**
 * How long a pull holds its upstream's lease, ms: renewed every third of it while the pull runs
 * (and after every page), so a lease left by a process that died runs out within this.
 */
export const MIRROR_LEASE_MS = 60_000;
/** What a pull's record says when the process that ran it stopped before the end. */
export const MIRROR_PULL_INTERRUPTED = 'interrupted: the process pulling stopped before the end';

/** A finished pull or import as stored (`mirror_pull`). */
export interface MirrorPullResult extends MirrorCounts {
  id: number;
  upstream: string;
  source: 'pull' | 'bundle';
  /** ms */
  start_time: number;
  /** ms; null while it runs. */
  end_time: number | null;
  /** Why it stopped before the end of the feed; null when it reached it. */
  error: string | null;
}

const checkChanges = Compile(MirrorChanges);

/** The number columns of a tally. */
function countColumns({ failures: _failures, ...numbers }: MirrorCounts) {
  return numbers;
}

/** Options of {@link MirrorService}. */
export interface MirrorServiceOptions {
  /** The upstream and the allowlist; undefined when the server is not a mirror. */
  config?: MirrorConfig | undefined;
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
  /** The HTTP client (default the global `fetch`). */
  fetch?: typeof fetch;
}

/** Options of one pull. */
export interface PullOptions {
  /**
   * Changes asked per page (default 100); halved (down to 1) for the rest of the pull each time a
   * page is larger than `MIRROR_ANSWER_MAX_BYTES`.
   */
  batchSize?: number;
  /** Stop after this many pages (the cursor is kept: the next pull continues); default no limit. */
  maxBatches?: number;
}

/** Mirroring on one database and storage. */
export class MirrorService {
  private readonly clock: () => number;
  private readonly fetch: typeof fetch;
  private running: Promise<MirrorPullResult> | undefined;
  private readonly applier: ChangeApplier;
  readonly config: MirrorConfig | undefined;

  constructor(
    private readonly db: Database,
    storage: FileStorage,
    options: MirrorServiceOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.fetch = options.fetch ?? fetch;
    this.config = options.config;
    this.applier = new ChangeApplier(db, storage, options.config, this.clock);
  }

  /**
   * Pulls from the upstream (`UPSTREAM_URL`) from the stored cursor to the end of the feed (or
   * `maxBatches` pages), applying each page and storing the cursor after it; records the result.
   * A page answered larger than `MIRROR_ANSWER_MAX_BYTES` is asked again with half as many changes
   * (the smaller size then kept for the rest of the pull); larger even with one change, the pull
   * stops there.
   * A pull asked while one runs in this process answers that one's result.
   * @throws MirrorPullError when the server is not a mirror.
   */
  pull(options: PullOptions = {}): Promise<MirrorPullResult> {
    if (!this.config?.upstream)
      throw new MirrorPullError('this server is not a mirror (UPSTREAM_URL is not set)');
    if (!this.running) {
      this.running = this.runPull(options).finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async runPull(options: PullOptions): Promise<MirrorPullResult> {
    const origin = this.config!.upstream!;
    const started = this.clock();
    if (!(await this.takeLease(origin, started))) {
      // Another process of this deployment is pulling: nothing recorded, nothing done.
      return {
        ...emptyCounts(),
        id: 0,
        upstream: origin,
        source: 'pull',
        start_time: started,
        end_time: started,
        error: `another process is pulling from ${origin}`,
      };
    }
    const renew = setInterval(() => {
      this.db.kysely
        .updateTable('mirror_state')
        .set({ lease_until: this.clock() + MIRROR_LEASE_MS })
        .where('upstream', '=', origin)
        .execute()
        .catch(() => {});
    }, MIRROR_LEASE_MS / 3);
    renew.unref();
    try {
      return await this.pullWithLease(origin, started, options);
    } finally {
      clearInterval(renew);
      await this.db.kysely
        .updateTable('mirror_state')
        .set({ lease_until: null })
        .where('upstream', '=', origin)
        .execute();
    }
  }

  /**
   * Takes the pull of `origin` for this process unless another one holds it (a conditional update:
   * of several processes at once, one gets it). A pull record of `origin` still open then was left
   * by a process that died while pulling: it is closed as {@link MIRROR_PULL_INTERRUPTED}.
   * @returns whether this process holds it now.
   */
  private async takeLease(origin: string, now: number): Promise<boolean> {
    await this.db.kysely
      .insertInto('mirror_state')
      .values({ upstream: origin, cursor: '0', jwks: null, update_time: now })
      .onConflict((oc) => oc.column('upstream').doNothing())
      .execute();
    const taken = await this.db.kysely
      .updateTable('mirror_state')
      .set({ lease_until: now + MIRROR_LEASE_MS })
      .where('upstream', '=', origin)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return false;
    await this.db.kysely
      .updateTable('mirror_pull')
      .set({ end_time: now, error: MIRROR_PULL_INTERRUPTED })
      .where('upstream', '=', origin)
      .where('source', '=', 'pull')
      .where('end_time', 'is', null)
      .execute();
    return true;
  }

  private async pullWithLease(
    origin: string,
    started: number,
    options: PullOptions,
  ): Promise<MirrorPullResult> {
    const id = await this.startRecord(origin, 'pull', started);
    const counts = emptyCounts();
    let error: string | null = null;
    const http = new UpstreamHttp(this.config!, this.fetch);
    try {
      const jwks = await http.fetchJwks();
      const source: ChangeSource = {
        origin,
        jwks,
        readFile: (file) =>
          http.get(`/api/cmt/mirror/file/${file.key}`, MIRROR_FILE_MAX_BYTES, `file ${file.key}`),
      };
      let cursor = await this.cursor(origin);
      let size = options.batchSize ?? 100;
      for (let batch = 0; options.maxBatches === undefined || batch < options.maxBatches; batch++) {
        let page: unknown;
        for (;;) {
          try {
            page = await http.getJson(`/api/cmt/mirror/changes?since=${cursor}&limit=${size}`, 'the feed');
            break;
          } catch (caught) {
            // A page larger than a mirror reads: ask for half as many changes (down to one), for
            // the rest of this pull.
            if (!(caught instanceof AnswerTooLargeError)) throw caught;
            if (size === 1)
              throw new MirrorPullError(`${caught.message} even with one change a page (after ${cursor})`);
            size = Math.max(1, Math.floor(size / 2));
          }
        }
        const data = (page as { data?: unknown } | null)?.data;
        if (!checkChanges.Check(data)) {
          throw new MirrorPullError(
            `the feed's answer after ${cursor} is not a page of changes: ${[...checkChanges.Errors(data)]
              .slice(0, 1)
              .map((e) => `${e.instancePath || '/'} ${e.message}`)
              .join('')}`,
          );
        }
        if (BigInt(data.cursor) < BigInt(cursor))
          throw new MirrorPullError(`the feed went back from ${cursor} to ${data.cursor}`);
        // A page with changes moves the cursor on: a feed that does not would be read forever.
        if (data.changes.length > 0 && data.cursor === cursor)
          throw new MirrorPullError(`the feed did not move on from ${cursor}`);
        await this.applyChanges(source, data.changes, counts);
        cursor = data.cursor;
        await this.saveState(origin, cursor, jwks);
        if (!data.more || data.changes.length === 0) break;
      }
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }
    return this.finishRecord(id, origin, 'pull', started, counts, error);
  }

  /**
   * Applies changes from `source` in order, adding to `counts` (see {@link ChangeApplier.applyChanges}).
   */
  applyChanges(source: ChangeSource, changes: readonly MirrorChange[], counts: MirrorCounts): Promise<void> {
    return this.applier.applyChanges(source, changes, counts);
  }

  /** The stored cursor of an upstream (`'0'` before the first pull). */
  async cursor(origin: string): Promise<string> {
    const row = await this.db.kysely
      .selectFrom('mirror_state')
      .select('cursor')
      .where('upstream', '=', origin)
      .executeTakeFirst();
    return row?.cursor ?? '0';
  }

  /** Sets the upstream's cursor back to the feed's beginning (the next pull looks at every plugin). */
  async resetCursor(): Promise<void> {
    if (!this.config?.upstream) return;
    await this.db.kysely
      .updateTable('mirror_state')
      .set({ cursor: '0' })
      .where('upstream', '=', this.config.upstream)
      .execute();
  }

  /** Stores the cursor (and the JWKS) of an upstream after a page was applied. */
  private async saveState(origin: string, cursor: string, jwks: unknown): Promise<void> {
    const now = this.clock();
    const values = {
      cursor,
      jwks: JSON.stringify(jwks),
      update_time: now,
      lease_until: now + MIRROR_LEASE_MS,
    };
    await this.db.kysely
      .insertInto('mirror_state')
      .values({ upstream: origin, ...values })
      .onConflict((oc) => oc.column('upstream').doUpdateSet(values))
      .execute();
  }

  /** The public keys of the upstreams last fetched (the mirror's JWKS answers them too). */
  upstreamKeys(): Promise<UpstreamPublicKey[]> {
    return upstreamPublicKeys(this.db.kysely);
  }

  /**
   * Keeps the public keys of the key set a bundle of `origin` was checked with, beside those kept
   * before, so the JWKS and `plugin-center verify` answer them as a pull's (`keepBundleKeys`).
   * @returns the `kid`s kept for `origin`.
   */
  keepBundleKeys(origin: string, jwks: unknown): Promise<string[]> {
    return keepBundleKeys(this.db.kysely, origin, jwks, this.clock());
  }

  /** Inserts the row of a pull or import that starts now. @returns its id */
  async startRecord(origin: string, source: 'pull' | 'bundle', started: number): Promise<number> {
    const row = await this.db.kysely
      .insertInto('mirror_pull')
      .values({
        upstream: origin,
        source,
        start_time: started,
        ...countColumns(emptyCounts()),
        failures: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Stores the result of a pull or import. */
  async finishRecord(
    id: number,
    origin: string,
    source: 'pull' | 'bundle',
    started: number,
    counts: MirrorCounts,
    error: string | null,
  ): Promise<MirrorPullResult> {
    const end = this.clock();
    const { failures, ...numbers } = counts;
    await this.db.kysely
      .updateTable('mirror_pull')
      .set({ ...numbers, failures: JSON.stringify(failures), end_time: end, error })
      .where('id', '=', id)
      .execute();
    return { id, upstream: origin, source, start_time: started, end_time: end, error, ...counts };
  }

  /** The mirroring of this deployment as the back office shows it (`backoffice.mirrorStatus`). */
  async status(): Promise<MirrorStatus> {
    const upstream = this.config?.upstream ?? null;
    const mirrored = await this.db.kysely
      .selectFrom('plugin')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mirrored_from', 'is not', null)
      .executeTakeFirstOrThrow();
    const state = upstream
      ? await this.db.kysely
          .selectFrom('mirror_state')
          .select(['cursor', 'lease_until'])
          .where('upstream', '=', upstream)
          .executeTakeFirst()
      : undefined;
    // A pull of this process, or of another one holding the lease.
    const leased = state?.lease_until != null && Number(state.lease_until) > this.clock();
    return {
      upstream,
      allow: {
        keys: this.config?.allowKeys ?? [],
        tags: this.config?.allowTags ?? [],
        publishers: this.config?.allowPublishers ?? [],
      },
      interval_minutes: upstream ? (this.config?.intervalMinutes ?? 0) : 0,
      cursor: state?.cursor ?? null,
      mirrored: Number(mirrored.n),
      running: this.running !== undefined || leased,
      last_pull: (await this.lastPull()) ?? null,
    };
  }

  /** The latest pull or import; undefined before the first. */
  async lastPull(): Promise<MirrorPullResult | undefined> {
    const row = await this.db.kysely
      .selectFrom('mirror_pull')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: Number(row.id),
      upstream: row.upstream,
      source: row.source as 'pull' | 'bundle',
      start_time: Number(row.start_time),
      end_time: row.end_time === null ? null : Number(row.end_time),
      added: row.added,
      updated: row.updated,
      withdrawn: row.withdrawn,
      unchanged: row.unchanged,
      skipped: row.skipped,
      failed: row.failed,
      failures: JSON.parse(row.failures) as MirrorFailure[],
      error: row.error,
    };
  }
}
