/**
 * Portal sessions per GSTIN: one login at a time per GSTIN, however many calls wait for it, in this
 * process and (through a shared {@link PortalSessions}) across every server; a session is renewed a
 * margin before it expires, and dropped when the portal says it is no longer valid (only if it is still
 * the current one, so a burst of expired-token answers, on any number of servers, causes one login).
 *
 * Across servers: a server that finds no usable session takes the (portal, GSTIN)'s login lease and
 * logs in; the others poll for the session it publishes, and take the lease themselves once it runs out
 * (its holder died before publishing).
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { ProviderResult } from '../../ports/index.js';
import type { PortalName, PortalSession, PortalSessions } from '../../ports/portal-sessions.js';
import { processPortalSessions } from './process-sessions.js';

/** What a login yields: at least when it stops being valid. */
export interface Session {
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** How a login is asked for: `refresh` is true when an earlier session existed (NIC's ForceRefreshAccessToken). */
export type Login<S extends Session> = (gstin: string, refresh: boolean) => Promise<ProviderResult<S>>;

/** A session's secrets as text and back (undefined when what was kept is not a session of this portal). */
export interface SessionCodec<S extends Session> {
  encode(session: S): Record<string, string>;
  decode(kept: PortalSession): S | undefined;
}

/** Where the calls of a connector take their session from. */
export interface SessionSource<S extends Session> {
  get(gstin: string): Promise<ProviderResult<S>>;
  /** Forgets `stale` (which the portal refused) if it is still the GSTIN's session. */
  invalidate(gstin: string, stale: S): Promise<void>;
}

export interface TokenCacheOptions<S extends Session> {
  portal: PortalName;
  codec: SessionCodec<S>;
  /** Where sessions are shared. Default: this process only. */
  sessions?: PortalSessions;
  /** Renew this long before expiry. Default 5 minutes. */
  renewBeforeMs?: number;
  /** How long one login may hold the (portal, GSTIN)'s lease. Default 2 minutes. */
  leaseMs?: number;
  /** How often a server waiting for another's login looks for its session. Default 200 ms. */
  pollMs?: number;
  now?: () => number;
}

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A host's sessions that fail (throw or reject) count as holding nothing, never as a failed call: the
 * connector then logs in itself, as it would with no shared sessions.
 */
function tolerant(sessions: PortalSessions): PortalSessions {
  const attempt = <T>(run: () => Promise<T>, otherwise: () => T): Promise<T> => Promise.resolve().then(run).catch(otherwise);
  return {
    scope: sessions.scope,
    current: (portal, gstin) =>
      attempt(
        () => sessions.current(portal, gstin),
        () => undefined,
      ),
    publish: (portal, gstin, session) =>
      attempt(
        () => sessions.publish(portal, gstin, session),
        () => randomUUID(),
      ),
    drop: (portal, gstin, version) =>
      attempt(
        () => sessions.drop(portal, gstin, version),
        () => undefined,
      ),
    lease: (portal, gstin, holder, now, until) =>
      attempt(
        () => sessions.lease(portal, gstin, holder, now, until),
        () => true,
      ),
    release: (portal, gstin, holder) =>
      attempt(
        () => sessions.release(portal, gstin, holder),
        () => undefined,
      ),
  };
}

export class TokenCache<S extends Session> implements SessionSource<S> {
  private readonly local = new Map<string, S>();
  /** The version each session was published (or read) under, for compare-and-delete. */
  private readonly versions = new WeakMap<S, string>();
  private readonly pending = new Map<string, Promise<ProviderResult<S>>>();
  private readonly known = new Set<string>();
  private readonly holder = randomUUID();
  private readonly sessions: PortalSessions;
  private logins = 0;

  constructor(
    private readonly login: Login<S>,
    private readonly options: TokenCacheOptions<S>,
  ) {
    this.sessions = options.sessions ? tolerant(options.sessions) : processPortalSessions();
  }

  /** Logins started by this instance so far (for tests and metrics). */
  get loginCount(): number {
    return this.logins;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private usable(session: { expiresAt: number }): boolean {
    return session.expiresAt - (this.options.renewBeforeMs ?? 5 * 60_000) > this.now();
  }

  /** A valid session for the GSTIN: this process's, the shared one, or a new login. */
  async get(gstin: string): Promise<ProviderResult<S>> {
    const cached = this.local.get(gstin);
    if (cached && this.usable(cached)) return { ok: true, value: cached };
    const waiting = this.pending.get(gstin);
    if (waiting) return waiting;
    const started = this.shareOrLogin(gstin).finally(() => {
      this.pending.delete(gstin);
    });
    this.pending.set(gstin, started);
    return started;
  }

  async invalidate(gstin: string, stale: S): Promise<void> {
    if (this.local.get(gstin) === stale) this.local.delete(gstin);
    const version = this.versions.get(stale);
    if (version !== undefined) await this.sessions.drop(this.options.portal, gstin, version);
  }

  /** The shared session when it is usable (kept here too), else undefined. */
  private async shared(gstin: string): Promise<S | undefined> {
    const found = await this.sessions.current(this.options.portal, gstin);
    if (!found) return undefined;
    // A session existed: the next login is a renewal (NIC's ForceRefreshAccessToken).
    this.known.add(gstin);
    if (!this.usable(found)) return undefined;
    const session = this.options.codec.decode(found);
    if (!session) return undefined;
    this.local.set(gstin, session);
    this.versions.set(session, found.version);
    return session;
  }

  private async shareOrLogin(gstin: string): Promise<ProviderResult<S>> {
    const { portal } = this.options;
    const leaseMs = this.options.leaseMs ?? 120_000;
    const pollMs = Math.max(1, this.options.pollMs ?? 200);
    // Past twice the lease (the holder keeps failing to publish, or the clocks disagree), log in regardless:
    // a superseded session elsewhere is better than a call that never ends.
    const patience = Math.ceil((2 * leaseMs) / pollMs);
    for (let polls = 0; ; polls++) {
      const found = await this.shared(gstin);
      if (found) return { ok: true, value: found };
      const now = this.now();
      const regardless = polls >= patience;
      if (regardless || (await this.sessions.lease(portal, gstin, this.holder, now, now + leaseMs))) {
        try {
          // Another server may have published between the look and the lease.
          const late = regardless ? undefined : await this.shared(gstin);
          if (late) return { ok: true, value: late };
          return await this.loginAndPublish(gstin);
        } finally {
          if (!regardless) await this.sessions.release(portal, gstin, this.holder);
        }
      }
      await wait(pollMs);
    }
  }

  private async loginAndPublish(gstin: string): Promise<ProviderResult<S>> {
    this.logins++;
    const result = await this.login(gstin, this.known.has(gstin));
    if (!result.ok) return result;
    this.known.add(gstin);
    const session = result.value;
    const version = await this.sessions.publish(this.options.portal, gstin, { expiresAt: session.expiresAt, secrets: this.options.codec.encode(session) });
    this.local.set(gstin, session);
    this.versions.set(session, version);
    return result;
  }
}
