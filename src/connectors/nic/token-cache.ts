/**
 * Portal sessions per GSTIN: one login at a time per GSTIN, however many calls wait for it; a
 * session is renewed a margin before it expires, and dropped when the portal says it is no longer
 * valid (only if it is still the one cached, so a burst of expired-token answers causes one login).
 * @module
 */
import type { ProviderResult } from '../../ports/index.js';

/** What a login yields: at least when it stops being valid. */
export interface Session {
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** How a login is asked for: `refresh` is true when an earlier session existed (NIC's ForceRefreshAccessToken). */
export type Login<S extends Session> = (gstin: string, refresh: boolean) => Promise<ProviderResult<S>>;

export interface TokenCacheOptions {
  /** Renew this long before expiry. Default 5 minutes. */
  renewBeforeMs?: number;
  now?: () => number;
}

export class TokenCache<S extends Session> {
  private readonly sessions = new Map<string, S>();
  private readonly pending = new Map<string, Promise<ProviderResult<S>>>();
  private readonly known = new Set<string>();
  private logins = 0;

  constructor(
    private readonly login: Login<S>,
    private readonly options: TokenCacheOptions = {},
  ) {}

  /** Logins started so far (for tests and metrics). */
  get loginCount(): number {
    return this.logins;
  }

  /** A valid session for the GSTIN, logging in when there is none or it is about to expire. */
  async get(gstin: string): Promise<ProviderResult<S>> {
    const now = (this.options.now ?? Date.now)();
    const margin = this.options.renewBeforeMs ?? 5 * 60_000;
    const cached = this.sessions.get(gstin);
    if (cached && cached.expiresAt - margin > now) return { ok: true, value: cached };
    const waiting = this.pending.get(gstin);
    if (waiting) return waiting;
    const refresh = this.known.has(gstin);
    this.logins++;
    const started = this.login(gstin, refresh)
      .then((result) => {
        if (result.ok) {
          this.sessions.set(gstin, result.value);
          this.known.add(gstin);
        }
        return result;
      })
      .finally(() => {
        this.pending.delete(gstin);
      });
    this.pending.set(gstin, started);
    return started;
  }

  /** Forgets `stale` if it is still the cached session of the GSTIN. */
  invalidate(gstin: string, stale: S): void {
    if (this.sessions.get(gstin) === stale) this.sessions.delete(gstin);
  }
}
