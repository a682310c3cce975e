/**
 * Reads rate limits as people write them: `600/60` is 600 requests per 60 seconds, `off` is no limit;
 * per key, `k1:1000/60,k2:off`.
 * @module
 */
import type { RateLimit } from '../ports/ratelimit.js';

/** One limit, or `null` for `off`. */
export function parseRateLimit(text: string): { ok: true; limit: RateLimit | null } | { ok: false; message: string } {
  const t = text.trim().toLowerCase();
  if (t === 'off') return { ok: true, limit: null };
  const m = /^(\d{1,9})\s*\/\s*(\d{1,7})$/.exec(t);
  const requests = Number(m?.[1]);
  const seconds = Number(m?.[2]);
  if (!m || requests < 1 || seconds < 1) return { ok: false, message: `${JSON.stringify(text)} is not REQUESTS/SECONDS (e.g. 600/60) or off` };
  return { ok: true, limit: { requests, windowMs: seconds * 1000 } };
}

/** `keyId:REQUESTS/SECONDS` entries separated by commas. */
export function parseKeyRateLimits(text: string): { ok: true; limits: Map<string, RateLimit | null> } | { ok: false; message: string } {
  const limits = new Map<string, RateLimit | null>();
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const colon = entry.indexOf(':');
    const keyId = colon < 0 ? '' : entry.slice(0, colon).trim();
    if (!keyId) return { ok: false, message: `${JSON.stringify(entry)} must be keyId:REQUESTS/SECONDS or keyId:off` };
    const one = parseRateLimit(entry.slice(colon + 1));
    if (!one.ok) return { ok: false, message: `${keyId}: ${one.message}` };
    limits.set(keyId, one.limit);
  }
  return { ok: true, limits };
}
