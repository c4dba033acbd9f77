/**
 * The schemas of the back office's webhook calls (spread into `PLUGIN_ROUTE_SCHEMAS`, `plugin.ts`;
 * docs/webhooks.md).
 */
import type { ROUTES } from '../routes';
import {
  CreatedWebhook,
  CreateWebhookBody,
  RedeliverWebhookBody,
  UpdateWebhookBody,
  WebhookDeleted,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointList,
} from '../wire/webhooks';
import { PLUGINS, type SchemasOf } from './definition';

const SSRF =
  'The URL is an absolute `http:` or `https:` URL of at most 2048 characters, without control characters, user or password (400 INVALID_PARAMETER, field `url`). Its host is resolved and refused (400 INVALID_PARAMETER, field `url`) when any address is loopback, private, link-local, unspecified, CGNAT, multicast or reserved (IPv4-mapped forms included) unless `allow_private` is true; checked again before every delivery.';

/** Schemas of the webhook calls. */
export const PLUGIN_WEBHOOK_ROUTE_SCHEMAS = {
  webhookList: {
    tags: PLUGINS,
    summary: 'Webhooks: every endpoint (admin)',
    description: 'Oldest first; secrets are never answered.',
    response: WebhookEndpointList,
  },
  webhookCreate: {
    tags: PLUGINS,
    summary: 'Webhooks: register an endpoint (admin; audit-logged)',
    description: `Answers the endpoint and its signing secret (\`whsec_…\`), shown this once. ${SSRF} Audit-logged (\`webhook_create\`).`,
    body: CreateWebhookBody,
    response: CreatedWebhook,
  },
  webhookUpdate: {
    tags: PLUGINS,
    summary: 'Webhooks: change an endpoint (admin; audit-logged)',
    description: `The fields given change. ${SSRF} 404 WEBHOOK_NOT_FOUND. Audit-logged (\`webhook_update\`).`,
    body: UpdateWebhookBody,
    response: WebhookEndpoint,
  },
  webhookDelete: {
    tags: PLUGINS,
    summary: 'Webhooks: delete an endpoint and its log (admin; audit-logged)',
    description: '404 WEBHOOK_NOT_FOUND. Audit-logged (`webhook_delete`).',
    body: WebhookEndpointBody,
    response: WebhookDeleted,
  },
  webhookDeliveries: {
    tags: PLUGINS,
    summary: "Webhooks: an endpoint's delivery log (admin)",
    description:
      'Newest first, 20 a page, each with its attempts, status, next attempt and the last response (status, first 2 KB of the body) or error. 404 WEBHOOK_NOT_FOUND; 400 INVALID_CURSOR.',
    querystring: WebhookDeliveriesQuery,
    response: WebhookDeliveryPage,
  },
  webhookRedeliver: {
    tags: PLUGINS,
    summary: 'Webhooks: send a delivery again (admin)',
    description:
      'A new delivery of the same message (same `webhook-id`), due now, with the whole retry schedule. 404 WEBHOOK_NOT_FOUND.',
    body: RedeliverWebhookBody,
    response: WebhookDelivery,
  },
  webhookTest: {
    tags: PLUGINS,
    summary: 'Webhooks: send a test event to an endpoint (admin)',
    description:
      'Records the event `webhook.test` (`data.message`) for this endpoint whatever its events, sent at once; read its result in the log. 404 WEBHOOK_NOT_FOUND.',
    body: WebhookEndpointBody,
    response: WebhookDelivery,
  },
  webhookRotate: {
    tags: PLUGINS,
    summary: "Webhooks: rotate an endpoint's signing secret (admin; audit-logged)",
    description:
      'Answers the endpoint and its new signing secret (`whsec_…`), shown this once. For 24 hours (`previous_secret_expires_at`) every delivery carries two signatures, `webhook-signature: v1,<new> v1,<old>`, so the receiver can switch over; after that only the new one (a secret replaced earlier stops at once). 404 WEBHOOK_NOT_FOUND. Audit-logged (`webhook_rotate`).',
    body: WebhookEndpointBody,
    response: CreatedWebhook,
  },
} as const satisfies SchemasOf<
  Pick<
    typeof ROUTES.backoffice,
    | 'webhookList'
    | 'webhookCreate'
    | 'webhookUpdate'
    | 'webhookDelete'
    | 'webhookDeliveries'
    | 'webhookRedeliver'
    | 'webhookTest'
    | 'webhookRotate'
  >
>;
