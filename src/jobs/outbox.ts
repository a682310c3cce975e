/**
 * The sales inquiry outbox: every inquiry that passed the captcha is written to the store before the
 * CRM is tried. When the CRM is down or slow the caller gets BACKEND_ERROR (SPEC) with the inquiry's
 * reference, and a delivery loop retries with growing pauses until the CRM takes it; the outbox is in
 * the store, so a restart loses nothing. Each try carries the inquiry id as Idempotency-Key (the same
 * key on every try), so a CRM that honours it records an inquiry once.
 *
 * Several servers may share the store: a try first claims the row for a lease (`claimDueInquiries`), so
 * two delivery loops never carry the same inquiry at once, and the request's own first try holds the row
 * until its first pause is over.
 * @module
 */
import type { InquiryDelivery } from '../ports/inquiry.js';
import type { Inquiry, InquiryForwarder } from '../ports/inquiry.js';
import type { Store } from '../ports/store.js';
import { systemClock, type Clock } from '../clock.js';

export interface InquiryOutboxOptions {
  store: Store;
  /** Carries an inquiry to the CRM (for example the webhook forwarder). */
  forwarder: InquiryForwarder;
  clock?: Clock;
  /** Pause before try n (n = 1 after the first failure). Default 30 s doubling, at most 1 hour. */
  backoffMs?: (attempt: number) => number;
  /** How often the loop looks for inquiries due for another try, ms. Default 10 s. */
  pollMs?: number;
  /**
   * How long one delivery try holds an inquiry, ms; longer than the forwarder can take (its timeout times
   * its attempts). Default 60 s.
   */
  leaseMs?: number;
  /** Told about each failed retry. */
  onRetryFailed?: (inquiry: Inquiry, error: Error, attempts: number) => void;
}

export interface InquiryOutbox {
  /** The hooks to spread into the handler's `deal` options (with the captcha). */
  deal: Pick<InquiryDelivery, 'forwarder' | 'onInquiry' | 'onForwardFailed'>;
  /** Tries every inquiry that is due now; answers how many were delivered. */
  deliverDue(): Promise<number>;
  /** Starts the delivery loop. */
  start(): void;
  close(): Promise<void>;
}

export const defaultInquiryBackoff = (attempt: number): number => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));

/** Builds the outbox over the store. */
export function createInquiryOutbox(options: InquiryOutboxOptions): InquiryOutbox {
  const { store, forwarder } = options;
  const clock = options.clock ?? systemClock;
  const backoff = options.backoffMs ?? defaultInquiryBackoff;
  const pollMs = options.pollMs ?? 10_000;
  const leaseMs = options.leaseMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let delivering: Promise<number> | undefined;
  const later = (attempt: number): string => new Date(clock.now().getTime() + backoff(attempt)).toISOString();

  const deliverDue = async (): Promise<number> => {
    let delivered = 0;
    // One inquiry claimed at a time: a claim's lease covers one try, not a queue of them.
    for (let i = 0; i < 50; i++) {
      const now = clock.now();
      const [row] = await store.claimDueInquiries(now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), 1);
      if (!row) break;
      const inquiry = row.payload as unknown as Inquiry;
      try {
        await forwarder.forward(inquiry);
        await store.markInquiryDelivered(row.inquiryId);
        delivered++;
      } catch (e) {
        const error = e instanceof Error ? e : new Error(String(e));
        await store.markInquiryRetry(row.inquiryId, later(row.attempts + 1), error.message, row.nextAttemptAt);
        options.onRetryFailed?.(inquiry, error, row.attempts + 1);
      }
    }
    return delivered;
  };

  return {
    deal: {
      forwarder: {
        async forward(inquiry) {
          await forwarder.forward(inquiry);
          await store.markInquiryDelivered(inquiry.inquiryId);
        },
      },
      async onInquiry(inquiry) {
        const now = clock.now();
        // The request itself makes the first try: no delivery loop takes the row before the first pause
        // and a whole try are over.
        const hold = new Date(now.getTime() + Math.max(backoff(1), leaseMs)).toISOString();
        await store.addInquiry({
          inquiryId: inquiry.inquiryId,
          payload: { ...inquiry },
          state: 'pending',
          attempts: 0,
          nextAttemptAt: hold,
          createdAt: now.toISOString(),
        });
      },
      async onForwardFailed(inquiry, reason) {
        await store.markInquiryRetry(inquiry.inquiryId, later(1), reason.message);
      },
    },
    deliverDue() {
      // One pass at a time in this process.
      delivering ??= deliverDue().finally(() => (delivering = undefined));
      return delivering;
    },
    start() {
      timer = setInterval(() => void this.deliverDue().catch(() => {}), pollMs);
      timer.unref?.();
    },
    async close() {
      if (timer) clearInterval(timer);
      await delivering?.catch(() => 0);
    },
  };
}
