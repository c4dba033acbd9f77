/**
 * The banners of the square's carousel (SPEC §3 Banner, §5 "Banner link must be valid",
 * §6 admin only): list (public), save — create, or replace a banner's image, link or place — and
 * delete (administrators, audit-logged like the review actions).
 *
 * Images go through the shared uploads: the type sniffed from the bytes (`shared/uploadChecks.ts`,
 * PNG, JPEG, GIF or WebP; SVG refused), stored content-addressed in the same storage (local
 * `DATA_DIR/uploads` or S3) and served at `/api/cmt/file/<key>` like plugin images. Order of writes,
 * as for a publish: checks in memory, then the file (atomic), then one transaction with the row and
 * the audit entry; a failed transaction removes the file this request added. A replaced or deleted
 * image is removed after the row stops pointing to it, unless another row (banner, plugin,
 * submission) shares it. The orphan collection counts banner images as references
 * (`shared/storage/references.ts`), so an interrupted save leaves nothing behind for long and never takes a
 * banner's file.
 */
import { BANNER_LIMITS } from '@plugin-center/contract';
import { ApiErrorCode, type Banner } from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { accountName } from '../shared/accounts';
import { appendAuditLog } from '../shared/auditLog';
import type { AuthUser } from '../shared/auth';
import { FILE_URL_PREFIX, fileKey } from '../shared/storage/fileKeys';
import type { FileStorage } from '../shared/storage/fileStorage';
import { removeUnreferenced } from '../shared/storage/references';
import { checkImage } from '../shared/uploadChecks';
import { type BannerForm, wrongUrl } from './bannerForm';
import {
  type BannerRow,
  bannerById,
  deleteBannerRow,
  insertBanner,
  listBanners,
  lockBanners,
  updateBanner,
  writePositions,
} from './data/banners';

/** Audit-log actions of the banners; `plugin_key` of their entries is `banner:<id>`. */
export const BannerAction = {
  CREATE: 'banner_create',
  UPDATE: 'banner_update',
  DELETE: 'banner_delete',
} as const;

/** The `plugin_key` column of a banner's audit-log entries. */
export const bannerLogKey = (id: number) => `banner:${id}`;

const notFound = (id: number) => new ApiError(ApiErrorCode.BANNER_NOT_FOUND, `no banner with id ${id}`);

/** Options of {@link BannerService}. */
export interface BannerOptions {
  /** Current time, ms (default `Date.now`). */
  clock?: () => number;
}

/** The wire shape of a row at its place in the carousel. */
function toBanner(row: BannerRow, position: number): Banner {
  return { id: row.id, image: `${FILE_URL_PREFIX}${row.image}`, redirect_url: row.redirect_url, position };
}

/** The carousel with `moving` taken out and put back at `position` (clamped to the end). */
function reorder(rows: readonly BannerRow[], moving: BannerRow, position: number): BannerRow[] {
  const others = rows.filter((row) => row.id !== moving.id);
  others.splice(Math.min(position, others.length), 0, moving);
  return others;
}

/** The banner operations over one database and the uploads' file storage. */
export class BannerService {
  private readonly clock: () => number;

  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    options: BannerOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /**
   * `GET plugin-banner/all`: every banner in carousel order, `position` 0, 1, 2… (the stored places
   * are renumbered on every write, so they normally agree; ties are broken by id).
   */
  async list(): Promise<Banner[]> {
    return (await listBanners(this.db.kysely)).map((row, index) => toBanner(row, index));
  }

