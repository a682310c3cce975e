/**
 * A {@link CaptchaVerifier} that asks Cloudflare Turnstile's siteverify endpoint (or any URL that
 * answers the same way) whether a widget token is good.
 * @module
 */
import type { CaptchaVerdict, CaptchaVerifier } from '../../ports/inquiry.js';

/** Cloudflare's siteverify endpoint. */
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export interface TurnstileOptions {
  secret: string;
  /** Default {@link TURNSTILE_VERIFY_URL}. */
  verifyUrl?: string;
  /** Milliseconds per attempt. Default 5000. */
  timeoutMs?: number;
  /** Extra attempts after a network error, 5xx or `internal-error`. Default 1. */
  retries?: number;
  /**
   * Accept only tokens solved on one of these hostnames (compared without case); a token from a page
   * elsewhere is refused as `hostname-mismatch`. Unset or empty: any hostname.
   */
  hostnames?: readonly string[];
  fetch?: typeof fetch;
}

/** Error codes that mean our own configuration is wrong, not the visitor's token. */
const configCodes = new Set(['missing-input-secret', 'invalid-input-secret']);

/** Builds a Turnstile verifier. */
export function turnstileVerifier(options: TurnstileOptions): CaptchaVerifier {
  const url = options.verifyUrl ?? TURNSTILE_VERIFY_URL;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const attempts = 1 + Math.max(0, options.retries ?? 1);
  const hostnames = new Set((options.hostnames ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean));
  return {
    async verify(input): Promise<CaptchaVerdict> {
      const form = new URLSearchParams({ secret: options.secret, response: input.token, idempotency_key: input.idempotencyKey });
      if (input.remoteIp) form.set('remoteip', input.remoteIp);
      let last: CaptchaVerdict = { ok: false, kind: 'unavailable', codes: ['no-answer'] };
      for (let i = 0; i < attempts; i++) {
        try {
          const res = await doFetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form,
            signal: AbortSignal.timeout(timeoutMs),
          });
          if (res.status >= 500) {
            await res.body?.cancel();
            last = { ok: false, kind: 'unavailable', codes: [`http-${res.status}`] };
            continue;
          }
          const body = (await res.json().catch(() => undefined)) as { success?: unknown; 'error-codes'?: unknown; hostname?: unknown } | undefined;
          if (!body || typeof body.success !== 'boolean') {
            last = { ok: false, kind: 'unavailable', codes: ['bad-reply'] };
            continue;
          }
          const codes = Array.isArray(body['error-codes']) ? body['error-codes'].map(String) : [];
          if (body.success) {
            if (hostnames.size > 0 && !hostnames.has(String(body.hostname ?? '').toLowerCase())) {
              return { ok: false, kind: 'rejected', codes: ['hostname-mismatch'] };
            }
            return { ok: true };
          }
          if (codes.includes('internal-error')) {
            last = { ok: false, kind: 'unavailable', codes };
            continue;
          }
          if (codes.some((c) => configCodes.has(c))) return { ok: false, kind: 'misconfigured', codes };
          return { ok: false, kind: 'rejected', codes };
        } catch (e) {
          const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
          last = { ok: false, kind: 'unavailable', codes: [timedOut ? 'timeout' : 'network-error'] };
        }
      }
      return last;
    },
  };
}
