/**
 * Kysely table types of the identity side of the database: accounts, refresh tokens, login codes,
 * third-party accounts, server secrets and personal access tokens (conventions as in `schema.ts`).
 */
import type { Generated } from 'kysely';

/** `personal_access_token` (migration 0010): publishing tokens, stored as SHA-256 hashes. */
export interface PersonalAccessTokenTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** hex SHA-256 of the whole token */
  token_hash: string;
  /** the token's first 12 characters (`pcpat_` and 6 more), shown in lists */
  prefix: string;
  /** what the token may do: `publish` (POST/PUT plugin, GET plugin/audit) */
  scope: Generated<string>;
  /** ms */
  create_time: number;
  /** ms; null: never expires */
  expire_time: number | null;
  /** ms; null: never used */
  last_used_time: number | null;
}

/** Who disabled an account (`user_account.disabled_by`). */
export type DisabledBy = 'admin' | 'directory';

/** `user_account`: one row per account (SPEC §3 User; migration 0003). */
export interface UserAccountTable {
  /** The wire's `user_id`. */
  id: Generated<number>;
  /** Stable public id of the account (random UUID). */
  account_id: string;
  /** Lower-cased; unique; null for a third-party account whose provider gave none. */
  email: string | null;
  /** `scrypt$N$r$p$salt$hash` (see `identity/passwords.ts`); null: no password sign-in. */
  password_hash: string | null;
  /** 0 general user, 1 super admin, 2 general admin (wire `Role`). */
  role: Generated<number>;
  /** 0/1 */
  is_owner: Generated<number>;
  /** 1 active, 0 disabled: the one flag every sign-in path, refresh and session check reads. */
  staff_status: Generated<number>;
  /**
   * The interface locale of the account's last sign-in (migration 0048; `identity/routes.ts` records
   * it at the code exchange): the language of its notification e-mails. Null: not known.
   */
  locale: Generated<string | null>;
  /**
   * Who disabled the account (migration 0033): null while active; `'admin'` an administrator in the
   * back office (`PUT /api/cmt/manager/users/status`), which a directory sign-in never overrides;
   * `'directory'` a directory check, which the next directory sign-in of the person undoes.
   */
  disabled_by: DisabledBy | null;
  /** ms */
  created_at: number;
  user_name: Generated<string>;
  nick_name: Generated<string>;
  mobile: string | null;
  avatar_url: string | null;
  department: string | null;
  /** Enterprise id, set by `POST user/reset_token`. */
  e_id: string | null;
  identification: string | null;
}

/** `refresh_token`: issued refresh tokens (hashed), grouped in rotation families. */
export interface RefreshTokenTable {
  id: Generated<number>;
  /** SHA-256 of the opaque token, base64url. */
  token_hash: string;
  /** Every token rotated from one sign-in shares it; reuse of a rotated token revokes the family. */
  family_id: string;
  user_id: number;
  /** ms */
  expires_at: number;
  /** ms */
  created_at: number;
  /** ms; set when the family was revoked (logout, reuse, reset). */
  revoked_at: number | null;
  /** Id of the token this one was rotated into; non-null means "already used". */
  replaced_by: number | null;
  /** The session's sign-in method, as its login code had it; null: unknown (migration 0037). */
  method: string | null;
}

/** `login_code`: one-time codes of the login redirect, bound to their redirect_uri. */
export interface LoginCodeTable {
  /** SHA-256 of the code, base64url. */
  code_hash: string;
  user_id: number;
  /** The normalised redirect_uri the code was issued for. */
  redirect_uri: string;
  /** ms */
  expires_at: number;
  /** ms; non-null once exchanged. */
  used_at: number | null;
  /** How the person signed in (`password`, `oauth2`, a directory method); null: unknown (migration 0037). */
  method: string | null;
}

/** `third_party_account`: a provider account (source + subject) mapped to a user. */
export interface ThirdPartyAccountTable {
  /** The configured provider's `source` name. */
  source: string;
  /** The provider's `sub`. */
  subject: string;
  user_id: number;
  /** ms */
  created_at: number;
  /**
   * Sealed provider credential a directory method redeems to check the person after sign-in (the
   * OpenID Connect refresh token); null: none kept (migration 0034).
   */
  credential: string | null;
  /** When the provider was last asked about the person, ms; null: never (migration 0034). */
  checked_at: number | null;
}

/** `server_secret`: secrets shared by every server process (e.g. `jwt_signing_keys`, sealed: `identity/signingKeys.ts`). */
export interface ServerSecretTable {
  name: string;
  value: string;
}

/** `sso_request` (migration 0032): a directory sign-in waiting for the provider's answer, spent once. */
export interface SsoRequestTable {
  /** SHA-256 (base64url) of the state, AuthnRequest id or request id. */
  id_hash: string;
  /** `oidc`, `saml` or `custom_sso`. */
  method: string;
  /** JSON of what the flow needs back (redirect_uri, nonce, PKCE verifier). */
  payload: string;
  /** ms */
  expires_at: number;
  /** ms; non-null once answered. */
  used_at: number | null;
}

/** `sso_assertion` (migration 0032): assertion and ticket ids accepted, kept until they expire (replay check). */
export interface SsoAssertionTable {
  method: string;
  assertion_id: string;
  /** ms */
  expires_at: number;
}
