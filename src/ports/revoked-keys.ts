/**
 * The revoked API key ids a store holds, as each server sees them: read again at most every `maxAgeMs`, so
 * one revocation reaches every server on the store within that time without a query per request.
 * @module
 */

/** Where revocations are kept (the store port's method). */
export interface RevokedKeySource {
  revokedApiKeys(): Promise<readonly { keyId: string }[]>;
}

/** Answers the revoked key ids; at most `maxAgeMs` old. */
export type RevokedKeyIds = () => Promise<ReadonlySet<string>>;

/** How long a server may go on accepting a revoked key, by default. */
export const REVOCATION_MAX_AGE_MS = 5_000;

/**
 * Reads the revocations once per `maxAgeMs` at most; callers arriving meanwhile share one read. A failed read
 * fails the callers (the request gets the store's coded 503), never falls back to an older list past its age.
 */
export function revokedKeyIds(source: RevokedKeySource, maxAgeMs = REVOCATION_MAX_AGE_MS, now: () => number = Date.now): RevokedKeyIds {
  let known: { ids: ReadonlySet<string>; readAt: number } | undefined;
  let reading: Promise<ReadonlySet<string>> | undefined;
  return async () => {
    if (known && now() - known.readAt < maxAgeMs) return known.ids;
    reading ??= (async () => {
      // The age counts from before the read: a revocation made while it runs is seen by the next one.
      const startedAt = now();
      try {
        const ids = new Set((await source.revokedApiKeys()).map((r) => r.keyId));
        known = { ids, readAt: startedAt };
        return ids;
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  };
}