  /**
   * `PUT manager/plugin-banner`: creates a banner (no `id`) or changes one (see `SaveBannerFields`).
   *
   * @returns the banner as saved, with its place after the move
   * @throws ApiError 400 INVALID_PARAMETER 'Wrong url, please try again' (field `redirect_url`) when a
   *   new banner has no link; 400 INVALID_PARAMETER (field `image`) when it has no image, or when
   *   there are {@link BANNER_LIMITS}.COUNT banners already; 400 UPLOAD_REJECTED (field `image`) for
   *   a file that is not a whole PNG, JPEG, GIF or WebP image within the banner's pixel bounds
   *   (`checkImage` kind `banner`: at most 4096 × 2048); 404 BANNER_NOT_FOUND for an unknown `id`.
   *   The image stored is the re-encoded one.
   */
  async save(admin: AuthUser, form: BannerForm): Promise<Banner> {
    let key: string | undefined;
    // What is stored: the image as the check re-encoded it (see `checkImage`).
    let bytes: Buffer | undefined;
    if (form.image) {
      const checked = await checkImage(form.image, 'banner', 'image');
      if (!checked.ok)
        throw new ApiError(ApiErrorCode.UPLOAD_REJECTED, `image: ${checked.reason}`, 400, 'image');
      bytes = checked.image.bytes;
      key = fileKey(bytes, checked.image.type);
    }
    if (form.id === undefined) {
      if (form.redirectUrl === undefined) throw wrongUrl();
      if (key === undefined)
        throw new ApiError(ApiErrorCode.INVALID_PARAMETER, 'image: is required', 400, 'image');
    } else if (!(await bannerById(this.db.kysely, form.id))) {
      throw notFound(form.id);
    }
    const actorName = await accountName(this.db.kysely, admin.user_id);
    const added = key && bytes && (await this.storage.put(key, bytes)) ? [key] : [];
    let outcome: { id: number; replaced?: string | undefined };
    try {
      outcome = await this.db.kysely.transaction().execute(async (trx) => {
        await lockBanners(trx, this.db.dialect);
        const now = this.clock();
        const rows = await listBanners(trx);
        if (form.id === undefined) {
          if (rows.length >= BANNER_LIMITS.COUNT)
            throw new ApiError(
              ApiErrorCode.INVALID_PARAMETER,
              `image: at most ${BANNER_LIMITS.COUNT} banners`,
              400,
              'image',
            );
          const position = Math.min(form.position ?? rows.length, rows.length);
          const id = await insertBanner(trx, {
            image: key!,
            redirect_url: form.redirectUrl!,
            position,
            create_time: now,
            update_time: now,
          });
          const created = {
            id,
            image: key!,
            redirect_url: form.redirectUrl!,
            position,
            create_time: now,
            update_time: now,
          };
          await writePositions(trx, reorder(rows, created, position));
          await appendAuditLog(trx, {
            time: now,
            actor_id: admin.user_id,
            actor_name: actorName,
            action: BannerAction.CREATE,
            plugin_key: bannerLogKey(id),
            version: null,
            reason: `image ${key}, link ${form.redirectUrl}, position ${position}`,
          });
          return { id };
        }
        const current = rows.find((row) => row.id === form.id);
        if (!current) throw notFound(form.id); // deleted since the check above
        const changes: string[] = [];
        const set: Parameters<typeof updateBanner>[2] = {};
        if (key !== undefined && key !== current.image) {
          set.image = key;
          changes.push(`image ${current.image} → ${key}`);
        }
        if (form.redirectUrl !== undefined && form.redirectUrl !== current.redirect_url) {
          set.redirect_url = form.redirectUrl;
          changes.push(`link ${current.redirect_url} → ${form.redirectUrl}`);
        }
        const index = rows.indexOf(current);
        const order = form.position === undefined ? rows : reorder(rows, current, form.position);
        const moved = order.indexOf(current);
        if (moved !== index) changes.push(`position ${index} → ${moved}`);
        if (changes.length === 0) return { id: current.id };
        await updateBanner(trx, current.id, { ...set, update_time: now });
        await writePositions(trx, order);
        await appendAuditLog(trx, {
          time: now,
          actor_id: admin.user_id,
          actor_name: actorName,
          action: BannerAction.UPDATE,
          plugin_key: bannerLogKey(current.id),
          version: null,
          reason: changes.join('; '),
        });
        return { id: current.id, replaced: set.image ? current.image : undefined };
      });
    } catch (error) {
      await removeUnreferenced(this.db.kysely, this.storage, added);
      throw error;
    }
    // Files are shared by content: a deletion elsewhere may have removed ours between our write
    // and our commit (it saw no row yet). Putting again is a no-op when the file is there.
    if (key && bytes) await this.storage.put(key, bytes).catch(() => false);
    if (outcome.replaced) await removeUnreferenced(this.db.kysely, this.storage, [outcome.replaced]);
    const banners = await this.list();
    const saved = banners.find((banner) => banner.id === outcome.id);
    if (!saved) throw notFound(outcome.id); // deleted by a concurrent request right after the save
    return saved;
  }

  /**
   * `DELETE manager/plugin-banner`: deletes the banner (the ones after it move up) with an audit
   * entry in the same transaction, then its image unless another row shares it.
   * @throws ApiError 404 BANNER_NOT_FOUND
   */
  async remove(admin: AuthUser, id: number): Promise<{ id: number }> {
    const actorName = await accountName(this.db.kysely, admin.user_id);
    const removed = await this.db.kysely.transaction().execute(async (trx) => {
      await lockBanners(trx, this.db.dialect);
      const rows = await listBanners(trx);
      const row = rows.find((r) => r.id === id);
      if (!row || !(await deleteBannerRow(trx, id))) throw notFound(id);
      await writePositions(
        trx,
        rows.filter((r) => r.id !== id),
      );
      await appendAuditLog(trx, {
        time: this.clock(),
        actor_id: admin.user_id,
        actor_name: actorName,
        action: BannerAction.DELETE,
        plugin_key: bannerLogKey(id),
        version: null,
        reason: `image ${row.image}, link ${row.redirect_url}`,
      });
      return row;
    });
    await removeUnreferenced(this.db.kysely, this.storage, [removed.image]);
    return { id };
  }
}
