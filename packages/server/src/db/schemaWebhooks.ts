/**
 * Kysely table types of webhooks (migrations 0047 and 0049, docs/webhooks.md; conventions as in `schema.ts`).
 */
import type { Generated } from 'kysely';

/** `webhook_endpoint`: a URL an administrator registered for some events. */
export interface WebhookEndpointTable {
  id: Generated<number>;
  /** The `http(s)` URL POSTed to. */
  url: string;
  /** The signing secret's bytes (base64), sealed (`SecretBox`, context `webhook-endpoint`). */
  secret: string;
  /** JSON list of event types. */
  events: string;
  /** 1: loopback, private and link-local addresses allowed by an administrator. */
  allow_private: Generated<number>;
  /** 0: nothing is sent. */
  enabled: Generated<number>;
  /** ms */
  create_time: number;
  /** The administrator's account id. */
  created_by: number | null;
  /** The secret the last rotation replaced, sealed like `secret` (migration 0049); null: none. */
  previous_secret: string | null;
  /** ms: until then deliveries are also signed with `previous_secret`; null: none. */
  previous_secret_until: number | null;
}

/** `webhook_delivery`: one event to one endpoint, with its last attempt. */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  event_type: string;
  /** `msg_…`: the `webhook-id` header. */
  msg_id: string;
  /** The JSON body sent. */
  payload: string;
  attempts: Generated<number>;
  /** ms */
  next_attempt_at: number;
  /** `pending` | `delivered` | `failed` */
  status: string;
  response_status: number | null;
  /** First 2 KB of the last response's body. */
  response_body: string | null;
  last_error: string | null;
  /** ms */
  create_time: number;
  /** ms */
  update_time: number;
}
