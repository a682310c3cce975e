/**
 * The rows of the webhook routes in the route table (their code is in webhook-routes.ts).
 * @module
 */
import type { Route } from './types.js';
import { createWebhookRoute, deleteWebhookRoute, listWebhooksRoute, retryDeliveryRoute, webhookDeliveriesRoute } from './webhook-routes.js';

const W = '/api/svc/webhooks';

const row = (r: Pick<Route, 'operationId' | 'method' | 'path' | 'summary' | 'run'>): Route => ({ style: 'gstr', auth: true, tag: 'webhooks', flags: [], ...r });

/** Subscribe, list, delete, deliveries, retry. */
export const webhookRoutes: Route[] = [
  row({
    operationId: 'createWebhook',
    method: 'POST',
    path: W,
    summary: 'Subscribe a URL to events {url, events}; answers {id, secret} (the secret that signs deliveries, shown once)',
    run: createWebhookRoute,
  }),
  row({ operationId: 'listWebhooks', method: 'GET', path: W, summary: "The company's webhooks (without secrets)", run: listWebhooksRoute }),
  row({ operationId: 'deleteWebhook', method: 'DELETE', path: `${W}/{id}`, summary: 'Delete a webhook and its pending deliveries', run: deleteWebhookRoute }),
  row({
    operationId: 'webhookDeliveries',
    method: 'GET',
    path: `${W}/{id}/deliveries`,
    summary: "A webhook's recent deliveries, newest first, with their attempts' status and response code (query: limit 1..200)",
    run: webhookDeliveriesRoute,
  }),
  row({
    operationId: 'retryWebhookDelivery',
    method: 'POST',
    path: `${W}/{id}/deliveries/{deliveryId}/retry`,
    summary: 'Send a delivered or failed delivery again now, with the same webhook-id',
    run: retryDeliveryRoute,
  }),
];
