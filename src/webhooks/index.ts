/**
 * Signed webhooks (Standard Webhooks): the event sink that keeps events in the store's outbox, the
 * delivery loop that sends them, the signature a receiver checks, and the guard on where they may go.
 *
 * @example
 * import { createWebhookDelivery, storeEventSink, verifyWebhook } from 'gstkit/webhooks';
 * @module
 */
export { webhookCodes } from './codes.js';
export { newWebhookSecret, signWebhook, verifyWebhook, webhookHeaders } from './signature.js';
export {
  checkWebhookUrl,
  checkWebhookUrlForm,
  refusedAddress,
  resolveAllowed,
  webhookPolicyFromEnv,
  type UrlProblem,
  type WebhookAddressPolicy,
} from './address-policy.js';
export { eventBody, storeEventSink } from './store-events.js';
export { createWebhookDelivery, defaultWebhookBackoff, RECENT_ATTEMPTS, type WebhookDelivery, type WebhookDeliveryOptions } from './delivery.js';
export {
  CONNECTION_EXPIRY_LEAD_MS,
  IMS_DEADLINE_LEAD_MS,
  nextGstr3bDue,
  pendingImsDocuments,
  runWatchPass,
  startWatch,
  WATCH_INTERVAL_MS,
  type WatchOptions,
  type WatchPassResult,
} from './watch.js';
export { httpWebhookSender, type SendOutcome, type WebhookSender } from './send.js';
export type { EventSink, GstEvent, GstEventType, GstEventTypes } from '../ports/events.js';
