/**
 * The webhook routes: a company subscribes a URL to event types (`POST /api/svc/webhooks`, answered once
 * with the signing secret), lists and deletes its subscriptions, reads a subscription's recent deliveries
 * with their attempts, and asks for a delivery to be sent again (same `webhook-id`). The URL is checked
 * against the server's address policy when it is given, and again at every attempt.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { gstEventTypes, type GstEventType } from '../ports/events.js';
import type { WebhookDeliveryRow, WebhookRow } from '../ports/store.js';
import { exceededNesting } from '../schema/limits.js';
import { webhookCodes } from '../webhooks/codes.js';
import { newWebhookSecret } from '../webhooks/signature.js';
import { readJson, DEFAULT_BODY_LIMIT } from './body.js';
import { httpCodes } from './codes.js';
import { storedId } from './stored-id.js';
import { headerFailure, json } from './responses.js';
import type { RouteContext, WebhookOptions } from './types.js';

/** Subscriptions a company may hold unless the host says otherwise. */
export const DEFAULT_MAX_WEBHOOKS = 25;

/** A subscription as answered: never its secret. */
function shown(w: WebhookRow): Record<string, unknown> {
  return { id: w.webhookId, url: w.url, events: w.events, createdAt: w.createdAt };
}

/** A delivery as answered: its attempts, and for a failed one why it stopped. */
function deliveryShown(d: WebhookDeliveryRow): Record<string, unknown> {
  const last = d.recent[d.recent.length - 1];
  return {
    id: d.deliveryId,
    eventType: d.eventType,
    state: d.state,
    attempts: d.attempts,
    createdAt: d.createdAt,
    ...(d.state === 'pending' ? { nextAttemptAt: d.nextAttemptAt } : {}),
    ...(d.deliveredAt && d.state === 'delivered' ? { deliveredAt: d.deliveredAt } : {}),
    ...(last?.status !== undefined ? { lastStatus: last.status } : {}),
    ...(d.state === 'failed'
      ? { error: { code: webhookCodes.gaveUp, message: `no attempt was acknowledged within the retry window (${d.attempts} attempts)` } }
      : {}),
    recentAttempts: d.recent,
  };
}

function enabled(ctx: RouteContext): WebhookOptions {
  // The route table serves these routes only when the host gave `webhooks` (enabled.ts).
  return ctx.options.webhooks!;
}

/** `POST /api/svc/webhooks` `{url, events}`: answers `{id, url, events, secret, createdAt}`; the secret is shown only here. */
export async function createWebhookRoute(ctx: RouteContext): Promise<Response> {
  const hooks = enabled(ctx);
  const read = await readJson(ctx.request, ctx.options.bodyLimit ?? DEFAULT_BODY_LIMIT, ctx.extras);
  if (!read.ok) return headerFailure(read.status, read.status === 413 ? httpCodes.bodyTooLarge : webhookCodes.badBody, read.issue.message);
  const b = read.value;
  if (b === null || typeof b !== 'object' || Array.isArray(b) || exceededNesting(b))
    return headerFailure(400, webhookCodes.badBody, 'the body must be a JSON object {url, events}');
  const { url, events } = b as Record<string, unknown>;
  if (typeof url !== 'string' || url.trim() === '') return headerFailure(400, webhookCodes.badUrl, 'url must be an https URL');
  if (!Array.isArray(events) || events.length === 0 || events.length > 50)
    return headerFailure(400, webhookCodes.badEvents, `events must be a list of event types: ${gstEventTypes.join(', ')}`);
  const unknown = events.filter((e) => typeof e !== 'string' || !gstEventTypes.includes(e as GstEventType));
  if (unknown.length > 0)
    return headerFailure(400, webhookCodes.badEvents, `unknown event type ${JSON.stringify(unknown[0]).slice(0, 60)}; known: ${gstEventTypes.join(', ')}`);
  // Loaded on use: the address checks need node:dns and node:net, which gstkit/http does not load by itself.
  const { checkWebhookUrl } = await import('../webhooks/address-policy.js');
  const checked = await checkWebhookUrl(url.trim(), hooks.policy);
  if (!checked.ok) return headerFailure(400, checked.problem.code, checked.problem.message);
  const max = hooks.maxPerCompany ?? DEFAULT_MAX_WEBHOOKS;
  if ((await hooks.store.listWebhooks(ctx.company.id)).length >= max)
    return headerFailure(409, webhookCodes.tooManyWebhooks, `the company has ${max} webhooks, as many as it may; delete one first`);
  const row: WebhookRow = {
    webhookId: `wh_${randomUUID().replace(/-/g, '')}`,
    companyId: ctx.company.id,
    url: checked.url.href,
    events: [...new Set(events as string[])],
    secret: newWebhookSecret(),
    createdAt: ctx.clock.now().toISOString(),
  };
  await hooks.store.addWebhook(row);
  return json(201, { ...shown(row), secret: row.secret });
}

