/**
 * Publishers: the account that owns plugins, with a public page (`/plugins/publisher/<handle>`).
 * An account chooses its handle once (unique, compared lower-cased, the contract's `handleProblem`
 * rule), sets a website (the link rule), and is verified either by an administrator (audit-logged)
 * or by proving a domain with a DNS TXT record (`dns.ts`, the resolver injected). The square's
 * cards and the detail carry the owner's handle and verified flag (`plugins/data/summaries.ts`), so
 * every change here marks the catalogue changed.
 */
import { randomBytes } from 'node:crypto';
import {
  domainProblem,
  handleProblem,
  normalizeHandle,
  PUBLISHER_LIMITS,
} from '@plugin-center/contract/publishers';
import {
  ApiErrorCode,
  type DomainChallenge,
  type Locale,
  type MyPublisher,
  type PublisherPage,
  type PublisherProfile,
  type PublisherVerification,
  type SavePublisherBody,
  type SetPublisherVerifiedBody,
} from '@plugin-center/contract/schemas';
import { markCatalogueChanged } from '../db/changes';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import type { PublisherShareCard } from '../pageMeta';
import { summariesByIds } from '../plugins/data/summaries';
import { logAdminAction } from '../shared/auditLog';
import type { AuthUser } from '../shared/auth';
import { ratingAverage } from '../shared/ratingAverage';
import { checkLink } from '../shared/textHygiene';
import {
  accountProfile,
  claimHandle,
  ensurePublisher,
  isHandleConflict,
  type PublisherRow,
  publisherByHandle,
  publisherOfUser,
  publisherPluginIds,
  publisherTotalsRow,
  updatePublisher,
} from './data';
import { checkDomainRecord, recordName, recordValue, type TxtResolver } from './dns';

/** The audit-log actions of the administrators' mark (`AuditLogEntry.action`). */
export const PUBLISHER_VERIFY_ACTION = 'publisher_verify';
export const PUBLISHER_UNVERIFY_ACTION = 'publisher_unverify';

/** Options of {@link PublishersService}. */
export interface PublishersOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
  /** The TXT lookup of the domain check (default `node:dns/promises` `resolveTxt`). */
  resolveTxt?: TxtResolver;
}

const invalid = (field: string, message: string) =>
  new ApiError(ApiErrorCode.INVALID_PARAMETER, `${field}: ${message}`, 400, field);

/** The public profile of a publisher row that has a handle. */
function toProfile(row: PublisherRow): PublisherProfile {
  return {
    handle: row.handle ?? '',
    name: row.nick_name,
    avatar_url: row.avatar_url,
    website: row.website,
    verified: row.verified_by !== null,
    verified_by: row.verified_by,
    verified_domain: row.verified_by === 'domain' ? row.verified_domain : null,
  };
}

/** The publisher operations over one database. */
export class PublishersService {
  private readonly clock: () => number;
  private readonly resolveTxt: TxtResolver | undefined;

  constructor(
    private readonly db: Database,
    options: PublishersOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.resolveTxt = options.resolveTxt;
  }

  /**
   * `GET /api/cmt/plugin/publisher`: the profile, totals and approved, listed plugins (newest first,
   * at most `PUBLISHER_LIMITS.PAGE_PLUGINS`) of the publisher holding `handle` (any case).
   * @throws ApiError PUBLISHER_NOT_FOUND (404) for a handle nobody holds (or a disabled account's).
   */
  async page(handle: string, lang?: Locale): Promise<PublisherPage> {
    const normalized = normalizeHandle(handle);
    const row = handleProblem(normalized) ? undefined : await publisherByHandle(this.db.kysely, normalized);
    if (!row) {
      throw new ApiError(
        ApiErrorCode.PUBLISHER_NOT_FOUND,
        `no publisher with handle ${JSON.stringify(handle)}`,
        404,
      );
    }
    const cap = PUBLISHER_LIMITS.PAGE_PLUGINS;
    const [totals, ids] = await Promise.all([
      publisherTotalsRow(this.db.kysely, row.user_id),
      publisherPluginIds(this.db.kysely, row.user_id, cap + 1),
    ]);
    const plugins = await summariesByIds(this.db, ids.slice(0, cap), lang);
    return {
      profile: toProfile(row),
      totals: {
        plugin_count: totals.plugins,
        download_count: totals.downloads,
        praise_count: totals.praises,
        rating_count: totals.ratings,
        rating_average: ratingAverage(totals.ratings, totals.stars),
      },
      plugin_list: plugins,
      truncated: ids.length > cap,
    };
  }

