/**
 * The sign-in methods of a private deployment as the back office configures them (SPEC §1 ldap,
 * oidc, saml, custom_sso; §7 `config/private/standard` with `logout_mode` and `logout_url`). An
 * administrator sees each method's variables — the same names as the environment's (`LDAP_URL`, …)
 * — with the environment's values beside the saved ones; a super administrator saves them. Saved
 * settings of a method replace the environment's for that method. Values are checked exactly as a
 * start checks the environment (`config/loginMethods.ts` methodConfigFrom), secrets (`…PASSWORD`,
 * `…SECRET`, `…PRIVATE_KEY`) are sealed at rest (`secrets.ts`), answered masked and never logged,
 * and every save is one transaction with its audit-log entry (`save_login_method`: which variables
 * changed, never a secret's value).
 */
import {
  ApiErrorCode,
  type DirectoryMethodName,
  type LoginMethodList,
  type LoginMethodSetting,
  type LogoutMode,
  Role,
  type SaveLoginMethodBody,
  SECRET_MASK_PREFIX,
  type SecretStatus,
} from '@plugin-center/contract/schemas';
import {
  DIRECTORY_METHODS,
  isSecretVariable,
  methodConfigFrom,
  methodVariables,
} from '../config/loginMethods';
import { ConfigError } from '../config/values';
import type { Database } from '../db/database';
import { ApiError } from '../errors';
import { accountName } from '../shared/accounts';
import { appendAuditLog } from '../shared/auditLog';
import { type AuthUser, NO_PERMISSION_MESSAGE } from '../shared/auth';
import { readSetting, readSettingForUpdate, writeSetting } from './data';
import { type SecretBox, SecretKeyError, sealedKeyId } from './secrets';
import { maskSecret } from './service';

/** How a method is offered and signed out of (SPEC §7). */
export interface MethodAccess {
  enable: boolean;
  logout_mode: LogoutMode;
  logout_url: string | null;
}

/** One method's saved settings: its values (secrets sealed) and its access. */
interface StoredMethod extends MethodAccess {
  variables: Record<string, string>;
}

/** The stored document `login_methods`: the methods saved in the back office. */
type StoredLoginMethods = Partial<Record<DirectoryMethodName, StoredMethod>>;

/** A method saved in the back office, as the identity service applies it. */
export interface SavedMethod extends MethodAccess {
  /** The method's settings made from the saved values (undefined: they configure no working method). */
  config: unknown;
}

/** The audit-log action of a save. */
export const LOGIN_METHOD_AUDIT_ACTION = 'save_login_method';

/** What the environment says about a method (the identity service's settings at start). */
export interface EnvironmentMethods {
  /** The environment's value of each variable (`process.env`). */
  values: NodeJS.ProcessEnv;
  /** Whether the environment's settings make the method work (`IdentityConfig.ldap` present, …). */
  configured(method: DirectoryMethodName): boolean;
  /** `PRIVATE_LOGIN_CONFIG`'s entry for the method, or the defaults. */
  access(method: DirectoryMethodName): MethodAccess;
}

/** Options of {@link LoginMethodSettings}. */
export interface LoginMethodSettingsOptions {
  environment: EnvironmentMethods;
  /** Current time, ms since the epoch (default `Date.now`). */
  clock?: () => number;
}

/** The sealing context of a method's secret variable (a sealed text cannot move to another variable). */
function context(method: DirectoryMethodName, name: string): string {
  return `login_methods.${method}.${name}`;
}

