/**
 * A GSTIN's connection: asking for the OTP, connecting with it, refreshing the token a margin before it
 * lapses, and disconnecting, with every server on one session store sharing one session per GSTIN.
 *
 * Across servers: the OTP request's app key is kept (sealed, when the store seals) so that whichever
 * server receives the OTP completes the connection; one server at a time refreshes a GSTIN's token
 * (under the store's lease) while the others keep using the token until it lapses, or wait for the new one.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { authToken, type Failure, type Grant, logout, otpRequest, refreshToken } from './auth.js';
import { gstnCodes } from './codes.js';
import type { Context } from './context.js';
import { newAppKey } from './crypto.js';
import type { GstnConnection } from './port.js';
import { decodeLive, decodePending, encodeLive, encodePending, type LiveSession } from './sessions.js';
import { sleep } from './wire.js';

const LIVE = 'gstn';
const PENDING = 'gstn-otp';

export type Live = { ok: true; session: LiveSession } | Failure;

const notConnected = (gstin: string): Failure => ({
  ok: false,
  code: gstnCodes.notConnected,
  kind: 'reconnect',
  message: `GSTIN ${gstin} is not connected to the GST portal: ask the taxpayer for an OTP (requestOtp), then connect with it`,
});

export class Connections {
  private readonly local = new Map<string, LiveSession>();
  private readonly refreshing = new Map<string, Promise<Live>>();
  private readonly holder = randomUUID();

  constructor(private readonly ctx: Context) {}

  private usable(session: LiveSession): boolean {
    return session.expiresAt - this.ctx.renewBeforeMs > this.ctx.now();
  }

  private async stored(gstin: string): Promise<LiveSession | undefined> {
    const kept = await this.ctx.store.current(LIVE, gstin);
    const session = kept ? decodeLive(gstin, kept) : undefined;
    if (session) this.local.set(gstin, session);
    else this.local.delete(gstin);
    return session;
  }

  private alive(session: LiveSession): boolean {
    const now = this.ctx.now();
    return session.expiresAt > now || (session.accessEndsAt ?? 0) > now;
  }

  async status(gstin: string): Promise<GstnConnection> {
    const session = await this.stored(gstin);
    if (!session || !this.alive(session)) return { gstin, connected: false };
    return { gstin, connected: true, tokenExpiresAt: session.expiresAt, ...(session.accessEndsAt !== undefined ? { accessEndsAt: session.accessEndsAt } : {}) };
  }

  /** The session for a call: this process's, the store's, or the store's refreshed. */
  async live(gstin: string): Promise<Live> {
    const cached = this.local.get(gstin);
    if (cached && this.usable(cached)) return { ok: true, session: cached };
    const session = await this.stored(gstin);
    if (!session) return notConnected(gstin);
    if (this.usable(session)) return { ok: true, session };
    return this.refreshOnce(gstin, session, false);
  }

  /** After the portal refused `stale` as lapsed: refresh it (once for every caller, on every server). */
  async afterRefusal(gstin: string, stale: LiveSession): Promise<Live> {
    return this.refreshOnce(gstin, stale, true);
  }

  /** Refreshes now, whatever the token's age. */
  async refreshNow(gstin: string): Promise<Live> {
    const session = await this.stored(gstin);
    if (!session) return notConnected(gstin);
    return this.refreshOnce(gstin, session, true);
  }

  /** Forgets a session the portal will not take again. */
  async forget(gstin: string, stale: LiveSession): Promise<void> {
    if (this.local.get(gstin)?.version === stale.version) this.local.delete(gstin);
    await this.ctx.store.drop(LIVE, gstin, stale.version);
  }

  private refreshOnce(gstin: string, stale: LiveSession, refused: boolean): Promise<Live> {
    const running = this.refreshing.get(gstin);
    if (running) return running;
    const started = this.refreshShared(gstin, stale, refused).finally(() => this.refreshing.delete(gstin));
    this.refreshing.set(gstin, started);
    return started;
  }

  private async refreshShared(gstin: string, stale: LiveSession, refused: boolean): Promise<Live> {
    const { store, leaseMs } = this.ctx;
    const pollMs = Math.max(1, Math.min(200, leaseMs));
    // Past twice the lease (its holder died, or the clocks disagree), refresh regardless. Counted in polls:
    // the injected clock is for tokens and may stand still.
    const patience = Math.ceil((2 * leaseMs) / pollMs);
    for (let polls = 0; ; polls++) {
      const now = this.ctx.now();
      if (await store.lease(LIVE, gstin, this.holder, now, now + leaseMs)) {
        try {
          // Another server may have refreshed between our look and the lease.
          const latest = await this.stored(gstin);
          if (!latest) return notConnected(gstin);
          if (latest.version !== stale.version && this.usable(latest)) return { ok: true, session: latest };
          return await this.refreshAndPublish(gstin, latest, refused);
        } finally {
          await store.release(LIVE, gstin, this.holder);
        }
      }
      // Another server is refreshing: the old token serves until it lapses (unless the portal refused it).
      if (!refused && stale.expiresAt > now) return { ok: true, session: stale };
      if (polls >= patience) return this.refreshAndPublish(gstin, stale, refused);
      await sleep(pollMs);
      const latest = await this.stored(gstin);
      if (!latest) return notConnected(gstin);
      if (latest.version !== stale.version && this.usable(latest)) return { ok: true, session: latest };
    }
  }

  private async refreshAndPublish(gstin: string, session: LiveSession, refused: boolean): Promise<Live> {
    const out = await refreshToken(this.ctx, session);
    if (!out.ok) {
      // A token the portal still takes outlives a refresh that could not be made (the portal unreachable).
      if (out.kind === 'transient' && !refused && session.expiresAt > this.ctx.now()) return { ok: true, session };
      if (out.kind === 'refresh' || out.kind === 'reconnect') await this.forget(gstin, session);
      return out;
    }
    return { ok: true, session: await this.publish(gstin, session.username, out.grant) };
  }

  private async publish(gstin: string, username: string, grant: Grant): Promise<LiveSession> {
    const body = { username, ...grant };
    const version = await this.ctx.store.publish(LIVE, gstin, encodeLive(body));
    const session: LiveSession = { gstin, ...body, version };
    this.local.set(gstin, session);
    return session;
  }

  /** OTPREQUEST, with the app key kept for whichever server receives the OTP. */
  async requestOtp(gstin: string, username: string): Promise<{ ok: true } | Failure> {
    const appKey = newAppKey();
    // Kept before the request goes: an OTP may arrive even when the request's answer is lost.
    const version = await this.ctx.store.publish(
      PENDING,
      gstin,
      encodePending({ username, appKey, expiresAt: this.ctx.now() + this.ctx.otpRequestLifetimeMs }),
    );
    const out = await otpRequest(this.ctx, gstin, username, appKey);
    if (!out.ok && !out.ambiguous) await this.ctx.store.drop(PENDING, gstin, version);
    return out;
  }

  /** AUTHTOKEN with the OTP; a wrong OTP leaves the request open for another try. */
  async connect(gstin: string, otp: string): Promise<{ ok: true; session: LiveSession } | Failure> {
    const kept = await this.ctx.store.current(PENDING, gstin);
    const pending = kept ? decodePending(kept) : undefined;
    if (!pending || pending.expiresAt <= this.ctx.now()) {
      return {
        ok: false,
        code: gstnCodes.noOtpRequest,
        kind: 'connector',
        message: `no open OTP request for GSTIN ${gstin}: request an OTP first (it stays open ${Math.round(this.ctx.otpRequestLifetimeMs / 60_000)} minutes)`,
      };
    }
    const out = await authToken(this.ctx, gstin, pending.username, pending.appKey, otp);
    if (!out.ok) return out;
    const session = await this.publish(gstin, pending.username, out.grant);
    await this.ctx.store.drop(PENDING, gstin, pending.version);
    return { ok: true, session };
  }

  async disconnect(gstin: string): Promise<void> {
    const session = await this.stored(gstin);
    if (!session) return;
    if (session.expiresAt > this.ctx.now()) await logout(this.ctx, session);
    await this.forget(gstin, session);
  }
}
