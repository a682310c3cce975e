/**
 * One portal call as the connectors make it: take the GSTIN's session, send, retry with backoff on
 * 5xx, timeouts and dropped connections, and log in once more when the portal says the token has
 * expired. Reports whether an earlier attempt may have been acted on (`ambiguous`), which is how
 * generate recognises its own lost success.
 * @module
 */
import type { Refusal } from '../../ports/index.js';
import { connectorCodes } from './codes.js';
import { connectorRefusal } from './errors.js';
import type { Session, SessionSource } from './token-cache.js';
import { backoffMs, retryable, sendOnce, sleep, type WireOptions, type WireOutcome, type WireRequest } from './wire.js';

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ExchangePlan<S extends Session> {
  tokens: SessionSource<S>;
  wire: WireOptions;
  /** "e-invoice portal", "e-waybill portal": for messages. */
  portal: string;
  /** True when the answer says the session is no longer valid. */
  tokenExpired: (envelope: Obj) => boolean;
}

/** The source of a call made without a session (the login itself). */
export const noSession: SessionSource<{ expiresAt: number }> = {
  get: async () => ({ ok: true, value: { expiresAt: Infinity } }),
  invalidate: async () => {},
};

export type Exchanged<S> = { ok: true; envelope: Obj; session: S; ambiguous: boolean; httpStatus: number } | Refusal;

function describe(out: Extract<WireOutcome, { kind: 'failure' }>): string {
  switch (out.reason) {
    case 'refused':
      return `connection refused (${out.detail})`;
    case 'timeout':
      return out.detail;
    case 'dropped':
      return `connection dropped (${out.detail})`;
    case 'server-error':
      return `server error (${out.detail})`;
    default:
      return out.detail;
  }
}

export async function exchange<S extends Session>(plan: ExchangePlan<S>, gstin: string, build: (session: S) => WireRequest): Promise<Exchanged<S>> {
  const attempts = Math.max(1, plan.wire.retry?.attempts ?? 4);
  let ambiguous = false;
  let renewed = false;
  let last: Extract<WireOutcome, { kind: 'failure' }> | undefined;
  for (let attempt = 1; attempt <= attempts; ) {
    const session = await plan.tokens.get(gstin);
    if (!session.ok) return session;
    const out = await sendOnce(build(session.value), plan.wire);
    if (out.kind === 'failure') {
      last = out;
      if (out.maybeActed) ambiguous = true;
      if (!retryable(out) || attempt === attempts) break;
      await sleep(backoffMs(attempt, plan.wire.retry));
      attempt++;
      continue;
    }
    if (!isObj(out.json)) {
      return connectorRefusal(connectorCodes.badAnswer, `the ${plan.portal} answered HTTP ${out.status} with JSON that is not an object`, 502);
    }
    if (!renewed && plan.tokenExpired(out.json)) {
      // Once per call: a second expired-token answer right after a fresh login is a real refusal.
      renewed = true;
      await plan.tokens.invalidate(gstin, session.value);
      continue;
    }
    return { ok: true, envelope: out.json, session: session.value, ambiguous, httpStatus: out.status };
  }
  if (last?.reason === 'unreadable') return connectorRefusal(connectorCodes.badAnswer, `the ${plan.portal} answered ${last.detail}`, 502);
  return connectorRefusal(
    connectorCodes.unreachable,
    `the ${plan.portal} could not be reached after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${last ? describe(last) : 'no answer'}`,
    503,
  );
}