/** The back office's sign-in methods of one database. */
export class LoginMethodSettings {
  private readonly clock: () => number;
  private readonly environment: EnvironmentMethods;
  /** The last answer of {@link saved} and the stored document it was made from. */
  private lastSaved: { key: string; methods: Map<DirectoryMethodName, SavedMethod> } | undefined;

  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    options: LoginMethodSettingsOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    this.environment = options.environment;
  }

  /** Opens a sealed value; null when this server's key cannot. */
  private open(method: DirectoryMethodName, name: string, sealed: string): string | null {
    try {
      return this.box.open(sealed, context(method, name));
    } catch (error) {
      if (error instanceof SecretKeyError) return null;
      throw error;
    }
  }

  /** The clear values of a saved method; `unreadable` names the secrets this key cannot open. */
  private values(
    method: DirectoryMethodName,
    stored: StoredMethod,
  ): { clear: Record<string, string>; unreadable: string[] } {
    const clear: Record<string, string> = {};
    const unreadable: string[] = [];
    for (const [name, value] of Object.entries(stored.variables)) {
      if (!isSecretVariable(name)) clear[name] = value;
      else {
        const plain = this.open(method, name, value);
        if (plain === null) unreadable.push(name);
        else clear[name] = plain;
      }
    }
    return { clear, unreadable };
  }

  /** The settings a saved method's values make; undefined when they make none (or do not pass). */
  private configOf(method: DirectoryMethodName, clear: Record<string, string>): unknown {
    try {
      return methodConfigFrom(method, clear, this.environment.values);
    } catch (error) {
      if (error instanceof ConfigError) return undefined;
      throw error;
    }
  }

  /**
   * The methods saved in the back office, as the identity service applies them. The same stored
   * document answers the same map (the same settings objects), so the sign-ins built from them are
   * kept until a save changes them.
   */
  async saved(): Promise<Map<DirectoryMethodName, SavedMethod>> {
    const row = await readSetting<StoredLoginMethods>(this.db.kysely, 'login_methods');
    const key = row ? `${row.update_time}:${JSON.stringify(row.value)}` : '';
    if (this.lastSaved?.key === key) return this.lastSaved.methods;
    const stored = row?.value ?? {};
    const out = new Map<DirectoryMethodName, SavedMethod>();
    for (const method of DIRECTORY_METHODS) {
      const saved = stored[method];
      if (!saved) continue;
      const { clear, unreadable } = this.values(method, saved);
      out.set(method, {
        enable: saved.enable,
        logout_mode: saved.logout_mode,
        logout_url: saved.logout_url,
        config: unreadable.length ? undefined : this.configOf(method, clear),
      });
    }
    this.lastSaved = { key, methods: out };
    return out;
  }

  /** `GET /api/cmt/manager/login-methods` (admin): every method, secrets masked. */
  async list(): Promise<LoginMethodList> {
    const row = await readSetting<StoredLoginMethods>(this.db.kysely, 'login_methods');
    return {
      method_list: DIRECTORY_METHODS.map((method) =>
        this.describe(method, row?.value[method], row?.update_time ?? null),
      ),
    };
  }

  private describe(
    method: DirectoryMethodName,
    stored: StoredMethod | undefined,
    updateTime: number | null,
  ): LoginMethodSetting {
    const env = this.environment.values;
    const opened = stored ? this.values(method, stored) : { clear: {}, unreadable: [] };
    const variables = methodVariables(method).map(([name, schema]) => {
      const secret = isSecretVariable(name);
      const saved = stored?.variables[name];
      const plain = opened.clear[name as keyof typeof opened.clear] as string | undefined;
      const value =
        saved === undefined
          ? ''
          : !secret
            ? saved
            : plain === undefined
              ? SECRET_MASK_PREFIX
              : maskSecret(plain);
      const fromEnv = env[name] ?? '';
      return {
        name,
        summary: schema.summary,
        secret,
        value,
        environment: secret ? maskSecret(fromEnv) : fromEnv,
      };
    });
    const hasSecret = stored && Object.keys(stored.variables).some(isSecretVariable);
    const secret_status: SecretStatus = !hasSecret
      ? 'unset'
      : opened.unreadable.length
        ? 'undecryptable'
        : 'set';
    if (stored) {
      return {
        method,
        source: 'back_office',
        configured: opened.unreadable.length === 0 && this.configOf(method, opened.clear) !== undefined,
        enable: stored.enable,
        logout_mode: stored.logout_mode,
        logout_url: stored.logout_url,
        variables,
        secret_status,
        update_time: updateTime,
      };
    }
    const configured = this.environment.configured(method);
    return {
      method,
      source: configured ? 'environment' : 'none',
      configured,
      ...this.environment.access(method),
      variables,
      secret_status,
      update_time: null,
    };
  }

  /**
   * `PUT /api/cmt/manager/login-methods` (super administrator): saves one method, or with
   * `use_environment` deletes its saved settings. Values are checked as a start checks the
   * environment; a secret sent as the masked text it was shown keeps the stored one.
   * @returns the method as {@link list} shows it now
   * @throws ApiError FORBIDDEN (403) unless the caller is a super administrator; INVALID_PARAMETER
   *   (400, `field` = the variable) for a variable of another method, a NUL or control character in
   *   a value, a masked text that is not the stored one, or a value the configuration refuses; also
   *   (field `logout_url`) for a logout URL that is neither an http(s) URL nor a path.
   */
  async save(admin: AuthUser, body: SaveLoginMethodBody): Promise<LoginMethodSetting> {
    if (admin.role !== Role.SUPER_ADMIN) throw new ApiError(ApiErrorCode.FORBIDDEN, NO_PERMISSION_MESSAGE);
    const { method } = body;
    const own = new Set(methodVariables(method).map(([name]) => name));
    const bad = (field: string, message: string) =>
      new ApiError(ApiErrorCode.INVALID_PARAMETER, `body.${field}: ${message}`, undefined, field);
    for (const [name, value] of Object.entries(body.variables)) {
      if (!own.has(name as never)) throw bad(name, `is not a variable of the ${method} method`);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value))
        throw bad(name, 'contains a control character');
    }
    if (body.logout_url !== null && !isLogoutUrl(body.logout_url)) {
      throw bad('logout_url', 'must be an http(s) URL or a path starting with /');
    }
    const now = this.clock();
    const actorName = await accountName(this.db.kysely, admin.user_id);
    await this.db.kysely.transaction().execute(async (trx) => {
      const row = await readSettingForUpdate<StoredLoginMethods>(trx, this.db.dialect, 'login_methods');
      const document: StoredLoginMethods = { ...row?.value };
      const before = document[method];
      let reason: string;
      if (body.use_environment) {
        delete document[method];
        reason = `${method}: back to the environment's settings`;
      } else {
        const variables: Record<string, string> = {};
        const clear: Record<string, string> = {};
        const changed: string[] = [];
        for (const [name, raw] of Object.entries(body.variables)) {
          const value = raw.trim() === '' ? '' : raw;
          if (value === '') {
            if (before?.variables[name] !== undefined) changed.push(name);
            continue;
          }
          if (isSecretVariable(name)) {
            const stored = before?.variables[name];
            if (value.startsWith(SECRET_MASK_PREFIX)) {
              const plain = stored === undefined ? null : this.open(method, name, stored);
              if (plain === null || value !== maskSecret(plain)) {
                throw bad(
                  name,
                  'is a masked text that does not match the stored secret; send the secret itself',
                );
              }
              variables[name] =
                sealedKeyId(stored!) === this.box.keyId
                  ? stored!
                  : this.box.seal(plain, context(method, name));
              clear[name] = plain;
              continue;
            }
            variables[name] = this.box.seal(value, context(method, name));
            clear[name] = value;
            if (stored === undefined || this.open(method, name, stored) !== value) changed.push(name);
          } else {
            variables[name] = value;
            clear[name] = value;
            if (before?.variables[name] !== value) changed.push(name);
          }
        }
        for (const name of Object.keys(before?.variables ?? {})) {
          if (!(name in body.variables) && !changed.includes(name)) changed.push(name);
        }
        try {
          methodConfigFrom(method, clear, this.environment.values);
        } catch (error) {
          if (error instanceof ConfigError)
            throw bad(error.variable, error.message.replace(`${error.variable}: `, ''));
          throw error;
        }
        document[method] = {
          enable: body.enable,
          logout_mode: body.logout_mode,
          logout_url: body.logout_url,
          variables,
        };
        const access = `enable ${body.enable}, logout ${body.logout_mode}${body.logout_url ? ` to ${body.logout_url}` : ''}`;
        reason = `${method}: ${access}; ${changed.length ? `changed ${changed.sort().join(', ')}` : 'no variable changed'}`;
      }
      await writeSetting(trx, 'login_methods', document, now, admin.user_id);
      await appendAuditLog(trx, {
        time: now,
        actor_id: admin.user_id,
        actor_name: actorName,
        action: LOGIN_METHOD_AUDIT_ACTION,
        plugin_key: '',
        version: null,
        reason,
      });
    });
    const row = await readSetting<StoredLoginMethods>(this.db.kysely, 'login_methods');
    return this.describe(method, row?.value[method], row?.update_time ?? null);
  }
}

/** An http(s) URL or a same-site path (`/…`, not `//…`). */
function isLogoutUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
