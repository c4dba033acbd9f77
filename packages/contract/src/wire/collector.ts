/**
 * The collector's wire (SPEC §3 analytics profile and events, §7 collector): the Sensors Data web
 * SDK's event JSON, which the collector decodes from `data` / `data_list` (base64 of the UTF-8 JSON,
 * with `crc` = the SDK's hashCode of that base64).
 */
import { type Static, Type } from 'typebox';

// ---------------------------------------------------------------------------------------------
// Analytics (SPEC §3 analytics profile and events, §7 collector, visual config, deeplink).
// The event is the Sensors Data web SDK's (sa-sdk-javascript) JSON, which the collector decodes from
// `data` / `data_list` (base64 of the UTF-8 JSON, with `crc` = the SDK's hashCode of that base64).
// ---------------------------------------------------------------------------------------------

/** A property value as Sensors allows it: string (≤ 500 chars), number, boolean, string list, null. */
const PropertyValue = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String()),
  Type.Null(),
]);

/**
 * One tracked record as the tracker sends it (the Sensors Data JSON): `type` `track` (an event),
 * `track_signup` (anonymous → logged-in, `original_id` the anonymous id), or `profile_*` (user
 * properties in `properties`). `time` in ms. `lib` names the SDK.
 */
export const TrackedEvent = Type.Object(
  {
    type: Type.Union([
      Type.Literal('track'),
      Type.Literal('track_signup'),
      Type.Literal('profile_set'),
      Type.Literal('profile_set_once'),
      Type.Literal('profile_unset'),
      Type.Literal('profile_delete'),
      Type.Literal('profile_append'),
      Type.Literal('profile_increment'),
      Type.Literal('track_id_bind'),
      Type.Literal('track_id_unbind'),
    ]),
    event: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    distinct_id: Type.String({ minLength: 1, maxLength: 255 }),
    original_id: Type.Optional(Type.String({ maxLength: 255 })),
    anonymous_id: Type.Optional(Type.String({ maxLength: 255 })),
    login_id: Type.Optional(Type.String({ maxLength: 255 })),
    identities: Type.Optional(Type.Record(Type.String(), Type.String())),
    time: Type.Integer({ description: 'ms since the Unix epoch' }),
    _track_id: Type.Optional(Type.Integer()),
    _flush_time: Type.Optional(Type.Integer()),
    lib: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
    properties: Type.Record(Type.String(), PropertyValue),
  },
  { $id: 'TrackedEvent' },
);
export type TrackedEvent = Static<typeof TrackedEvent>;

/**
 * Answer of `POST /sa`: how many records were stored, and each rejected one with its index in the
 * batch and the reason (the SPEC §8 validation texts where they apply). HTTP 200 when at least one
 * was stored (or the batch was empty), 400 when none was.
 */
export const CollectResult = Type.Object({
  accepted: Type.Integer({ minimum: 0 }),
  rejected: Type.Array(Type.Object({ index: Type.Integer({ minimum: 0 }), reason: Type.String() })),
});
export type CollectResult = Static<typeof CollectResult>;
