/**
 * The identity service (SPEC §1 roles and login methods, §3 User, §4 sign-in, token refresh and
 * sign-out, §7 User API): accounts with scrypt passwords, the login redirect with one-time codes,
 * access tokens (HS256 JWT) and rotating refresh tokens with reuse detection, the first
 * administrator, and the account side of third-party sign-in. The state and what every flow shares
 * are in `identityCore.ts`; each flow has its own module, and this class names them.
 *
 * Every method answers in wire shapes (`@plugin-center/contract/schemas`) and fails with `ApiError`s of
 * stable codes (INVALID_CREDENTIALS, INVALID_CODE, REDIRECT_NOT_ALLOWED, EMAIL_TAKEN, UNAUTHORIZED).
 */
import type { Locale } from '@plugin-center/contract';
import type {
  LoginCodeResult,
  LoginResult,
  Role,
  SignInBody,
  SignInResult,
  SignUpBody,
  TokenPair,
  UserInfo,
} from '@plugin-center/contract/schemas';
import type { IdentityConfig } from '../config/identity';
import type { Database } from '../db/database';
import type { SecretBox } from '../settings/secrets';
import type { AuthUser } from '../shared/auth';
import { ensureAdministrator, type SetAdministratorResult, setAdministrator } from './administrators';
import { setAccountLocale } from './data/accounts';
import { type DirectoryProfile, directorySignIn } from './directoryAccounts';
import { IdentityCore, type IdentityServiceOptions } from './identityCore';
import { exchangeCode, issueLoginCode, signIn, signUp } from './passwordLogin';
import { logout, purgeExpired, refresh, resetToken, validate } from './refreshTokens';
import { configuredSigningKeys, loadSigningKeys, readSigningKeys, SigningKeyRing } from './signingKeys';
import { bindThirdParty, type ThirdPartyProfile, thirdPartyAccount } from './thirdPartyAccounts';
import { AccessTokens } from './tokens';

/** The identity service of one database. Build it with {@link IdentityService.create}. */
export class IdentityService extends IdentityCore {
  /**
   * The server's sealing keys (`settings/secrets.ts`): seal what a directory method keeps on a link
   * (the OpenID Connect refresh token, see `oidc.ts`).
   */
  readonly secrets: SecretBox;

  private constructor(
    db: Database,
    settings: IdentityConfig,
    accessTokens: AccessTokens,
    clock: () => number,
    secrets: SecretBox,
  ) {
    super(db, settings, accessTokens, clock);
    this.secrets = secrets;
  }

  /**
   * Loads the signing keys and returns the service: `JWT_SECRET` (and `JWT_SECRET_PREVIOUS`) when
   * configured, else the keys the database keeps sealed with `secrets` (created on first start; a
   * clear key of an earlier version is sealed and its row deleted either way: `signingKeys.ts`).
   * What it did to the stored keys is told to `options.log` (a moved clear key, unreadable keys
   * replaced: only with `options.replaceUnreadableSigningKeys`).
   * @throws SigningKeysError when the stored keys cannot be opened with `secrets` and may not be
   *   replaced.
   */
  static async create(
    db: Database,
    settings: IdentityConfig,
    secrets: SecretBox,
    options: IdentityServiceOptions = {},
  ): Promise<IdentityService> {
    const clock = options.clock ?? Date.now;
    const log = options.log ?? {};
    const loaded = await loadSigningKeys(db, secrets, clock(), {
      replaceUnreadable: options.replaceUnreadableSigningKeys === true,
    });
    if (loaded.movedClearKey) {
      log.info?.(
        'sealed the access-token signing key kept in clear by an earlier version and deleted the clear copy',
      );
    }
    if (loaded.replacedUnreadable) {
      log.error?.(
        `the access-token signing keys could not be opened (${loaded.replacedUnreadable}); new keys replace them: access tokens issued before get 401, refresh tokens stay valid`,
      );
    }
    const ring = settings.jwtSecret
      ? new SigningKeyRing(configuredSigningKeys(settings.jwtSecret, settings.jwtSecretPrevious), clock)
      : new SigningKeyRing(
          loaded.keys,
          clock,
          () => readSigningKeys(db, secrets),
          (error) => log.warn?.(`reading the access-token signing keys failed: ${String(error)}`),
        );
    const service = new IdentityService(
      db,
      settings,
      new AccessTokens(ring, settings.accessTokenTtl, clock),
      clock,
      secrets,
    );
    service.onAccountCreated = options.onAccountCreated;
    return service;
  }