/** `GET /api/svc/webhooks`: the company's subscriptions, without their secrets. */
export async function listWebhooksRoute(ctx: RouteContext): Promise<Response> {
  const rows = await enabled(ctx).store.listWebhooks(ctx.company.id);
  return json(200, { webhooks: rows.map(shown) });
}

/** `DELETE /api/svc/webhooks/{id}`: the subscription and its pending deliveries go. */
export async function deleteWebhookRoute(ctx: RouteContext): Promise<Response> {
  const id = storedId(ctx, 'id');
  if (id === undefined) return notFound(ctx);
  const gone = await enabled(ctx).store.deleteWebhook(ctx.company.id, id);
  return gone ? json(200, { id: ctx.params['id'], deleted: true }) : notFound(ctx);
}

function notFound(ctx: RouteContext): Response {
  return headerFailure(404, webhookCodes.webhookNotFound, `the company has no webhook ${String(ctx.params['id']).slice(0, 80)}`);
}

/** `GET /api/svc/webhooks/{id}/deliveries?limit=N`: the latest deliveries (default 50, at most 200), newest first. */
export async function webhookDeliveriesRoute(ctx: RouteContext): Promise<Response> {
  const { store } = enabled(ctx);
  const id = storedId(ctx, 'id');
  if (id === undefined || !(await store.getWebhook(ctx.company.id, id))) return notFound(ctx);
  const limitText = ctx.url.searchParams.get('limit');
  const limit = limitText === null ? 50 : Number(limitText);
  if (!/^\d{1,3}$/.test(limitText ?? '50') || limit < 1 || limit > 200)
    return headerFailure(400, httpCodes.badParameter, 'query parameter limit must be a whole number from 1 to 200');
  const rows = await store.listWebhookDeliveries(ctx.company.id, id, limit);
  return json(200, { deliveries: rows.map(deliveryShown) });
}

/** `POST /api/svc/webhooks/{id}/deliveries/{deliveryId}/retry`: a delivered or failed delivery is sent again, now, with its id. */
export async function retryDeliveryRoute(ctx: RouteContext): Promise<Response> {
  const { store } = enabled(ctx);
  const id = storedId(ctx, 'id');
  if (id === undefined || !(await store.getWebhook(ctx.company.id, id))) return notFound(ctx);
  const deliveryId = storedId(ctx, 'deliveryId');
  const before = deliveryId === undefined ? undefined : await store.getWebhookDelivery(ctx.company.id, id, deliveryId);
  if (!before || deliveryId === undefined)
    return headerFailure(404, webhookCodes.deliveryNotFound, `webhook ${id} has no delivery ${String(ctx.params['deliveryId']).slice(0, 80)}`);
  if (before.state === 'pending')
    return headerFailure(409, webhookCodes.deliveryPending, `the delivery is pending already; its next attempt is due at ${before.nextAttemptAt}`);
  const after = await store.retryWebhookDelivery(ctx.company.id, id, deliveryId, ctx.clock.now().toISOString());
  return after
    ? json(202, deliveryShown(after))
    : headerFailure(404, webhookCodes.deliveryNotFound, `webhook ${id} has no delivery ${deliveryId.slice(0, 80)}`);
}
