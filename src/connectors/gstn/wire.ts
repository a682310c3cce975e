/**
 * One HTTP exchange with the GSP, with a time limit, and the retry loop around it.
 *
 * Each failure is sorted by what it says about the portal's state: a refused connection means the request
 * never arrived; a timeout, a dropped connection or a 5xx means it may have been acted on. Actions that
 * must not run twice (RETFILE) are sent once and told which of the two happened.
 * @module
 */
import type { RetryPolicy } from './options.js';

export interface WireRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface WireSettings {
  fetch: typeof fetch;
  timeoutMs: number;
  retry: Required<RetryPolicy>;
}

export type WireOutcome =
  | { kind: 'answer'; status: number; json: unknown }
  | { kind: 'failure'; reason: 'refused' | 'timeout' | 'dropped' | 'server-error' | 'unreadable'; detail: string; maybeActed: boolean; status?: number };

const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function causeCode(e: unknown): string {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return '';
}

/** Sends one request; never throws. */
export async function sendOnce(request: WireRequest, settings: WireSettings): Promise<WireOutcome> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let response: Response;
  try {
    response = await settings.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      signal,
    });
  } catch (e) {
    if (signal.aborted) return { kind: 'failure', reason: 'timeout', detail: `no answer within ${settings.timeoutMs} ms`, maybeActed: true };
    const code = causeCode(e);
    if (REFUSED.has(code)) return { kind: 'failure', reason: 'refused', detail: `connection refused (${code})`, maybeActed: false };
    return { kind: 'failure', reason: 'dropped', detail: `connection dropped${code ? ` (${code})` : ''}`, maybeActed: true };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (e) {
    if (signal.aborted) return { kind: 'failure', reason: 'timeout', detail: `answer not complete within ${settings.timeoutMs} ms`, maybeActed: true };
    const code = causeCode(e);
    return { kind: 'failure', reason: 'dropped', detail: `connection dropped${code ? ` (${code})` : ''}`, maybeActed: true };
  }
  if (response.status >= 500) return { kind: 'failure', reason: 'server-error', detail: `HTTP ${response.status}`, maybeActed: true, status: response.status };
  try {
    return { kind: 'answer', status: response.status, json: JSON.parse(text) };
  } catch {
    return { kind: 'failure', reason: 'unreadable', detail: `HTTP ${response.status} with a body that is not JSON`, maybeActed: true, status: response.status };
  }
}

export function backoffMs(attempt: number, policy: Required<RetryPolicy>): number {
  const plain = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(plain * (0.5 + Math.random() * 0.5));
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export type Sent = { kind: 'answer'; status: number; json: unknown; ambiguous: boolean } | (Extract<WireOutcome, { kind: 'failure' }> & { attempts: number; ambiguous: boolean });

/**
 * Sends with retries. With `once`, a failure that may have been acted on is not sent again: the caller
 * learns it as `ambiguous` and finds out what happened its own way.
 */
export async function send(request: WireRequest, settings: WireSettings, once = false): Promise<Sent> {
  const attempts = Math.max(1, settings.retry.attempts);
  let ambiguous = false;
  for (let attempt = 1; ; attempt++) {
    const out = await sendOnce(request, settings);
    if (out.kind === 'answer') return { ...out, ambiguous };
    if (out.maybeActed) ambiguous = true;
    const worthAnother = out.reason !== 'unreadable' || (out.status ?? 500) >= 500;
    if (attempt >= attempts || !worthAnother || (once && out.maybeActed)) return { ...out, attempts: attempt, ambiguous };
    await sleep(backoffMs(attempt, settings.retry));
  }
}
