/**
 * The settings service (SPEC §3 space setting, icon-font and stock-photo accounts, §7
 * "Other" calls): the space setting (brand, topic colour, login storage) with its defaults, and the
 * two external accounts, whose secrets are sealed at rest (`secrets.ts`), answered masked
 * (`maskSecret`) and never logged. Every save is one transaction with its audit-log entry
 * (`shared/auditLog.ts` `appendAuditLog`, `plugin_key` empty), which names what changed but never a
 * secret.
 */
import {
  ApiErrorCode,
  DEFAULT_TOPIC_COLOR_KEY,
  type IconfontBody,
  type IconfontConfig,
  type LoginStorage,
  type PexelsBody,
  type PexelsConfig,
  SECRET_MASK_PREFIX,
  type SecretStatus,
  type SpaceBrand,
  type SpaceSetting,
  type SpaceSettingBody,
  type SpaceSettingResource,
  type SpaceSettingResourceKey,
  type SpaceTemplate,
} from '@plugin-center/contract/schemas';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { accountName } from '../shared/accounts';
import { appendAuditLog } from '../shared/auditLog';
import type { AuthUser } from '../shared/auth';
import { deleteSetting, readSetting, readSettingForUpdate, type SettingName, writeSetting } from './data';
import { type SecretBox, SecretKeyError, sealedKeyId } from './secrets';

/** The stored document of the space setting: only what an administrator saved. */
interface StoredSpace {
  brand?: Partial<SpaceBrand>;
  template?: Partial<SpaceTemplate>;
  login_storage?: LoginStorage;
}

/** The stored document of the icon-font account: the client secret sealed. */
interface StoredIconfont {
  client_id: string;
  client_secret: string;
}

/** The stored document of the stock-photo account: the API key sealed. */
interface StoredPexels {
  api_key: string;
}

/** The additional authenticated data of each sealed secret (a sealed text cannot change setting). */
const CONTEXT = { iconfont: 'iconfont.client_secret', pexels: 'pexels.api_key' } as const;

/**
 * The masked form of a secret (SPEC: "never returned in full"): `SECRET_MASK_PREFIX` followed by its
 * last 4 characters when it has at least 12 (else the prefix alone); the empty string for none.
 */
export function maskSecret(secret: string): string {
  if (!secret) return '';
  return SECRET_MASK_PREFIX + (secret.length >= 12 ? secret.slice(-4) : '');
}

/** The audit-log actions of this service (`AuditLogEntry.action`). */
export const SETTINGS_AUDIT_ACTIONS = {
  space: 'save_space_setting',
  iconfont: 'save_iconfont',
  pexels: 'save_pexels',
} as const;

/** Options of {@link SettingsService}. */
export interface SettingsServiceOptions {
  /** `LOGIN_STORAGE`: the login storage until an administrator saves one. */
  defaultLoginStorage: LoginStorage;
  /** Current time, ms since the epoch (default `Date.now`). */
  clock?: () => number;
}

/** A stored secret as the service sees it: its status and, when it opens, the clear text. */
interface OpenedSecret {
  status: SecretStatus;
  plain: string | null;
}

