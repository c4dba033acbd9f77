/**
 * Settings' wire: the space setting (SPEC §3 brand, topic colour, login storage), the icon-font and
 * stock-photo accounts (secrets masked) and the people of the back office (SPEC §1 roles).
 */
import { type Static, Type } from 'typebox';
import { PAGE_SIZE } from '../constants';
import { INT32_MAX } from './common';
import { NullableString, RoleSchema } from './fields';

// ---------------------------------------------------------------------------------------------
// Settings: the space setting (SPEC §3 brand, topic colour, login
// storage), the icon-font and stock-photo accounts (SPEC §3, secrets masked), and the people of the
// back office (SPEC §1 roles, §2 "user info"; super admins make and unmake general admins).
// ---------------------------------------------------------------------------------------------

/**
 * The topic colours an administrator may choose for the space (SPEC §3 `ext.template.topic_color_key`).
 * The app maps each key to its accent tokens (a `Record<TopicColorKey, …>` keeps it complete); the
 * intended accents: indigo `#4f46e5` (the house `--accent` of `app/src/tokens.css`, the default),
 * blue `#2563eb`, teal `#0d9488`, green `#16a34a`, orange `#ea580c`, red `#dc2626`, pink `#db2777`,
 * purple `#9333ea`. (Here, not in the TypeBox-free entry, to keep that one within its size budget.)
 */
export const TOPIC_COLOR_KEYS = [
  'indigo',
  'blue',
  'teal',
  'green',
  'orange',
  'red',
  'pink',
  'purple',
] as const;
/** A value of {@link TOPIC_COLOR_KEYS}. */
export type TopicColorKey = (typeof TOPIC_COLOR_KEYS)[number];
/** The topic colour of a space nobody has configured. */
export const DEFAULT_TOPIC_COLOR_KEY: TopicColorKey = 'indigo';

/**
 * How a stored secret (icon-font client secret, stock-photo API key) is shown: never in full, but
 * as this prefix (eight U+2022 bullets) followed by its last 4 characters when it has at least 12,
 * else the prefix alone. Sending the masked text back unchanged keeps the stored secret.
 */
export const SECRET_MASK_PREFIX = '\u2022'.repeat(8);

const LoginStorageSchema = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
  description: 'where the SSO client keeps the login record: 0 local storage, 1 session storage, 2 cookie',
});

/** A value of `TOPIC_COLOR_KEYS` (contract constants): the space's topic colour. */
export const TopicColorKeySchema = Type.Unsafe<TopicColorKey>(
  Type.Union(
    TOPIC_COLOR_KEYS.map((key) => Type.Literal(key)),
    { description: `one of TOPIC_COLOR_KEYS: ${TOPIC_COLOR_KEYS.join(', ')} (default indigo)` },
  ),
);

/** A brand key: lower-case letters, digits, `-` and `_`, at most 64; empty for none. */
const BrandKey = Type.String({
  maxLength: 64,
  pattern: '^(?:[a-z0-9][a-z0-9_-]{0,63})?$',
  description: 'the brand shown by the product (lower-case letters, digits, - and _), empty for none',
});

/** SPEC §3 `ext.brand`: whether the space shows its own brand, and which one. Default `{ enable: false, brand_key: '' }`. */
export const SpaceBrand = Type.Object({ enable: Type.Boolean(), brand_key: BrandKey });
export type SpaceBrand = Static<typeof SpaceBrand>;

/** SPEC §3 `ext.template`: the topic colour. Default `{ topic_color_key: 'indigo' }`. */
export const SpaceTemplate = Type.Object({ topic_color_key: TopicColorKeySchema });
export type SpaceTemplate = Static<typeof SpaceTemplate>;

/**
 * Data of `GET /api/pix/spaces/setting` (query space_id=2), `GET /api/pix/mst/spaces/setting` and
 * `PUT /api/cmt/manager/space-setting` (SPEC §3 space setting): the one space of this server. Public.
 * `login_storage` defaults to the `LOGIN_STORAGE` environment variable until an administrator saves one.
 */
