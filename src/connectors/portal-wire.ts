/**
 * One HTTP exchange with a portal (NIC's or, through a GSP, GSTN's), with a time limit. It never throws:
 * every failure is sorted by what it tells about the portal's state. A refused connection means the request
 * never arrived; a timeout, a dropped connection or a 5xx means it may have been acted on. Each connector
 * puts its own retry loop around it (`nic/wire.ts`, `gstn/wire.ts`).
 * @module
 */

/** How one exchange is made. */
export interface SendOptions {
  /** Time limit of the attempt in ms. Default 30 000. */
  timeoutMs?: number;
  /** Headers added to every call (a GSP's own authentication, for example). */
  extraHeaders?: Record<string, string>;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
}

export interface WireRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** What one attempt produced. */
export type WireOutcome =
  | { kind: 'answer'; status: number; json: unknown; text: string }
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
export async function sendOnce(request: WireRequest, options: SendOptions): Promise<WireOutcome> {
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

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The delay before attempt `attempt + 1`: base × 2^(attempt-1) (default 250 ms), capped (default 4 s), with up to 50 % jitter. */
export function backoffMs(attempt: number, policy: { baseDelayMs?: number; maxDelayMs?: number } = {}, random: () => number = Math.random): number {
  const base = policy.baseDelayMs ?? 250;
  const max = policy.maxDelayMs ?? 4000;
  const plain = Math.min(max, base * 2 ** (attempt - 1));
  return Math.round(plain * (0.5 + random() * 0.5));
}
