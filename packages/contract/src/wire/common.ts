/**
 * The envelopes, the numeric bounds every request shares, and the health answer.
 */
import { type Static, type TSchema, Type } from 'typebox';

/** Schema of the success envelope `{ code, data }` around a payload schema. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Union([Type.Literal(0), Type.Literal(200)]), data });

/** A failed response: `code` from {@link ApiErrorCode}, `error` its identifier, `message` a readable text. */
export const ErrorEnvelope = Type.Object(
  {
    code: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    data: Type.Null(),
    field: Type.Optional(
      Type.String({ description: 'the request field the error is about (publish form fields)' }),
    ),
  },
  { $id: 'ErrorEnvelope' },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/**
 * Largest value of a PostgreSQL `integer` column (int32, 2³¹ − 1): the bound of every request field
 * that is compared with such a column (ids), so both dialects answer 400 rather than PostgreSQL a
 * 500 "out of range for type integer".
 */
export const INT32_MAX = 2_147_483_647;

/**
 * Latest instant a JavaScript `Date` can hold, ms since the epoch (ECMA-262 §21.4.1.1: ±8.64e15):
 * the bound of every request time, so no range turns into an `Invalid Date`.
 */
export const MAX_TIME_MS = 8_640_000_000_000_000;

/** One public key of the version-signing JWKS: an Ed25519 key (RFC 8037) with its id. */
export const VersionPublicJwk = Type.Object(
  {
    kty: Type.Literal('OKP'),
    crv: Type.Literal('Ed25519'),
    x: Type.String({ description: 'the public key, base64url' }),
    kid: Type.String({ description: 'RFC 7638 thumbprint of the key' }),
    alg: Type.Literal('EdDSA'),
    use: Type.Literal('sig'),
  },
  { $id: 'VersionPublicJwk' },
);
export type VersionPublicJwk = Static<typeof VersionPublicJwk>;

/**
 * `GET /.well-known/plugin-center/jwks.json`: the public keys of version signatures (a JWKS, RFC
 * 7517), the key that signs now first, then every earlier one (old versions keep verifying).
 */
export const VersionKeySet = Type.Object({ keys: Type.Array(VersionPublicJwk) }, { $id: 'VersionKeySet' });
export type VersionKeySet = Static<typeof VersionKeySet>;

/** Health answer of `GET /healthz`. */
export const Health = Type.Object({ status: Type.Literal('ok'), database: Type.String() });
export type Health = Static<typeof Health>;
