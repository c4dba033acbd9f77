/**
 * The review's wire: the audit list and status, and the append-only audit log of administrative
 * actions.
 */
import { type Static, Type } from 'typebox';
import { KEYWORD_MAX_LENGTH, PAGE_SIZE } from '../constants';
import { NullableString } from './fields';

/**
 * Body of `POST /api/cmt/plugin/audit/status`: reject needs a reason (SPEC §4, §5); `version`, when
 * given, names the submission decided on.
 */
export const AuditStatusBody = Type.Object({
  plugin_key: Type.String({ minLength: 1, maxLength: 128 }),
  status: Type.Union([Type.Literal(2), Type.Literal(3)]),
  reason: Type.Optional(Type.String({ maxLength: 1000 })),
  version: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        'The version of the submission the administrator reviewed: when the one waiting is another (an edit replaced it meanwhile), nothing is decided (409 ALREADY_REVIEWED).',
    }),
  ),
});
export type AuditStatusBody = Static<typeof AuditStatusBody>;

/** Query of `GET /api/cmt/plugin/audit/list`: audit filter 0 all, 1 unaudited, 2 passed, 3 not passed. */
export const AuditListQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
  keyword: Type.Optional(Type.String({ maxLength: KEYWORD_MAX_LENGTH })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX })),
});
export type AuditListQuery = Static<typeof AuditListQuery>;

/** One entry of the append-only audit log of administrative actions. */
export const AuditLogEntry = Type.Object(
  {
    id: Type.Integer(),
    time: Type.Integer({ description: 'ms since the Unix epoch' }),
    actor: Type.Object({ user_id: Type.Union([Type.Integer(), Type.Null()]), nick_name: Type.String() }),
    action: Type.String({
      description:
        "approve, reject, delete, download, assign_owner; a plugin's listing (its owner or an administrator): unlist, relist, deprecate, undeprecate; curation: resource_create, resource_disable, resource_restore, recommendation_publish, silent_install_on, silent_install_off; ratings: rating_hide, rating_restore, rating_dismiss",
    }),
    plugin_key: Type.String(),
    version: NullableString,
    reason: NullableString,
  },
  { $id: 'AuditLogEntry' },
);
export type AuditLogEntry = Static<typeof AuditLogEntry>;

/** Query of `GET /api/cmt/manager/audit-log`: newest first, optionally one plugin's. */
export const AuditLogQuery = Type.Object({
  plugin_key: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  cursor: Type.Optional(Type.String({ maxLength: 512 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE.MAX })),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

/** Data of `GET /api/cmt/manager/audit-log`. */
export const AuditLogPage = Type.Object({
  entry_list: Type.Array(AuditLogEntry),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});
export type AuditLogPage = Static<typeof AuditLogPage>;