  /** Password sign-in of the login page (see `passwordLogin.ts` {@link signIn}). */
  signIn(body: SignInBody): Promise<SignInResult> {
    return signIn(this, body);
  }

  /** Sign-up of the login page (see `passwordLogin.ts` {@link signUp}). */
  signUp(body: SignUpBody): Promise<SignInResult> {
    return signUp(this, body);
  }

  /** `GET user/login/code`: a one-time code for another allowed site (see {@link issueLoginCode}). */
  issueLoginCode(caller: AuthUser, redirectUri: string): Promise<LoginCodeResult> {
    return issueLoginCode(this, caller, redirectUri);
  }

  /**
   * `GET user/login/code/user`: a one-time code exchanged for a session (see {@link exchangeCode}).
   * With `locale` (the browser's interface locale among the site's), the account's language is
   * recorded as it (`user_account.locale`: the language of its notification e-mails).
   */
  async exchangeCode(code: string, redirectUri: string, locale?: Locale): Promise<LoginResult> {
    const result = await exchangeCode(this, code, redirectUri);
    if (locale) await setAccountLocale(this.db.kysely, result.user_info.user_id, locale);
    return result;
  }

  /** `POST user/refresh_token`: rotates the refresh token (see `refreshTokens.ts` {@link refresh}). */
  refresh(refreshToken: string): Promise<TokenPair> {
    return refresh(this, refreshToken);
  }

  /** `GET user/valid`: the user of a live refresh token (see {@link validate}). */
  validate(refreshToken: string): Promise<UserInfo> {
    return validate(this, refreshToken);
  }

  /** `POST user/logout`: ends the session of a refresh or access token; 401 for any other (see {@link logout}). */
  logout(token: string): Promise<void> {
    return logout(this, token);
  }

  /** `POST user/reset_token`: new enterprise id, earlier sessions revoked (see {@link resetToken}). */
  resetToken(caller: AuthUser, eId: string): Promise<LoginResult> {
    return resetToken(this, caller, eId);
  }

  /** Deletes login codes and refresh tokens that expired more than a day ago. */
  purgeExpired(): Promise<void> {
    return purgeExpired(this);
  }

  /**
   * First start: makes sure an administrator exists, a created one named in `locale` (the site's
   * first locale; see `administrators.ts` {@link ensureAdministrator}).
   */
  ensureAdministrator(announce: (line: string) => void, locale: Locale): Promise<string | null> {
    return ensureAdministrator(this, announce, locale);
  }

  /** `plugin-center admin <email>`: creates or changes an administrator (see {@link setAdministrator}). */
  setAdministrator(email: string, role: Role, password?: string): Promise<SetAdministratorResult> {
    return setAdministrator(this, email, role, password);
  }

  /** The account of a provider's subject (see `thirdPartyAccounts.ts` {@link thirdPartyAccount}). */
  thirdPartyAccount(profile: ThirdPartyProfile): Promise<number> {
    return thirdPartyAccount(this, profile);
  }

  /**
   * The end of a directory sign-in (LDAP, OIDC, SAML, custom SSO): the person's account, created or
   * updated (see `directoryAccounts.ts` {@link directorySignIn}), and `redirectUri` with a one-time code.
   */
  directorySignIn(profile: DirectoryProfile, redirectUri: string): Promise<SignInResult> {
    return directorySignIn(this, profile, redirectUri);
  }

  /** `POST 3rd-party/bind`: binds a provider account to the signed-in user (see {@link bindThirdParty}). */
  bindThirdParty(userId: number, profile: ThirdPartyProfile): Promise<UserInfo> {
    return bindThirdParty(this, userId, profile);
  }
}