/** The settings of this server. */
export class SettingsService {
  private readonly clock: () => number;
  private readonly defaultLoginStorage: LoginStorage;

  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    options: SettingsServiceOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    this.defaultLoginStorage = options.defaultLoginStorage;
  }

  // Space setting --------------------------------------------------------------------------------

  private spaceOf(stored: { value: StoredSpace; update_time: number } | undefined): SpaceSetting {
    const value = stored?.value ?? {};
    return {
      ext: {
        brand: { enable: value.brand?.enable ?? false, brand_key: value.brand?.brand_key ?? '' },
        template: { topic_color_key: value.template?.topic_color_key ?? DEFAULT_TOPIC_COLOR_KEY },
        login_storage: value.login_storage ?? this.defaultLoginStorage,
      },
      update_time: stored?.update_time ?? null,
    };
  }

  /**
   * `GET /api/pix/mst/spaces/setting` and `GET /api/pix/spaces/setting`: the space setting, its
   * defaults for what nobody saved (brand off, topic colour `indigo`, login storage `LOGIN_STORAGE`).
   */
  async spaceSetting(): Promise<SpaceSetting> {
    return this.spaceOf(await readSetting<StoredSpace>(this.db.kysely, 'space'));
  }

  /** `GET /api/pix/mst/spaces/setting/resource?key=`: one part of the space setting's `ext`. */
  async spaceSettingResource(key: SpaceSettingResourceKey): Promise<SpaceSettingResource> {
    const { ext } = await this.spaceSetting();
    return { key, value: ext[key] } as SpaceSettingResource;
  }

  /**
   * `PUT /api/cmt/manager/space-setting` (admin): merges the parts sent into the stored setting and
   * answers the whole setting; audit-logged (`save_space_setting`, what changed). The body is
   * validated by its schema (colour keys, storage 0–2, brand key shape).
   */
  async saveSpaceSetting(admin: AuthUser, body: SpaceSettingBody): Promise<SpaceSetting> {
    const now = this.clock();
    const actorName = await accountName(this.db.kysely, admin.user_id);
    await this.db.kysely.transaction().execute(async (trx) => {
      const current = await readSettingForUpdate<StoredSpace>(trx, this.db.dialect, 'space');
      const before = this.spaceOf(current);
      const stored = current?.value ?? {};
      const next: StoredSpace = { ...stored };
      const { brand, template, login_storage } = body.ext;
      if (brand) next.brand = { ...stored.brand, ...brand };
      if (template) next.template = { ...stored.template, ...template };
      if (login_storage !== undefined) next.login_storage = login_storage;
      const after = this.spaceOf({ value: next, update_time: now });
      const changes = describeSpaceChanges(before, after);
      await writeSetting(trx, 'space', next, now, admin.user_id);
      await appendAuditLog(trx, {
        time: now,
        actor_id: admin.user_id,
        actor_name: actorName,
        action: SETTINGS_AUDIT_ACTIONS.space,
        plugin_key: '',
        version: null,
        reason: changes || 'no change',
      });
    });
    return this.spaceSetting();
  }

  // External accounts ----------------------------------------------------------------------------

  private openSecret(sealed: string | undefined, name: keyof typeof CONTEXT): OpenedSecret {
    if (!sealed) return { status: 'unset', plain: null };
    try {
      return { status: 'set', plain: this.box.open(sealed, CONTEXT[name]) };
    } catch (error) {
      if (error instanceof SecretKeyError) return { status: 'undecryptable', plain: null };
      throw error;
    }
  }

  /** What the back office is shown for a stored secret (see `maskSecret`). */
  private static shown(secret: OpenedSecret): string {
    if (secret.status === 'unset') return '';
    return secret.plain === null ? SECRET_MASK_PREFIX : maskSecret(secret.plain);
  }

  /**
   * The sealed secret to store for `sent`: the stored one when `sent` is the masked text the back
   * office was shown (sealed again with the current key if an older one sealed it), none for an
   * empty text, else `sent` sealed.
   * @throws ApiError INVALID_PARAMETER (field `field`) for a masked text that is not the one shown.
   */
  private nextSecret(
    sent: string,
    stored: string | undefined,
    name: keyof typeof CONTEXT,
    field: string,
  ): { sealed: string | null; change: 'kept' | 'changed' | 'removed' | 'none' } {
    if (sent.startsWith(SECRET_MASK_PREFIX)) {
      const current = this.openSecret(stored, name);
      if (stored && sent === SettingsService.shown(current)) {
        // Kept; sealed again with the current key when an older key of `SECRETS_KEY` sealed it.
        const resealed =
          current.plain !== null && sealedKeyId(stored) !== this.box.keyId
            ? this.box.seal(current.plain, CONTEXT[name])
            : stored;
        return { sealed: resealed, change: 'kept' };
      }
      throw new ApiError(
        ApiErrorCode.INVALID_PARAMETER,
        `body.${field}: is a masked text that does not match the stored secret; send the secret itself`,
        undefined,
        field,
      );
    }
    if (sent === '') return { sealed: null, change: stored ? 'removed' : 'none' };
    return { sealed: this.box.seal(sent, CONTEXT[name]), change: 'changed' };
  }

  private async audit(
    trx: Database['kysely'],
    admin: AuthUser,
    actorName: string,
    action: string,
    reason: string,
    now: number,
  ): Promise<void> {
    await appendAuditLog(trx, {
      time: now,
      actor_id: admin.user_id,
      actor_name: actorName,
      action,
      plugin_key: '',
      version: null,
      reason,
    });
  }

  /** `GET /api/cmt/manager/space-setting/iconfont` (admin): the account, the secret masked. */
  async iconfont(): Promise<IconfontConfig> {
    const stored = await readSetting<StoredIconfont>(this.db.kysely, 'iconfont');
    const secret = this.openSecret(stored?.value.client_secret, 'iconfont');
    return {
      client_id: stored?.value.client_id ?? '',
      client_secret: SettingsService.shown(secret),
      secret_status: secret.status,
      update_time: stored?.update_time ?? null,
    };
  }

  /**
   * `PUT /api/cmt/manager/space-setting/iconfont` (admin): saves the account (the secret sealed; the
   * masked text keeps the stored one), or removes it when both fields are empty; audit-logged
   * (`save_iconfont`: the client id and whether the secret changed, never the secret).
   * @throws ApiError INVALID_PARAMETER with `field` `client_id` (a secret without a client id) or
   *   `client_secret` (a client id without a secret; a masked text that was not shown).
   */
  async saveIconfont(admin: AuthUser, body: IconfontBody): Promise<IconfontConfig> {
    const now = this.clock();
    const actorName = await accountName(this.db.kysely, admin.user_id);
    await this.db.kysely.transaction().execute(async (trx) => {
      const stored = await readSettingForUpdate<StoredIconfont>(trx, this.db.dialect, 'iconfont');
      const secret = this.nextSecret(
        body.client_secret,
        stored?.value.client_secret,
        'iconfont',
        'client_secret',
      );
      if (body.client_id === '' && secret.sealed === null) {
        await deleteSetting(trx, 'iconfont');
        await this.audit(trx, admin, actorName, SETTINGS_AUDIT_ACTIONS.iconfont, 'account removed', now);
        return;
      }
      if (body.client_id === '') {
        throw new ApiError(
          ApiErrorCode.INVALID_PARAMETER,
          'body.client_id: is required with a client secret',
          undefined,
          'client_id',
        );
      }
      if (secret.sealed === null) {
        throw new ApiError(
          ApiErrorCode.INVALID_PARAMETER,
          'body.client_secret: is required with a client id',
          undefined,
          'client_secret',
        );
      }
      await writeSetting(
        trx,
        'iconfont',
        { client_id: body.client_id, client_secret: secret.sealed },
        now,
        admin.user_id,
      );
      await this.audit(
        trx,
        admin,
        actorName,
        SETTINGS_AUDIT_ACTIONS.iconfont,
        `client_id ${body.client_id}; client secret ${secret.change === 'kept' ? 'kept' : 'changed'}`,
        now,
      );
    });
    return this.iconfont();
  }

  /** `GET /api/cmt/srv/config/pexels` (admin): the API key masked. */
  async pexels(): Promise<PexelsConfig> {
    const stored = await readSetting<StoredPexels>(this.db.kysely, 'pexels');
    const secret = this.openSecret(stored?.value.api_key, 'pexels');
    return {
      api_key: SettingsService.shown(secret),
      secret_status: secret.status,
      update_time: stored?.update_time ?? null,
    };
  }

  /**
   * `POST /api/cmt/srv/config/pexels` (admin): saves the API key (sealed; the masked text keeps it;
   * empty removes it); audit-logged (`save_pexels`: changed, kept or removed, never the key).
   * @throws ApiError INVALID_PARAMETER (field `api_key`) for a masked text that was not shown.
   */
  async savePexels(admin: AuthUser, body: PexelsBody): Promise<PexelsConfig> {
    const now = this.clock();
    const actorName = await accountName(this.db.kysely, admin.user_id);
    await this.db.kysely.transaction().execute(async (trx) => {
      const stored = await readSettingForUpdate<StoredPexels>(trx, this.db.dialect, 'pexels');
      const secret = this.nextSecret(body.api_key, stored?.value.api_key, 'pexels', 'api_key');
      if (secret.sealed === null) await deleteSetting(trx, 'pexels');
      else await writeSetting(trx, 'pexels', { api_key: secret.sealed }, now, admin.user_id);
      await this.audit(trx, admin, actorName, SETTINGS_AUDIT_ACTIONS.pexels, `API key ${secret.change}`, now);
    });
    return this.pexels();
  }

  /**
   * The icon-font account in clear, for server-side use (never for an answer): null when not set.
   * @throws SecretKeyError when the stored secret does not open with this server's keys.
   */
  async iconfontCredentials(): Promise<{ client_id: string; client_secret: string } | null> {
    const stored = await readSetting<StoredIconfont>(this.db.kysely, 'iconfont');
    if (!stored) return null;
    return {
      client_id: stored.value.client_id,
      client_secret: this.box.open(stored.value.client_secret, CONTEXT.iconfont),
    };
  }

  /**
   * The stock-photo API key in clear, for server-side use (never for an answer): null when not set.
   * @throws SecretKeyError when the stored key does not open with this server's keys.
   */
  async pexelsApiKey(): Promise<string | null> {
    const stored = await readSetting<StoredPexels>(this.db.kysely, 'pexels');
    return stored ? this.box.open(stored.value.api_key, CONTEXT.pexels) : null;
  }

  /**
   * The stored secrets this server's keys cannot open, each with the reason (key ids only), for the
   * start-up log: empty when all is well.
   */
  async unreadableSecrets(): Promise<string[]> {
    const out: string[] = [];
    const check = async (name: SettingName & keyof typeof CONTEXT, pick: (value: never) => string) => {
      const stored = await readSetting<never>(this.db.kysely, name);
      if (!stored) return;
      try {
        this.box.open(pick(stored.value), CONTEXT[name]);
      } catch (error) {
        if (!(error instanceof SecretKeyError)) throw error;
        out.push(error.message);
      }
    };
    await check('iconfont', (v: StoredIconfont) => v.client_secret);
    await check('pexels', (v: StoredPexels) => v.api_key);
    return out;
  }
}

/** "login_storage 0 → 2; topic_color_key indigo → teal" for the audit log. */
function describeSpaceChanges(before: SpaceSetting, after: SpaceSetting): string {
  const pairs: [string, unknown, unknown][] = [
    ['brand.enable', before.ext.brand.enable, after.ext.brand.enable],
    ['brand.brand_key', before.ext.brand.brand_key, after.ext.brand.brand_key],
    ['template.topic_color_key', before.ext.template.topic_color_key, after.ext.template.topic_color_key],
    ['login_storage', before.ext.login_storage, after.ext.login_storage],
  ];
  return pairs
    .filter(([, a, b]) => a !== b)
    .map(([name, a, b]) => `${name} ${JSON.stringify(a)} → ${JSON.stringify(b)}`)
    .join('; ');
}