export const SpaceSetting = Type.Object(
  {
    ext: Type.Object({
      brand: SpaceBrand,
      template: SpaceTemplate,
      login_storage: LoginStorageSchema,
    }),
    update_time: Type.Union([Type.Integer(), Type.Null()], {
      description: 'ms since the Unix epoch of the last save; null while everything is a default',
    }),
  },
  { $id: 'SpaceSetting' },
);
export type SpaceSetting = Static<typeof SpaceSetting>;

/**
 * Body of `PUT /api/cmt/manager/space-setting` (admin): the parts to change, each optional (at least
 * one); what is left out keeps its value. Unknown colour keys, a storage outside 0–2, unknown fields:
 * 400 INVALID_PARAMETER.
 */
export const SpaceSettingBody = Type.Object(
  {
    ext: Type.Object(
      {
        brand: Type.Optional(
          Type.Object(
            { enable: Type.Optional(Type.Boolean()), brand_key: Type.Optional(BrandKey) },
            { additionalProperties: false, minProperties: 1 },
          ),
        ),
        template: Type.Optional(
          Type.Object({ topic_color_key: TopicColorKeySchema }, { additionalProperties: false }),
        ),
        login_storage: Type.Optional(LoginStorageSchema),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
  },
  { additionalProperties: false },
);
export type SpaceSettingBody = Static<typeof SpaceSettingBody>;

/** The keys of `GET /api/pix/mst/spaces/setting/resource`: one part of the space setting's `ext`. */
export const SpaceSettingResourceKey = Type.Union([
  Type.Literal('brand'),
  Type.Literal('template'),
  Type.Literal('login_storage'),
]);
export type SpaceSettingResourceKey = Static<typeof SpaceSettingResourceKey>;

/** Query of `GET /api/pix/mst/spaces/setting/resource` (SPEC §7 "query key"). */
export const SpaceSettingResourceQuery = Type.Object(
  { key: SpaceSettingResourceKey },
  { additionalProperties: false },
);
export type SpaceSettingResourceQuery = Static<typeof SpaceSettingResourceQuery>;

/**
 * Data of `GET /api/pix/mst/spaces/setting/resource?key=`: the part of `ext` named by `key`
 * (`brand` → `SpaceBrand`, `template` → `SpaceTemplate`, `login_storage` → 0, 1 or 2).
 */
export const SpaceSettingResource = Type.Union([
  Type.Object({ key: Type.Literal('brand'), value: SpaceBrand }),
  Type.Object({ key: Type.Literal('template'), value: SpaceTemplate }),
  Type.Object({ key: Type.Literal('login_storage'), value: LoginStorageSchema }),
]);
export type SpaceSettingResource = Static<typeof SpaceSettingResource>;

/**
 * State of a stored secret: `unset` (none saved), `set` (stored, shown masked), `undecryptable` (stored
 * with another key than the server's: restore the key, or save the secret again; docs/deployment.md).
 */
export const SecretStatus = Type.Union([
  Type.Literal('unset'),
  Type.Literal('set'),
  Type.Literal('undecryptable'),
]);
export type SecretStatus = Static<typeof SecretStatus>;

/** An identifier of an external account: printable ASCII without spaces, at most 256; empty for none. */
const AccountId = Type.String({ maxLength: 256, pattern: '^[\\x21-\\x7E]*$' });
/**
 * A secret as sent by the back office: printable ASCII without spaces (at most 512), empty to remove
 * it, or exactly the masked text it was shown (`SECRET_MASK_PREFIX` + last 4) to keep the stored one.
 */
const SecretInput = Type.String({
  maxLength: 512,
  pattern: `^(?:[\\x21-\\x7E]*|${SECRET_MASK_PREFIX}[\\x21-\\x7E]{0,4})$`,
  description: 'the secret; empty removes it; the masked text it was shown keeps the stored one',
});
const MaskedSecret = Type.String({
  description:
    'never the secret: SECRET_MASK_PREFIX (8 × U+2022) + its last 4 characters (when ≥ 12), empty when unset',
});
const UpdateTime = Type.Union([Type.Integer(), Type.Null()], {
  description: 'ms since the Unix epoch of the last save; null: never saved',
});

/**
 * Data of `GET` and `PUT /api/cmt/manager/space-setting/iconfont` (admin; SPEC §3 icon-font
 * account): the client id in clear, the client secret masked.
 */
export const IconfontConfig = Type.Object({
  client_id: Type.String(),
  client_secret: MaskedSecret,
  secret_status: SecretStatus,
  update_time: UpdateTime,
});
export type IconfontConfig = Static<typeof IconfontConfig>;

/**
 * Body of `PUT /api/cmt/manager/space-setting/iconfont`: both empty removes the account; a client id
 * needs a secret (stored or sent) and a secret a client id, else 400 INVALID_PARAMETER (`field`).
 */
export const IconfontBody = Type.Object(
  { client_id: AccountId, client_secret: SecretInput },
  { additionalProperties: false },
);
export type IconfontBody = Static<typeof IconfontBody>;

/** Data of `GET` and `POST /api/cmt/srv/config/pexels` (admin; SPEC §3 stock-photo account): the API key masked. */
export const PexelsConfig = Type.Object({
  api_key: MaskedSecret,
  secret_status: SecretStatus,
  update_time: UpdateTime,
});
export type PexelsConfig = Static<typeof PexelsConfig>;

/** Body of `POST /api/cmt/srv/config/pexels`: the API key; empty removes it; the masked text keeps it. */
export const PexelsBody = Type.Object({ api_key: SecretInput }, { additionalProperties: false });
export type PexelsBody = Static<typeof PexelsBody>;

/** A person as the back office's people page shows them (SPEC §3 user fields, §1 roles). */
export const AdminUser = Type.Object(
  {
    user_id: Type.Integer(),
    email: NullableString,
    user_name: Type.String(),
    nick_name: Type.String(),
    avatar_url: NullableString,
    created_at: Type.Integer({ description: 'ms since the Unix epoch' }),
    role: RoleSchema,
    staff_status: Type.Integer({ description: '1 active, 0 disabled' }),
    disabled_by: Type.Union([Type.Literal('admin'), Type.Literal('directory'), Type.Null()], {
      description:
        "who disabled the account: 'admin' (an administrator; a directory sign-in never undoes it), 'directory' (the company directory reported the person inactive, undone when it reports them active again); null when active",
    }),
    publisher_handle: Type.Union([Type.String(), Type.Null()], {
      description: "the account's publisher handle; null when none was chosen",
    }),
    publisher_verified: Type.Boolean({
      description: 'a verified publisher (by an administrator or by domain)',
    }),
  },
  { $id: 'AdminUser' },
);
export type AdminUser = Static<typeof AdminUser>;

/**
 * Query of `GET /api/cmt/manager/users` (admin): newest accounts first; `keyword` matches part of the
 * email, nick name or user name (case-insensitive); `role` keeps one role.
 */
export const UserListQuery = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 254 })),
    role: Type.Optional(RoleSchema),
    cursor: Type.Optional(Type.String({ maxLength: 512 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX })),
  },
  { additionalProperties: false },
);
export type UserListQuery = Static<typeof UserListQuery>;

