/**
 * An {@link InquiryForwarder} that posts each inquiry as JSON to a CRM webhook, with a timeout
 * and a few retries. The inquiry id travels as `Idempotency-Key`, so a CRM that honours it never
 * records a retried inquiry twice.
 *
 * A retry follows only answers that say the CRM did not take the inquiry (no connection, 408, 429,
 * 503). After a timeout or any other failure the CRM may have it already, or still be working on it:
 * trying again at once would deliver it again to a slow CRM, so the forwarder gives up and leaves the
 * next try to the outbox, later, with the same key.
 * @module
 */
import type { Inquiry, InquiryForwarder } from '../../ports/inquiry.js';

export interface WebhookForwarderOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when given. */
  token?: string;
  /** Milliseconds per attempt. Default 5000. */
  timeoutMs?: number;
  /** Extra attempts when the CRM certainly did not take the inquiry (refused connection, 408, 429, 503). Default 2. */
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

/** Answers after which the CRM has certainly not recorded the inquiry. */
const retryStatuses = new Set([408, 429, 503]);

/** Whether a fetch failure happened before any byte reached the CRM (refused, no such host). */
function neverConnected(e: unknown): boolean {
  const code = (e as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH';
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
          if (!retryStatuses.has(res.status)) break;
        } catch (e) {
          if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) {
            reason = 'the CRM did not answer in time';
            break;
          }
          reason = 'the CRM could not be reached';
          if (!neverConnected(e)) break;
        }
      }
      throw new ForwardError(reason, attempts);
    },
  };
}
