/**
 * Resource positions (SPEC §3 "Resource position: start time, end time, new tag, status,
 * disabled flag", §4 statuses, §5 time range rules, §7 `POST plugin/resource_state`,
 * `PUT plugin/resource_state/disable`, `GET plugin/resource_state/list`): time-limited featured
 * slots of approved plugins, and the square's featured area (`GET plugin/resource_state/active`).
 *
 * The status is never stored: it is {@link positionStatus} of the server clock and the disabled
 * flag, so a slot appears at its start and disappears at its end without anyone acting and without
 * a restart. The featured answer is read-cached, but never past the next start or end of a slot.
 */
import {
  ApiErrorCode,
  type FeaturedResult,
  type FeaturedSlot,
  type Locale,
  PAGE_SIZE,
  type ResourcePosition,
  type ResourcePositionBody,
  type ResourcePositionPage,
  ResourcePositionStatus,
} from '@plugin-center/contract/schemas';
import { cachedRead, LIST_RESULT_TTL_MS } from '../cache';
import { markCatalogueChanged } from '../db/changes';
import { ApiError } from '../errors';
import { summariesByIds } from '../plugins/data/summaries';
import type { AuthUser } from '../shared/auth';
import { decodeCursor, encodeCursor, queryFingerprint } from '../shared/cursor';
import { CurationAction, type CurationContext, logCuration } from './context';
import {
  activePositions,
  approvedPluginIdForSlot,
  insertPosition,
  listPositions,
  nextBoundary,
  type PositionRow,
  positionById,
  setPositionDisabled,
} from './data/resourcePositions';

/** Message of a time range whose end is before its start (SPEC §5 "end not before start"). */
export const END_BEFORE_START_MESSAGE = 'The end time must not be before the start time';
/** Message of a time range whose end is already past (SPEC §5 "end not before now"). */
export const END_BEFORE_NOW_MESSAGE = 'The end time must not be before now';
/** Most slots the square's featured area shows. */
export const FEATURED_MAX = 50;

/**
 * The status of a slot at `now` (ms), SPEC §4: `invalidated` when disabled, else `pending` before
 * `start_time`, `active` from `start_time` (inclusive) to `end_time` (exclusive), `expired` from
 * `end_time` on.
 */
export function positionStatus(
  slot: { start_time: number; end_time: number; is_disabled: boolean },
  now: number,
): ResourcePositionStatus {
  if (slot.is_disabled) return ResourcePositionStatus.INVALIDATED;
  if (now < slot.start_time) return ResourcePositionStatus.PENDING;
  if (now < slot.end_time) return ResourcePositionStatus.ACTIVE;
  return ResourcePositionStatus.EXPIRED;
}

function toWire(row: PositionRow, now: number): ResourcePosition {
  const slot = {
    start_time: Number(row.start_time),
    end_time: Number(row.end_time),
    is_disabled: row.is_disabled === 1,
  };
  return {
    id: row.id,
    plugin_key: row.plugin_key,
    name: row.name,
    icon: row.icon,
    ...slot,
    is_new: row.is_new === 1,
    status: positionStatus(slot, now),
    create_time: Number(row.create_time),
    update_time: Number(row.update_time),
  };
}

function notFound(id: number): ApiError {
  return new ApiError(ApiErrorCode.RESOURCE_POSITION_NOT_FOUND, `no resource position with id ${id}`);
}

/**
 * `POST plugin/resource_state`: features the approved plugin `body.plugin_key` from `start_time`
 * to `end_time` (ms), with the 'new' tag when `is_new`. Audit-logged (`resource_create`) in the
 * same transaction.
 *
 * @throws ApiError INVALID_PARAMETER (400, field `end_time`): {@link END_BEFORE_START_MESSAGE},
 *   {@link END_BEFORE_NOW_MESSAGE}; PLUGIN_NOT_FOUND (404) unless the plugin is approved.
 */
export async function createPosition(
  ctx: CurationContext,
  admin: AuthUser,
  body: ResourcePositionBody,
): Promise<ResourcePosition> {
  const now = ctx.clock();
  if (body.end_time < body.start_time) {
    throw new ApiError(ApiErrorCode.INVALID_PARAMETER, END_BEFORE_START_MESSAGE, 400, 'end_time');
  }
  if (body.end_time < now) {
    throw new ApiError(ApiErrorCode.INVALID_PARAMETER, END_BEFORE_NOW_MESSAGE, 400, 'end_time');
  }
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    const pluginId = await approvedPluginIdForSlot(trx, ctx.db.dialect, body.plugin_key);
    if (pluginId === undefined) {
      throw new ApiError(
        ApiErrorCode.PLUGIN_NOT_FOUND,
        `no approved plugin with plugin_key ${JSON.stringify(body.plugin_key)}`,
        404,
        'plugin_key',
      );
    }
    const inserted = await insertPosition(
      trx,
      {
        plugin_id: pluginId,
        start_time: body.start_time,
        end_time: body.end_time,
        is_new: body.is_new ?? false,
      },
      now,
    );
    await logCuration(trx, admin, {
      action: CurationAction.RESOURCE_CREATE,
      plugin_key: body.plugin_key,
      reason: `resource position ${inserted}: ${new Date(body.start_time).toISOString()} to ${new Date(body.end_time).toISOString()}${body.is_new ? ', new' : ''}`,
      time: now,
    });
    return inserted;
  });
  markCatalogueChanged(ctx.db);
  return toWire((await positionById(ctx.db.kysely, id))!, now);
}