/** Data of `GET /api/cmt/manager/users`: one page, the number of matches, the next page's cursor (null on the last). */
export const UserListResult = Type.Object({
  user_list: Type.Array(AdminUser),
  total: Type.Integer({ minimum: 0 }),
  next_cursor: NullableString,
});
export type UserListResult = Static<typeof UserListResult>;

/**
 * Body of `PUT /api/cmt/manager/users/role` (super admin only): make a user a general administrator
 * (2) or a general user again (0). Role 1 cannot be given or taken here (`plugin-center admin`).
 */
export const SetUserRoleBody = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1, maximum: INT32_MAX }),
    role: Type.Union([Type.Literal(0), Type.Literal(2)], { description: '0 general user, 2 general admin' }),
  },
  { additionalProperties: false },
);
export type SetUserRoleBody = Static<typeof SetUserRoleBody>;

/**
 * Body of `PUT /api/cmt/manager/users/status` (admin): disable (`staff_status` 0) or enable again
 * (1) an account. A general user's by any administrator, a general administrator's only by a super
 * administrator; never a super administrator's or one's own.
 */
export const SetUserStatusBody = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1, maximum: INT32_MAX }),
    staff_status: Type.Union([Type.Literal(0), Type.Literal(1)], { description: '0 disabled, 1 active' }),
  },
  { additionalProperties: false },
);
export type SetUserStatusBody = Static<typeof SetUserStatusBody>;

