/**
 * Codes of webhook subscriptions and deliveries, in the `SVC-70x` block of the catalogue.
 * @module
 */

export const webhookCodes = {
  /** The URL is not an absolute http(s) URL, is longer than 2,048 characters, or carries a user name, password or fragment. */
  badUrl: 'SVC-700',
  /** The URL is plain http, and plain http is not allowed (GSTKIT_WEBHOOK_ALLOW_HTTP). */
  httpsRequired: 'SVC-701',
  /** The URL's host is, or resolves to, an address a webhook may not reach (loopback, private, link-local, ...). */
  addressRefused: 'SVC-702',
  /** The URL's host name does not resolve. */
  hostUnresolved: 'SVC-703',
  /** `events` is missing, empty, or names an unknown event type. */
  badEvents: 'SVC-704',
  /** No such webhook for this company. */
  webhookNotFound: 'SVC-705',
  /** No such delivery for this webhook. */
  deliveryNotFound: 'SVC-706',
  /** The delivery is pending already: its next attempt comes by itself. */
  deliveryPending: 'SVC-707',
  /** The receiver did not answer within the attempt's time limit. */
  attemptTimedOut: 'SVC-708',
  /** The receiver answered with a status other than 2xx. */
  receiverRefused: 'SVC-709',
  /** The receiver could not be reached (connection refused or reset, TLS failure). */
  receiverUnreachable: 'SVC-710',
  /** No attempt was acknowledged within the retry window: the delivery is failed. */
  gaveUp: 'SVC-711',
  /** The company has as many webhooks as it may. */
  tooManyWebhooks: 'SVC-712',
  /** The body is not a JSON object with `url` and `events`. */
  badBody: 'SVC-713',
} as const;