/**
 * `PUT plugin/resource_state/disable`: disables (`disabled` true: status `invalidated`, off the
 * square at once) or restores the slot. Idempotent: a call that changes nothing is not logged;
 * one that does is audit-logged (`resource_disable` / `resource_restore`) in its transaction.
 *
 * @throws ApiError RESOURCE_POSITION_NOT_FOUND (404).
 */
export async function setPositionDisabledState(
  ctx: CurationContext,
  admin: AuthUser,
  id: number,
  disabled: boolean,
): Promise<ResourcePosition> {
  const now = ctx.clock();
  const before = await positionById(ctx.db.kysely, id);
  if (!before) throw notFound(id);
  const changed = await ctx.db.kysely.transaction().execute(async (trx) => {
    const result = await setPositionDisabled(trx, id, disabled, now);
    if (!result.found) throw notFound(id);
    if (result.changed) {
      await logCuration(trx, admin, {
        action: disabled ? CurationAction.RESOURCE_DISABLE : CurationAction.RESOURCE_RESTORE,
        plugin_key: before.plugin_key,
        reason: `resource position ${id}`,
        time: now,
      });
    }
    return result.changed;
  });
  if (changed) markCatalogueChanged(ctx.db);
  const after = await positionById(ctx.db.kysely, id);
  if (!after) throw notFound(id);
  return toWire(after, now);
}

/**
 * `GET plugin/resource_state/list`: slots newest first with their derived status at the clock's
 * now, optionally only one status; keyset pages by id.
 *
 * @throws ApiError INVALID_CURSOR (400) for a cursor of another filter or not issued here.
 */
export async function listPositionPage(
  ctx: CurationContext,
  query: {
    status?: ResourcePositionStatus | undefined;
    cursor?: string | undefined;
    page_size?: number | undefined;
    lang?: Locale | undefined;
  },
): Promise<ResourcePositionPage> {
  const now = ctx.clock();
  const pageSize = query.page_size ?? PAGE_SIZE.DEFAULT;
  const fingerprint = queryFingerprint(['curation:resource_state', query.status ?? '']);
  const beforeId = query.cursor ? decodeCursor(query.cursor, fingerprint, 1)[0] : undefined;
  const { rows, total } = await listPositions(
    ctx.db.kysely,
    { status: query.status, now, lang: query.lang },
    beforeId,
    pageSize,
  );
  const last = rows.at(-1);
  return {
    resource_state_list: rows.map((row) => toWire(row, now)),
    total,
    next_cursor: rows.length === pageSize && last ? encodeCursor(fingerprint, [last.id]) : null,
  };
}

interface FeaturedEntry {
  slots: FeaturedSlot[];
  /** Clock time (ms) the entry was computed at. */
  computedAt: number;
  nextChange: number | null;
}

async function computeFeatured(
  ctx: CurationContext,
  now: number,
  lang: Locale | undefined,
): Promise<FeaturedEntry> {
  const [rows, nextChange] = await Promise.all([
    activePositions(ctx.db.kysely, now, FEATURED_MAX),
    nextBoundary(ctx.db.kysely, now),
  ]);
  // One card per plugin: its most recently started slot (rows come in that order).
  const seen = new Set<number>();
  const unique = rows.filter((r) => {
    if (seen.has(r.plugin_id)) return false;
    seen.add(r.plugin_id);
    return true;
  });
  const summaries = await summariesByIds(
    ctx.db,
    unique.map((r) => r.plugin_id),
    lang,
  );
  const byKey = new Map(summaries.map((s) => [s.plugin_key, s]));
  return {
    // A plugin withdrawn between the two reads is left out (summariesByIds keeps approved ones).
    slots: unique.flatMap((row) => {
      const plugin = byKey.get(row.plugin_key);
      return plugin
        ? [
            {
              id: row.id,
              start_time: Number(row.start_time),
              end_time: Number(row.end_time),
              is_new: row.is_new === 1,
              plugin,
            },
          ]
        : [];
    }),
    computedAt: now,
    nextChange,
  };
}

/**
 * `GET plugin/resource_state/active` (public): the square's featured area at the clock's now —
 * the active slots of approved plugins, one per plugin, the most recently started first — and
 * when it changes next. Read-cached for at most `LIST_RESULT_TTL_MS`, and never used at or after
 * the next start or end of a slot (the clock decides), nor after a curation or catalogue write of
 * this process.
 */
export async function featuredSlots(ctx: CurationContext, lang: Locale | undefined): Promise<FeaturedResult> {
  const now = ctx.clock();
  const fresh = (entry: FeaturedEntry) =>
    now >= entry.computedAt && (entry.nextChange === null || now < entry.nextChange);
  let entry = await cachedRead(
    ctx.db,
    `curation:featured:${lang ?? ''}`,
    () => computeFeatured(ctx, now, lang),
    {
      ttl: LIST_RESULT_TTL_MS,
    },
  );
  if (!fresh(entry)) entry = await computeFeatured(ctx, now, lang);
  return { featured_list: entry.slots, server_time: now, next_change_time: entry.nextChange };
}
