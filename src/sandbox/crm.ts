/**
 * An {@link InquiryForwarder} that posts each inquiry as JSON to a CRM webhook, with a timeout
 * and a few retries. The inquiry id travels as `Idempotency-Key`, so a CRM that honours it never
 * records a retried inquiry twice.
 * @module
 */
import type { Inquiry, InquiryForwarder } from './ports.js';

export interface WebhookForwarderOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when given. */
  token?: string;
  /** Milliseconds per attempt. Default 5000. */
  timeoutMs?: number;
  /** Extra attempts after a network error, timeout or 5xx. Default 2. */
  retries?: number;
  /** Pause before attempt n (1-based retry number). Default 200 ms * n. */
  backoffMs?: (retry: number) => number;
  fetch?: typeof fetch;
}

/** The CRM did not take an inquiry. */
export class ForwardError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
    this.name = 'ForwardError';
  }
}

/** Builds a webhook forwarder. */
export function webhookForwarder(options: WebhookForwarderOptions): InquiryForwarder {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const attempts = 1 + Math.max(0, options.retries ?? 2);
  const backoff = options.backoffMs ?? ((n: number) => 200 * n);
  return {
    async forward(inquiry: Inquiry) {
      let reason = 'no attempt made';
      for (let i = 0; i < attempts; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, backoff(i)));
        try {
          const res = await doFetch(options.url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'idempotency-key': inquiry.inquiryId,
              ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            },
            body: JSON.stringify(inquiry),
            signal: AbortSignal.timeout(timeoutMs),
          });
          await res.body?.cancel();
          if (res.ok) return;
          reason = `the CRM answered HTTP ${res.status}`;
          if (res.status < 500 && res.status !== 429 && res.status !== 408) break;
        } catch (e) {
          reason = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError') ? 'the CRM did not answer in time' : 'the CRM could not be reached';
        }
      }
      throw new ForwardError(reason, attempts);
    },
  };
}
