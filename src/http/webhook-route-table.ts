/**
 * The rows of the webhook routes in the route table (their code is in webhook-routes.ts).
 * @module
 */
import { gstEventTypes } from '../ports/events.js';
import type { Route } from './types.js';
import { createWebhookRoute, deleteWebhookRoute, listWebhooksRoute, retryDeliveryRoute, webhookDeliveriesRoute } from './webhook-routes.js';

const W = '/api/svc/webhooks';

const row = (r: Pick<Route, 'operationId' | 'method' | 'path' | 'summary' | 'run' | 'openApi'>): Route => ({
  style: 'gstr',
  auth: true,
  tag: 'webhooks',
  flags: [],
  ...r,
});

const failure = (description: string): Record<string, unknown> => ({
  description: `${description}; the code is in the Svc-ErrorCode header`,
  headers: { 'Svc-ErrorCode': { schema: { type: 'string' } }, 'Svc-ErrorMessage': { schema: { type: 'string' } } },
});

/** The subscription's operation: its body, and the 201 that shows the secret once. */
const createOperation = (): Record<string, unknown> => ({
  operationId: 'createWebhook',
  summary: 'Subscribe a URL to events; answers the secret that signs the deliveries, once',
  tags: ['webhooks'],
  security: [{ basic: [] }],
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['url', 'events'],
          properties: {
            url: { type: 'string', format: 'uri', maxLength: 2048 },
            events: { type: 'array', minItems: 1, maxItems: 50, items: { enum: [...gstEventTypes] } },
          },
        },
      },
    },
  },
  responses: {
    '201': {
      description: 'Subscribed',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['id', 'url', 'events', 'secret', 'createdAt'],
            properties: {
              id: { type: 'string' },
              url: { type: 'string' },
              events: { type: 'array', items: { type: 'string' } },
              secret: { type: 'string', pattern: '^whsec_' },
              createdAt: { type: 'string', format: 'date-time' },
            },
          },
        },
      },
    },
    '400': failure('a bad body, URL (SVC-700 to SVC-703) or event list (SVC-704)'),
    '401': failure('no or bad credentials'),
    '409': failure('the company has as many webhooks as it may (SVC-712)'),
  },
});

/** Subscribe, list, delete, deliveries, retry. */
export const webhookRoutes: Route[] = [
  row({
    operationId: 'createWebhook',
    method: 'POST',
    path: W,
    summary: 'Subscribe a URL to events {url, events}; answers {id, secret} (the secret that signs deliveries, shown once)',
    openApi: createOperation,
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