  /**
   * The publisher of `handle` (any case) as a shared link of its page previews it
   * (`pageMeta.ts` PublisherShareCard: name, stored handle, the number of approved, listed plugins,
   * avatar); undefined for a handle nobody active holds, or text that is no handle. Two indexed
   * queries, uncached (the page is revalidated on every load).
   */
  async shareCard(handle: string): Promise<PublisherShareCard | undefined> {
    const normalized = normalizeHandle(handle);
    if (handleProblem(normalized)) return undefined;
    const row = await publisherByHandle(this.db.kysely, normalized);
    if (!row?.handle) return undefined;
    const totals = await publisherTotalsRow(this.db.kysely, row.user_id);
    return { name: row.nick_name, handle: row.handle, plugins: totals.plugins, image: row.avatar_url };
  }

  /** `GET /api/cmt/plugin/publisher/me`: the caller's profile as they edit it (no row: all empty). */
  async mine(user: AuthUser): Promise<MyPublisher> {
    const row = await publisherOfUser(this.db.kysely, user.user_id);
    if (row) {
      return {
        ...toProfile(row),
        handle: row.handle,
        pending_domain:
          row.pending_domain && row.pending_token
            ? {
                domain: row.pending_domain,
                record_name: recordName(row.pending_domain),
                record_value: recordValue(row.pending_token),
              }
            : null,
      };
    }
    const account = await accountProfile(this.db.kysely, user.user_id);
    return {
      handle: null,
      name: account?.nick_name ?? '',
      avatar_url: account?.avatar_url ?? null,
      website: null,
      verified: false,
      verified_by: null,
      verified_domain: null,
      pending_domain: null,
    };
  }

  /**
   * `PUT /api/cmt/plugin/publisher/me`: claims the handle (once) and sets or removes the website.
   * The handle is checked and claimed before the website is written, so a refused handle changes
   * nothing.
   * @throws ApiError INVALID_PARAMETER (400, field `handle` / `website`); HANDLE_ALREADY_SET (409)
   *   for another handle than the one held; HANDLE_TAKEN (409) for one another account holds.
   */
  async save(user: AuthUser, body: SavePublisherBody): Promise<MyPublisher> {
    const now = this.clock();
    let website: string | null | undefined;
    if (body.website !== undefined) {
      website = body.website === null || body.website === '' ? null : checkLink('website', body.website);
    }
    let changed = false;
    if (body.handle !== undefined) {
      const problem = handleProblem(body.handle);
      if (problem) throw invalid('handle', problem);
      const handle = normalizeHandle(body.handle);
      const current = await publisherOfUser(this.db.kysely, user.user_id);
      if (current?.handle && current.handle !== handle) throw alreadySet(current.handle);
      if (!current?.handle) {
        let claimed: boolean;
        try {
          claimed = await claimHandle(this.db.kysely, user.user_id, handle, now);
        } catch (error) {
          if (isHandleConflict(error)) {
            throw new ApiError(
              ApiErrorCode.HANDLE_TAKEN,
              `handle: ${JSON.stringify(handle)} is taken; choose another`,
              409,
              'handle',
            );
          }
          throw error;
        }
        if (!claimed) {
          // Another request of the same account set a handle in between.
          const now2 = await publisherOfUser(this.db.kysely, user.user_id);
          if (now2?.handle !== handle) throw alreadySet(now2?.handle ?? '');
        }
        changed = true;
      }
    }
    if (website !== undefined) {
      await ensurePublisher(this.db.kysely, user.user_id, now);
      await updatePublisher(this.db.kysely, user.user_id, { website });
      changed = true;
    }
    if (changed) markCatalogueChanged(this.db);
    return this.mine(user);
  }

