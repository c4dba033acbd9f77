/**
 * The webhooks' wire (docs/webhooks.md): the endpoints administrators register for events, the
 * deliveries' log, "redeliver" and "send a test event". Back office only.
 */
import { type Static, Type } from 'typebox';
import { PAGE_SIZE } from '../constants';
import { INT32_MAX } from './common';

/**
 * The events an endpoint may ask for. `plugin.published` is sent with `plugin.approved` for a
 * plugin's first approval (the moment it enters the catalogue).
 */
export const WEBHOOK_EVENTS = [
  'plugin.submitted',
  'plugin.approved',
  'plugin.rejected',
  'plugin.published',
  'plugin.deleted',
  'review.posted',
] as const;
/** One of {@link WEBHOOK_EVENTS}. */
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Longest endpoint URL, characters. */
export const WEBHOOK_URL_MAX = 2048;

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: INT32_MAX, description });
const Url = Type.String({
  minLength: 1,
  maxLength: WEBHOOK_URL_MAX,
  description:
    'an absolute `http:` or `https:` URL without user or password; its host must resolve to public addresses unless `allow_private`',
});
const Events = Type.Array(Type.Enum(WEBHOOK_EVENTS), {
  minItems: 1,
  maxItems: WEBHOOK_EVENTS.length,
  description: 'the events sent to it',
});
const AllowPrivate = Type.Boolean({
  description:
    'true: loopback, private and link-local addresses allowed (the SSRF rule off for this endpoint)',
});

/** A registered endpoint (never its secret). */
export const WebhookEndpoint = Type.Object(
  {
    id: Id('id of the endpoint'),
    url: Type.String(),
    events: Type.Array(Type.Enum(WEBHOOK_EVENTS)),
    allow_private: Type.Boolean(),
    enabled: Type.Boolean({ description: 'false: nothing is sent to it' }),
    create_time: Type.Integer({ description: 'ms since the Unix epoch' }),
    created_by: Type.Union([Type.Integer(), Type.Null()], { description: "the administrator's account id" }),
    previous_secret_expires_at: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'ms since the Unix epoch: until then deliveries are also signed with the secret the last rotation replaced; null when no rotation is in its grace period',
    }),
  },
  { $id: 'WebhookEndpoint' },
);
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

/** `GET /api/cmt/manager/webhooks`: every endpoint, oldest first. */
export const WebhookEndpointList = Type.Object({ list: Type.Array(WebhookEndpoint) });
export type WebhookEndpointList = Static<typeof WebhookEndpointList>;

/** Body of `POST /api/cmt/manager/webhooks`. */
export const CreateWebhookBody = Type.Object(
  {
    url: Url,
    events: Events,
    allow_private: Type.Optional(AllowPrivate),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

/**
 * Answer of `POST /api/cmt/manager/webhooks` and of `POST …/webhooks/rotate`: the endpoint and its
 * (new) secret, shown this once.
 */
export const CreatedWebhook = Type.Object({
  endpoint: WebhookEndpoint,
  secret: Type.String({
    description: '`whsec_<base64 of 32 random bytes>`: the signing secret, shown only in this answer',
  }),
});
export type CreatedWebhook = Static<typeof CreatedWebhook>;

/** Body of `PUT /api/cmt/manager/webhooks`: the fields given change. */
export const UpdateWebhookBody = Type.Object(
  {
    id: Id('id of the endpoint'),
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    allow_private: Type.Optional(AllowPrivate),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

/** Body of `DELETE /api/cmt/manager/webhooks`, of `POST …/webhooks/test` and of `POST …/webhooks/rotate`. */
export const WebhookEndpointBody = Type.Object(
  { id: Id('id of the endpoint') },
  { additionalProperties: false },
);
export type WebhookEndpointBody = Static<typeof WebhookEndpointBody>;

/** Answer of `DELETE /api/cmt/manager/webhooks`. */
export const WebhookDeleted = Type.Object({ id: Type.Integer() });
export type WebhookDeleted = Static<typeof WebhookDeleted>;

/** One delivery: an event sent (or to send) to one endpoint, with its last attempt. */
export const WebhookDelivery = Type.Object(
  {
    id: Type.Integer(),
    endpoint_id: Type.Integer(),
    event_type: Type.String({ description: 'one of the events, or `webhook.test`' }),
    msg_id: Type.String({
      description: '`msg_…`: the `webhook-id` header, the same on every attempt and redelivery',
    }),
    payload: Type.String({ description: 'the JSON body sent: `{ type, timestamp, data }`' }),
    attempts: Type.Integer({ minimum: 0 }),
    status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
    next_attempt_at: Type.Integer({ description: 'ms; while pending, when the next attempt is due' }),
    response_status: Type.Union([Type.Integer(), Type.Null()], {
      description: "the last attempt's HTTP status; null when it got no response",
    }),
    response_body: Type.Union([Type.String(), Type.Null()], {
      description: "the first 2 KB of the last response's body",
    }),
    last_error: Type.Union([Type.String(), Type.Null()], {
      description: 'why the last attempt got no response (refused address, timeout, connection error)',
    }),
    create_time: Type.Integer({ description: 'ms' }),
    update_time: Type.Integer({ description: 'ms' }),
  },
  { $id: 'WebhookDelivery' },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/** Query of `GET /api/cmt/manager/webhooks/deliveries`. */
export const WebhookDeliveriesQuery = Type.Object(
  {
    endpoint_id: Id('id of the endpoint'),
    cursor: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
export type WebhookDeliveriesQuery = Static<typeof WebhookDeliveriesQuery>;

/** A page of an endpoint's deliveries, newest first (`PAGE_SIZE.DEFAULT`). */
export const WebhookDeliveryPage = Type.Object({
  list: Type.Array(WebhookDelivery),
  next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
});
export type WebhookDeliveryPage = Static<typeof WebhookDeliveryPage>;

/** Body of `POST /api/cmt/manager/webhooks/redeliver`. */
export const RedeliverWebhookBody = Type.Object(
  { delivery_id: Id('id of the delivery to send again') },
  { additionalProperties: false },
);
export type RedeliverWebhookBody = Static<typeof RedeliverWebhookBody>;

/** Deliveries per page. */
export const WEBHOOK_DELIVERY_PAGE = PAGE_SIZE.DEFAULT;