// ---------------------------------------------------------------------------------------------
// Sign-in methods of a private deployment (SPEC §1 ldap, oidc, saml, custom_sso): each method's
// variables (the names of its environment variables), saved in the back office with the secrets
// sealed, and whether and how it is offered (SPEC §7 `logout_mode`, `logout_url`).
// ---------------------------------------------------------------------------------------------

/** A directory sign-in method the back office configures. */
export const DirectoryMethodName = Type.Union([
  Type.Literal('ldap'),
  Type.Literal('oidc'),
  Type.Literal('saml'),
  Type.Literal('custom_sso'),
]);
export type DirectoryMethodName = Static<typeof DirectoryMethodName>;

/** One variable of a sign-in method as the back office shows it. */
export const LoginMethodVariable = Type.Object({
  /** The environment variable's name (`LDAP_URL`). */
  name: Type.String(),
  /** One line saying what it is (the `--help` text). */
  summary: Type.String(),
  /** A secret: `value` and `environment` are masked (`SECRET_MASK_PREFIX` + last 4), never in clear. */
  secret: Type.Boolean(),
  /** The value saved in the back office; empty when none is saved. */
  value: Type.String(),
  /** The value the server's environment gives (masked for a secret); empty when unset. */
  environment: Type.String(),
});
export type LoginMethodVariable = Static<typeof LoginMethodVariable>;

/**
 * A sign-in method's settings: `source` `back_office` when an administrator saved them (they
 * replace the environment's for this method), `environment` when the variables of the server's
 * environment configure it, `none` otherwise; `configured` says whether the settings in force
 * make a working method; `enable` / `logout_mode` / `logout_url` are what
 * `GET /api/uc/config/private/standard/{product}` answers for it.
 */
export const LoginMethodSetting = Type.Object({
  method: DirectoryMethodName,
  source: Type.Union([Type.Literal('back_office'), Type.Literal('environment'), Type.Literal('none')]),
  configured: Type.Boolean(),
  enable: Type.Boolean(),
  logout_mode: Type.Union([Type.Literal('default'), Type.Literal('redirect')]),
  logout_url: NullableString,
  variables: Type.Array(LoginMethodVariable),
  secret_status: SecretStatus,
  update_time: UpdateTime,
});
export type LoginMethodSetting = Static<typeof LoginMethodSetting>;

/** Data of `GET /api/cmt/manager/login-methods` (admin): every directory method, in SPEC §1 order. */
export const LoginMethodList = Type.Object({ method_list: Type.Array(LoginMethodSetting) });
export type LoginMethodList = Static<typeof LoginMethodList>;

/**
 * Body of `PUT /api/cmt/manager/login-methods` (super administrator): the method's values by
 * variable name (only its own variables; an empty value is unset; a secret sent back exactly as the
 * masked text it was shown keeps the stored one), whether it is offered and how logout works.
 * `use_environment: true` deletes the saved settings: the environment's apply again.
 */
export const SaveLoginMethodBody = Type.Object(
  {
    method: DirectoryMethodName,
    use_environment: Type.Optional(Type.Boolean()),
    enable: Type.Boolean(),
    logout_mode: Type.Union([Type.Literal('default'), Type.Literal('redirect')]),
    logout_url: Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()]),
    variables: Type.Record(
      Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,63}$' }),
      Type.String({ maxLength: 65536 }),
      { maxProperties: 64 },
    ),
  },
  { additionalProperties: false },
);
export type SaveLoginMethodBody = Static<typeof SaveLoginMethodBody>;
