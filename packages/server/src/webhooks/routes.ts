/**
 * The webhooks' HTTP routes (docs/webhooks.md), all for administrators (`backoffice.webhook*`):
 * the endpoints (list, create, update, delete), an endpoint's delivery log, redeliver, a test event,
 * rotating an endpoint's signing secret.
 */
import type { WebhookEventType } from '@plugin-center/contract/schemas';
import type { FastifyInstance } from 'fastify';
import { tableRoute } from '../routeTable';
import type { WebhookDelivery, WebhooksService } from './service';

/** Options of {@link webhooksRoutes}. */
export interface WebhooksRoutesOptions {
  webhooks: WebhooksService;
}

/** The wire status of a delivery (`pending` | `delivered` | `failed`). */
const wire = (d: WebhookDelivery) => ({ ...d, status: d.status as 'pending' | 'delivered' | 'failed' });

/** Registers the back office's webhook routes. */
export async function webhooksRoutes(
  app: FastifyInstance,
  { webhooks }: WebhooksRoutesOptions,
): Promise<void> {
  tableRoute(app, 'backoffice', 'webhookList', async () => ({ list: await webhooks.listEndpoints() }));
  tableRoute(app, 'backoffice', 'webhookCreate', (request) =>
    webhooks.createEndpoint(request.user!, {
      ...request.body,
      events: request.body.events as WebhookEventType[],
    }),
  );
  tableRoute(app, 'backoffice', 'webhookUpdate', (request) => {
    const { id, ...changes } = request.body;
    return webhooks.updateEndpoint(request.user!, id, changes);
  });
  tableRoute(app, 'backoffice', 'webhookDelete', (request) =>
    webhooks.deleteEndpoint(request.user!, request.body.id),
  );
  tableRoute(app, 'backoffice', 'webhookDeliveries', async (request) => {
    const page = await webhooks.listDeliveries(request.query.endpoint_id, request.query.cursor);
    return { list: page.list.map(wire), next_cursor: page.next_cursor };
  });
  tableRoute(app, 'backoffice', 'webhookRedeliver', async (request) =>
    wire(await webhooks.redeliver(request.body.delivery_id)),
  );
  tableRoute(app, 'backoffice', 'webhookTest', async (request) =>
    wire(await webhooks.sendTest(request.body.id)),
  );
  tableRoute(app, 'backoffice', 'webhookRotate', (request) =>
    webhooks.rotateSecret(request.user!, request.body.id),
  );
}
