/**
 * One HTTP exchange with a portal, with a time limit, and the retry loop around it.
 *
 * Every failure is sorted by what it tells about the portal's state: a refused connection means the
 * request never arrived; a timeout, a dropped connection or a 5xx means it may have been acted on.
 * Callers whose action is not naturally repeatable (generate) use that to recognise their own
 * earlier success (docs/connectors.md, "Retries and idempotency").
 * @module
 */

/** Retry settings. Delays grow as base × 2^(attempt-1), capped, with up to 50 % random jitter. */
export interface RetryPolicy {
  /** Total attempts, the first included. Default 4. */
  attempts?: number;
  /** Default 250 ms. */
  baseDelayMs?: number;
  /** Default 4000 ms. */
  maxDelayMs?: number;
}

/** Where and how a portal is reached. */
export interface WireOptions {
  /** Time limit of one attempt in ms. Default 30 000. */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** Headers added to every call (a GSP's own authentication, for example). */
  extraHeaders?: Record<string, string>;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

export interface WireRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** What one attempt produced. */
export type WireOutcome =
  | { kind: 'answer'; status: number; json: unknown; text: string }
  | { kind: 'failure'; reason: 'refused' | 'timeout' | 'dropped' | 'server-error' | 'unreadable'; detail: string; maybeActed: boolean; status?: number };

const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function causeCode(e: unknown): string {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return '';
}

/** Sends one request; never throws. */
export async function sendOnce(request: WireRequest, options: WireOptions): Promise<WireOutcome> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await doFetch(request.url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.extraHeaders ?? {}),
        ...request.headers,
      },
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      signal,
    });
  } catch (e) {
    if (signal.aborted) return { kind: 'failure', reason: 'timeout', detail: `no answer within ${timeoutMs} ms`, maybeActed: true };
    const code = causeCode(e);
    if (REFUSED.has(code)) return { kind: 'failure', reason: 'refused', detail: code, maybeActed: false };
    return { kind: 'failure', reason: 'dropped', detail: code || (e as Error).message, maybeActed: true };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (e) {
    if (signal.aborted) return { kind: 'failure', reason: 'timeout', detail: `answer not complete within ${timeoutMs} ms`, maybeActed: true };
    return { kind: 'failure', reason: 'dropped', detail: causeCode(e) || (e as Error).message, maybeActed: true };
  }
  if (response.status >= 500) {
    return { kind: 'failure', reason: 'server-error', detail: `HTTP ${response.status}`, maybeActed: true, status: response.status };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'failure', reason: 'unreadable', detail: `HTTP ${response.status} with a body that is not JSON`, maybeActed: true, status: response.status };
  }
  return { kind: 'answer', status: response.status, json, text };
}

/** The delay before attempt `attempt + 1`. */
export function backoffMs(attempt: number, policy: RetryPolicy = {}, random: () => number = Math.random): number {
  const base = policy.baseDelayMs ?? 250;
  const max = policy.maxDelayMs ?? 4000;
  const plain = Math.min(max, base * 2 ** (attempt - 1));
  return Math.round(plain * (0.5 + random() * 0.5));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Which failures are worth another attempt: all but a 4xx answer that is not JSON (a wrong address, most likely). */
export function retryable(outcome: WireOutcome): boolean {
  if (outcome.kind === 'answer') return false;
  if (outcome.reason !== 'unreadable') return true;
  const status = outcome.status ?? 500;
  return status >= 500 || status < 400;
}
