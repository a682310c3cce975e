/**
 * Webhook subscriptions and their delivery outbox in the store. Every event a company's subscription
 * names becomes one delivery row, written in one statement; each attempt claims its row for a lease, so
 * several servers on one database never send the same delivery at once.
 * @module
 */

/** A company's subscription. `secret` signs its deliveries and is shown once, when it is made. */
export interface WebhookRow {
  webhookId: string;
  companyId: string;
  url: string;
  events: string[];
  secret: string;
  createdAt: string;
}

/** One attempt of a delivery, as kept on its row (the latest few). */
export interface WebhookAttempt {
  /** ISO 8601 */
  at: string;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why the attempt did not count as delivered: a code and a message. */
  error?: { code: string; message: string };
  ms: number;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

/** One event for one subscription: its id is the `webhook-id` of every attempt. */
export interface WebhookDeliveryRow {
  deliveryId: string;
  webhookId: string;
  companyId: string;
  eventType: string;
  /** The exact body sent (and signed) on every attempt. */
  body: string;
  state: WebhookDeliveryState;
  attempts: number;
  /** ISO 8601: when the next attempt is due (while pending); under a claim, the claim's end. */
  nextAttemptAt: string;
  /** ISO 8601: retries are counted from here (the event, or a retry asked for by hand). */
  retryFrom: string;
  createdAt: string;
  deliveredAt?: string;
  recent: WebhookAttempt[];
}

/** A delivery claimed for an attempt, with where it goes and the key that signs it. */
export interface ClaimedWebhookDelivery extends WebhookDeliveryRow {
  url: string;
  secret: string;
}

/** How an attempt ended, written only while the row is still under the claim. */
export interface WebhookAttemptEnd {
  state: WebhookDeliveryState;
  /** While pending: when to try again. */
  nextAttemptAt: string;
  attempt: WebhookAttempt;
  /** The latest attempts to keep on the row, this one included. */
  recent: WebhookAttempt[];
}

/** Where webhook subscriptions and deliveries are kept. */
export interface WebhookStore {
  addWebhook(row: WebhookRow): Promise<void>;
  listWebhooks(companyId: string): Promise<WebhookRow[]>;
  getWebhook(companyId: string, webhookId: string): Promise<WebhookRow | undefined>;
  /** Deletes the subscription and its deliveries; false when the company has no such subscription. */
  deleteWebhook(companyId: string, webhookId: string): Promise<boolean>;
  /**
   * One pending delivery for each of the company's subscriptions that names `eventType`, due at `at`,
   * each with a fresh id; answers how many.
   */
  addWebhookEvent(event: { companyId: string; eventType: string; body: string; at: string }): Promise<number>;
  /**
   * Claims up to `limit` pending deliveries due at `now`: their next attempt moves to `leaseUntil`, which is
   * the claim passed to `endWebhookAttempt` (rows another caller is claiming are skipped).
   */
  claimWebhookDeliveries(now: string, leaseUntil: string, limit: number): Promise<ClaimedWebhookDelivery[]>;
  /** Records an attempt; false when the claim was lost (the row changed since), and nothing is written. */
  endWebhookAttempt(deliveryId: string, claim: string, end: WebhookAttemptEnd): Promise<boolean>;
  /** The subscription's deliveries, newest first. */
  listWebhookDeliveries(companyId: string, webhookId: string, limit: number): Promise<WebhookDeliveryRow[]>;
  getWebhookDelivery(companyId: string, webhookId: string, deliveryId: string): Promise<WebhookDeliveryRow | undefined>;
  /**
   * Makes a delivered or failed delivery pending again, due at `now` and counted from `now`, with the same
   * id; a pending one is left as it is. Answers the row as it is after.
   */
  retryWebhookDelivery(companyId: string, webhookId: string, deliveryId: string, now: string): Promise<WebhookDeliveryRow | undefined>;
}
