/**
 * One call under a GSTIN's session: take the session (refreshed when near its lapse), sign the request,
 * send it with retries, read the answer; when the portal says the token has lapsed, refresh once and
 * send again; when it says the session is gone, forget it and say how to reconnect.
 * @module
 */
import type { Failure } from './auth.js';
import { readAnswer, type Obj } from './answer.js';
import { gstnCodes, issue } from './codes.js';
import type { Connections } from './connection.js';
import { apiUrl, type Context } from './context.js';
import { encryptRequestData } from './crypto.js';
import { sessionHeaders } from './headers.js';
import type { GstnPaths } from './options.js';
import type { Outcome } from './port.js';
import type { LiveSession } from './sessions.js';
import { send } from './wire.js';

export interface CallSpec {
  method: 'GET' | 'POST' | 'PUT';
  api: keyof GstnPaths;
  query?: Record<string, string>;
  /** MMYYYY, sent as the `ret_period` header too. */
  period?: string;
  /** The body's fields besides `data`/`hmac`: `action`, and for RETFILE `st`, `sid`. */
  body?: Obj;
  /** A value sent encrypted under the session key as `data`, with its `hmac`. */
  data?: unknown;
  /** Values of the request that must never appear in a message (an OTP inside `sid`, say). */
  secrets?: readonly string[];
  /** Send once: a failure that may have been acted on is reported as ambiguous, never re-sent. */
  once?: boolean;
}

export type Called = { ok: true; value: unknown; session: LiveSession } | Failure;

function sessionSecrets(ctx: Context, session: LiveSession): string[] {
  return [session.authToken, session.sek.toString('base64'), ctx.headers.clientSecret];
}

export async function call(ctx: Context, connections: Connections, gstin: string, spec: CallSpec): Promise<Called> {
  let renewed = false;
  for (;;) {
    const live = await connections.live(gstin);
    if (!live.ok) return live;
    const session = live.session;
    const body =
      spec.body === undefined && spec.data === undefined
        ? undefined
        : { ...(spec.body ?? {}), ...(spec.data !== undefined ? encryptRequestData(session.sek, spec.data) : {}) };
    const sent = await send(
      {
        method: spec.method,
        url: apiUrl(ctx, spec.api, spec.query),
        headers: sessionHeaders(ctx.headers, session, spec.period),
        ...(body !== undefined ? { body } : {}),
      },
      ctx.wire,
      spec.once ?? false,
    );
    if (sent.kind === 'failure') {
      if (sent.reason === 'unreadable')
        return { ok: false, code: gstnCodes.badAnswer, kind: 'connector', message: `the GST portal answered ${sent.detail}`, ambiguous: sent.ambiguous };
      return {
        ok: false,
        code: gstnCodes.unreachable,
        kind: 'transient',
        message: `the GST portal could not be reached after ${sent.attempts} attempt${sent.attempts === 1 ? '' : 's'}: ${sent.detail}`,
        ambiguous: sent.ambiguous,
      };
    }
    const answer = readAnswer(sent.json, session.sek, [...sessionSecrets(ctx, session), ...(spec.secrets ?? [])]);
    if (answer.ok) return { ok: true, value: answer.value, session };
    if (answer.kind === 'refresh' && !renewed) {
      // Once per call: a second lapsed-token answer right after a refresh is a real refusal.
      renewed = true;
      const refreshed = await connections.afterRefusal(gstin, session);
      if (!refreshed.ok) return refreshed;
      continue;
    }
    if (answer.kind === 'reconnect' || answer.kind === 'refresh') await connections.forget(gstin, session);
    return { ...answer, ambiguous: sent.ambiguous };
  }
}

/** A failure as an outcome. */
export function failed<T>(failure: Failure, path = ''): Outcome<T> {
  return { ok: false, errors: [issue(failure.code, failure.message, path)] };
}