  /**
   * `POST /api/cmt/plugin/publisher/domain`: starts (or restarts) a domain proof with a new token.
   * @throws ApiError INVALID_PARAMETER (400, field `domain`) for a text that is not a domain name.
   */
  async startDomain(user: AuthUser, domainText: string): Promise<DomainChallenge> {
    const problem = domainProblem(domainText);
    if (problem) throw invalid('domain', problem);
    const domain = domainText.toLowerCase();
    const token = randomBytes(16).toString('hex');
    const now = this.clock();
    await ensurePublisher(this.db.kysely, user.user_id, now);
    await updatePublisher(this.db.kysely, user.user_id, {
      pending_domain: domain,
      pending_token: token,
      pending_at: now,
    });
    return { domain, record_name: recordName(domain), record_value: recordValue(token) };
  }

  /**
   * `POST /api/cmt/plugin/publisher/domain/check`: looks up the pending proof's TXT record; found,
   * the publisher is verified by domain and the proof ends.
   * @throws ApiError INVALID_PARAMETER (400) when no proof was started; DOMAIN_NOT_VERIFIED (409)
   *   with the check's message otherwise.
   */
  async checkDomain(user: AuthUser): Promise<MyPublisher> {
    const row = await publisherOfUser(this.db.kysely, user.user_id);
    if (!row?.pending_domain || !row.pending_token) {
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        'no domain proof was started: POST /api/cmt/plugin/publisher/domain first',
        400,
      );
    }
    const result = await checkDomainRecord(row.pending_domain, row.pending_token, this.resolveTxt);
    if (!result.ok) throw new ApiError(ApiErrorCode.DOMAIN_NOT_VERIFIED, result.message, 409);
    await updatePublisher(this.db.kysely, user.user_id, {
      verified_by: 'domain',
      verified_domain: row.pending_domain,
      verified_at: this.clock(),
      pending_domain: null,
      pending_token: null,
      pending_at: null,
    });
    markCatalogueChanged(this.db);
    return this.mine(user);
  }

  /**
   * `PUT /api/cmt/manager/publisher/verified` (administrators): marks the account's publisher
   * verified (`verified_by` admin) or clears any verification, with its audit entry in the same
   * transaction; the state the account already has writes nothing. An administrator does not mark
   * their own publisher verified (another one must; clearing their own mark is allowed).
   * @throws ApiError INVALID_PARAMETER (400, field `user_id`) for an unknown user; FORBIDDEN (403)
   * for an administrator's own mark.
   */
  async setVerified(admin: AuthUser, body: SetPublisherVerifiedBody): Promise<PublisherVerification> {
    if (body.verified && body.user_id === admin.user_id)
      throw new ApiError(
        ApiErrorCode.FORBIDDEN,
        'administrators cannot mark their own publisher verified: ask another administrator',
        403,
      );
    const db = this.db.kysely;
    const now = this.clock();
    const changed = await db.transaction().execute(async (trx) => {
      const account = await trx
        .selectFrom('user_account')
        .select(['id', 'email', 'user_name'])
        .where('id', '=', body.user_id)
        .executeTakeFirst();
      if (!account) throw invalid('user_id', `no user with id ${body.user_id}`);
      await ensurePublisher(trx, account.id, now);
      const row = await publisherOfUser(trx, account.id);
      const already = body.verified ? row?.verified_by === 'admin' : row?.verified_by == null;
      if (already) return false;
      await updatePublisher(
        trx,
        account.id,
        body.verified
          ? { verified_by: 'admin', verified_domain: null, verified_at: now }
          : { verified_by: null, verified_domain: null, verified_at: null },
      );
      await logAdminAction(trx, admin, {
        time: now,
        action: body.verified ? PUBLISHER_VERIFY_ACTION : PUBLISHER_UNVERIFY_ACTION,
        plugin_key: '',
        version: null,
        reason: `user ${account.id} ${account.email ?? account.user_name}${row?.handle ? ` (@${row.handle})` : ''}`,
      });
      return true;
    });
    if (changed) markCatalogueChanged(this.db);
    const row = await publisherOfUser(db, body.user_id);
    return {
      user_id: body.user_id,
      handle: row?.handle ?? null,
      verified: row?.verified_by != null,
      verified_by: row?.verified_by ?? null,
    };
  }
}

function alreadySet(handle: string): ApiError {
  return new ApiError(
    ApiErrorCode.HANDLE_ALREADY_SET,
    `handle: this account's handle is ${JSON.stringify(handle)}; a handle is chosen once`,
    409,
    'handle',
  );
}
