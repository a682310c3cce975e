/**
 * The webhook delivery loop: it claims due deliveries from the store's outbox for a lease, sends each
 * signed (Standard Webhooks: the delivery's id as `webhook-id` on every attempt, a fresh timestamp and
 * signature each time), and records the attempt while its claim holds. A receiver that does not
 * acknowledge (2xx) in time is tried again with growing pauses until the retry window (24 hours by
 * default) is over; then the delivery is failed, and listed so. Every server on one store may run a loop:
 * a claim is taken by one of them, so each attempt is made once; a server that stops mid-attempt leaves its
 * claim to run out, and the attempt is made again, with the same id.
 * @module
 */
import type { ClaimedWebhookDelivery, Store, WebhookAttempt } from '../ports/store.js';
import { systemClock, type Clock } from '../clock.js';
import type { WebhookAddressPolicy } from './address-policy.js';
import { httpWebhookSender, type SendOutcome, type WebhookSender } from './send.js';
import { webhookCodes } from './codes.js';
import { webhookHeaders } from './signature.js';

/** Attempts kept on a delivery's row, newest last. */
export const RECENT_ATTEMPTS = 10;

export interface WebhookDeliveryOptions {
  store: Store;
  /** What webhooks may reach. */
  policy: WebhookAddressPolicy;
  clock?: Clock;
  /** Time limit of one attempt, ms. Default 10 s. */
  timeoutMs?: number;
  /** How long an attempt holds its delivery, ms; longer than an attempt can take. Default the timeout and 20 s. */
  leaseMs?: number;
  /** Pause before attempt n + 1 after n failed ones. Default 5 s doubling, at most 1 hour, with a tenth of jitter. */
  backoffMs?: (failedAttempts: number) => number;
  /** How long a delivery is retried, ms, counted from its event (or from a retry asked for by hand). Default 24 h. */
  retryForMs?: number;
  /** Pause when nothing was due, ms. Default 500. */
  pollMs?: number;
  /** Deliveries claimed, and sent at once, per pass. Default 16. */
  batch?: number;
  /** Sends an attempt; default HTTP(S) under the policy. */
  send?: WebhookSender;
  /** Told about an attempt that was not acknowledged, and about a failing store. */
  onAttemptFailed?: (delivery: ClaimedWebhookDelivery, attempt: WebhookAttempt, gaveUp: boolean) => void;
  onError?: (error: unknown) => void;
}

export interface WebhookDelivery {
  /** One pass: claims what is due, attempts it, records it; answers how many attempts were made. */
  deliverDue(): Promise<number>;
  /** Runs passes until closed. */
  start(): void;
  /** Stops: no new claim; attempts in flight are cut off and left to their lease, so none is lost. */
  close(): Promise<void>;
}

export const defaultWebhookBackoff = (failedAttempts: number): number => {
  const base = Math.min(3_600_000, 5_000 * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(base * (0.9 + Math.random() * 0.2));
};

/** Builds the delivery loop over the store. */
export function createWebhookDelivery(options: WebhookDeliveryOptions): WebhookDelivery {
  const { store } = options;
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = options.leaseMs ?? timeoutMs + 20_000;
  const backoff = options.backoffMs ?? defaultWebhookBackoff;
  const retryForMs = options.retryForMs ?? 86_400_000;
  const pollMs = options.pollMs ?? 500;
  const batch = Math.max(1, options.batch ?? 16);
  const ownSender = options.send ? undefined : httpWebhookSender(options.policy, timeoutMs);
  const send = options.send ?? ownSender!;
  const stopping = new AbortController();
  let closed = false;
  let pass: Promise<number> | undefined;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  const attempt = async (row: ClaimedWebhookDelivery): Promise<void> => {
    const started = clock.now();
    const startedMs = Date.now();
    const body = row.body;
    const outcome: SendOutcome = await send(
      row.url,
      webhookHeaders(row.secret, row.deliveryId, Math.floor(started.getTime() / 1000), body),
      body,
      stopping.signal,
    ).catch((e: unknown) => ({ error: { code: webhookCodes.receiverUnreachable, message: e instanceof Error ? e.message : String(e) } }));
    // Cut off by shutdown: not an attempt. The claim runs out and the next server or start makes it.
    if (stopping.signal.aborted) return;
    const record: WebhookAttempt = {
      at: started.toISOString(),
      ...(outcome.status !== undefined ? { status: outcome.status } : {}),
      ...(outcome.error ? { error: outcome.error } : {}),
      ms: Date.now() - startedMs,
    };
    const recent = [...row.recent, record].slice(-RECENT_ATTEMPTS);
    const now = clock.now();
    if (!outcome.error) {
      await store.endWebhookAttempt(row.deliveryId, row.nextAttemptAt, { state: 'delivered', nextAttemptAt: now.toISOString(), attempt: record, recent });
      return;
    }
    const gaveUp = now.getTime() - Date.parse(row.retryFrom) >= retryForMs;
    const next = gaveUp ? now : new Date(now.getTime() + backoff(row.attempts + 1));
    await store.endWebhookAttempt(row.deliveryId, row.nextAttemptAt, {
      state: gaveUp ? 'failed' : 'pending',
      nextAttemptAt: next.toISOString(),
      attempt: record,
      recent,
    });
    options.onAttemptFailed?.(row, record, gaveUp);
  };

  const deliverDue = async (): Promise<number> => {
    let made = 0;
    const inFlight = new Set<Promise<void>>();
    try {
      // A few batches per pass, so a backlog drains without starving the pause between passes of a quiet loop.
      for (let i = 0; i < 8 && !closed; i++) {
        const now = clock.now();
        const claimed = await store.claimWebhookDeliveries(now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), batch);
        if (claimed.length === 0) break;
        for (const row of claimed) {
          const running: Promise<void> = attempt(row)
            .catch((e: unknown) => options.onError?.(e))
            .finally(() => inFlight.delete(running));
          inFlight.add(running);
        }
        made += claimed.length;
        if (claimed.length < batch) break;
        // The next claim goes once half the batch is done: attempts start as soon as they are claimed, and the
        // connections do not wait for a batch's slowest receiver.
        while (inFlight.size > batch / 2) await Promise.race(inFlight);
      }
    } finally {
      await Promise.all(inFlight);
    }
    return made;
  };

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });

  const delivery: WebhookDelivery = {
    deliverDue() {
      pass ??= deliverDue().finally(() => (pass = undefined));
      return pass;
    },
    start() {
      if (loop || closed) return;
      loop = (async () => {
        while (!closed) {
          let made = 0;
          try {
            made = await delivery.deliverDue();
          } catch (e) {
            options.onError?.(e);
          }
          if (!closed && made === 0) await sleep(pollMs);
        }
      })();
    },
    async close() {
      closed = true;
      stopping.abort();
      wake?.();
      await loop;
      await pass?.catch(() => 0);
      ownSender?.close();
    },
  };
  return delivery;
}
