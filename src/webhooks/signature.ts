/**
 * Standard Webhooks signing: a secret is `whsec_` and the base64 of random bytes; an attempt's
 * `webhook-signature` is `v1,` and the base64 HMAC-SHA256, keyed by those bytes, of
 * `<webhook-id>.<webhook-timestamp>.<body>`. The timestamp is whole seconds since 1970.
 * @module
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const PREFIX = 'whsec_';

/** A fresh signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/** The key bytes of a secret (with or without its `whsec_` prefix). */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** The `webhook-signature` header of one attempt. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt. */
export function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signWebhook(secret, id, timestampSeconds, body),
  };
}

/**
 * Checks an attempt as a receiver does: one of the space-separated `v1,` signatures matches, and the
 * timestamp is within `toleranceSeconds` of `nowSeconds` (default five minutes), which stops replays.
 */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const ts = Number(headers.timestamp);
  if (!/^\d{1,12}$/.test(headers.timestamp) || Math.abs(nowSeconds - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, ts, body).slice(3), 'base64');
  return headers.signature.split(' ').some((part) => {
    if (!part.startsWith('v1,')) return false;
    const given = Buffer.from(part.slice(3), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
