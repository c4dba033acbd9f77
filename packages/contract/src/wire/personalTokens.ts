/**
 * Personal access tokens on the wire (`/api/cmt/user/tokens`): a token as its owner's list shows it,
 * the list, creating one (shown once) and revoking one.
 */
import { type Static, Type } from 'typebox';
import { INT32_MAX } from './common';

/** A personal access token as its owner's list shows it (never the token itself). */
export const PersonalToken = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    prefix: Type.String({ description: 'the first characters of the token, e.g. pcpat_Ab3dE9' }),
    scope: Type.String({ description: 'publish: POST/PUT plugin and GET plugin/audit only' }),
    create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    expire_time: Type.Union([Type.Integer(), Type.Null()], { description: 'ms; null: never expires' }),
    last_used_time: Type.Union([Type.Integer(), Type.Null()], { description: 'ms; null: never used' }),
  },
  { $id: 'PersonalToken' },
);
export type PersonalToken = Static<typeof PersonalToken>;

/** Data of `GET /api/cmt/user/tokens`: the caller's tokens, newest first. */
export const PersonalTokenList = Type.Object({ token_list: Type.Array(PersonalToken) });
export type PersonalTokenList = Static<typeof PersonalTokenList>;

/** Body of `POST /api/cmt/user/tokens`. */
export const CreatePersonalTokenBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  /** Days until it expires (1–366); absent: never. */
  expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366 })),
});
export type CreatePersonalTokenBody = Static<typeof CreatePersonalTokenBody>;

/** Data of `POST /api/cmt/user/tokens`: the new token — `token` is shown this once, never again. */
export const CreatedPersonalToken = Type.Object({ ...PersonalToken.properties, token: Type.String() });
export type CreatedPersonalToken = Static<typeof CreatedPersonalToken>;

/** Body of `DELETE /api/cmt/user/tokens`. */
export const RevokePersonalTokenBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: INT32_MAX }) });
export type RevokePersonalTokenBody = Static<typeof RevokePersonalTokenBody>;
