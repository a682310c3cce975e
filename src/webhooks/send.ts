/**
 * One webhook attempt over HTTP(S): the URL's form and every address of its host are judged first
 * (address-policy.ts), and the connection goes to the addresses judged, never to a second answer of the
 * resolver. The whole exchange has a time limit; redirects are not followed (a 3xx is not an
 * acknowledgement).
 * @module
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrlForm, hostOf, resolveAllowed, type WebhookAddressPolicy } from './address-policy.js';
import { webhookCodes } from './codes.js';

/** What an attempt came to: the receiver's status when it answered, else why not. */
export interface SendOutcome {
  status?: number;
  error?: { code: string; message: string };
}

/** One attempt: POST `body` with `headers` to `url`. */
export type WebhookSender = (url: string, headers: Record<string, string>, body: string, signal: AbortSignal) => Promise<SendOutcome>;

/** The most of a receiver's answer read (and thrown away); a longer one is cut off, its status kept. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Builds the sender: keep-alive connections per host, the policy judged on every attempt. */
export function httpWebhookSender(policy: WebhookAddressPolicy, timeoutMs: number): WebhookSender & { close(): void } {
  const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 32 }), https: new https.Agent({ keepAlive: true, maxSockets: 32 }) };
  const send = async (text: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<SendOutcome> => {
    const form = checkWebhookUrlForm(text, policy);
    if (!form.ok) return { error: form.problem };
    const url = form.url;
    const resolved = await resolveAllowed(hostOf(url), policy);
    if (!resolved.ok) return { error: resolved.problem };
    const pinned: LookupFunction = (_host, options, callback) => {
      const all = resolved.addresses;
      if ((options as { all?: boolean }).all) (callback as (e: null, a: typeof all) => void)(null, all);
      else callback(null, all[0]!.address, all[0]!.family);
    };
    // A timer and a controller of its own, not AbortSignal.any with AbortSignal.timeout: on Node 20 such a
    // combined signal can be collected before its timer fires, and the attempt then never ends.
    const limiter = new AbortController();
    const limit = limiter.signal;
    const timer = setTimeout(() => limiter.abort(), timeoutMs);
    const stop = (): void => limiter.abort();
    signal.addEventListener('abort', stop, { once: true });
    const secure = url.protocol === 'https:';
    return new Promise<SendOutcome>((resolve) => {
      let settled = false;
      const done = (outcome: SendOutcome): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', stop);
        resolve(outcome);
      };
      if (signal.aborted) stop();
      const request = (secure ? https : http).request(
        url,
        {
          method: 'POST',
          agent: secure ? agents.https : agents.http,
          lookup: pinned,
          signal: limit,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': 'gstkit-webhooks',
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) {
              response.destroy();
              done(answered(status));
            }
          });
          response.on('end', () => done(answered(status)));
          response.on('error', () => done(answered(status)));
        },
      );
      request.on('error', (e: Error & { code?: string }) => {
        if (limit.aborted && !signal.aborted)
          done({ error: { code: webhookCodes.attemptTimedOut, message: `the receiver did not answer within ${timeoutMs} ms` } });
        else if (signal.aborted) done({ error: { code: webhookCodes.receiverUnreachable, message: 'the attempt was stopped (the server is shutting down)' } });
        else done({ error: { code: webhookCodes.receiverUnreachable, message: `the receiver could not be reached (${e.code ?? e.message})` } });
      });
      request.end(body);
    });
  };
  return Object.assign(send, {
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  });
}

/** A receiver's status as an outcome: 2xx acknowledges; anything else is a refusal with its status. */
function answered(status: number): SendOutcome {
  return status >= 200 && status < 300
    ? { status }
    : { status, error: { code: webhookCodes.receiverRefused, message: `the receiver answered HTTP ${status}` } };
}
