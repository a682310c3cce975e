/**
 * Where GSTN sessions are kept: the existing portal-sessions port (process memory, or the store sealed
 * under the host's key with session-seal.ts), under two names of this connector's own: `gstn` for a
 * GSTIN's live session, `gstn-otp` for an OTP request waiting for its OTP (its app key must reach the
 * server that receives the OTP, which may not be the one that asked for it).
 * @module
 */
import type { CurrentSession, PortalSession, PortalSessions } from '../../ports/portal-sessions.js';

/** The names under which this connector keeps its sessions. */
export type GstnSlot = 'gstn' | 'gstn-otp';

/** The portal-sessions port, as this connector uses it. */
export type GstnSessionStore = PortalSessions;

/** A GSTIN's live session as the calls use it. */
export interface LiveSession {
  gstin: string;
  username: string;
  authToken: string;
  sek: Buffer;
  /** When the token lapses, epoch ms. */
  expiresAt: number;
  /** When the taxpayer's API access ends, if the portal said. */
  accessEndsAt?: number;
  /** The store's version of this publication (for compare-and-drop). */
  version: string;
}

/** An OTP request waiting for its OTP. */
export interface PendingOtp {
  username: string;
  appKey: Buffer;
  expiresAt: number;
  version: string;
}

export function encodeLive(session: Omit<LiveSession, 'version' | 'gstin'>): PortalSession {
  return {
    expiresAt: session.expiresAt,
    secrets: {
      username: session.username,
      authToken: session.authToken,
      sek: session.sek.toString('base64'),
      ...(session.accessEndsAt !== undefined ? { accessEndsAt: String(session.accessEndsAt) } : {}),
    },
  };
}

export function decodeLive(gstin: string, kept: CurrentSession): LiveSession | undefined {
  const { username, authToken, sek, accessEndsAt } = kept.secrets;
  if (!username || !authToken || !sek) return undefined;
  const key = Buffer.from(sek, 'base64');
  if (key.length !== 32) return undefined;
  const ends = accessEndsAt !== undefined ? Number(accessEndsAt) : undefined;
  return {
    gstin,
    username,
    authToken,
    sek: key,
    expiresAt: kept.expiresAt,
    ...(ends !== undefined && Number.isFinite(ends) ? { accessEndsAt: ends } : {}),
    version: kept.version,
  };
}

export function encodePending(pending: Omit<PendingOtp, 'version'>): PortalSession {
  return { expiresAt: pending.expiresAt, secrets: { username: pending.username, appKey: pending.appKey.toString('base64') } };
}

export function decodePending(kept: CurrentSession): PendingOtp | undefined {
  const { username, appKey } = kept.secrets;
  if (!username || !appKey) return undefined;
  const key = Buffer.from(appKey, 'base64');
  return key.length === 32 ? { username, appKey: key, expiresAt: kept.expiresAt, version: kept.version } : undefined;
}

/**
 * A host's store that fails (throws or rejects) counts as holding nothing, never as a failed call; the
 * failure goes to `onError` (whose message names no secret: the store's own error).
 */
export function tolerantStore(store: GstnSessionStore, onError?: (e: Error) => void): GstnSessionStore {
  const attempt = <T>(run: () => Promise<T>, otherwise: T): Promise<T> =>
    Promise.resolve()
      .then(run)
      .catch((e: unknown) => {
        onError?.(e instanceof Error ? e : new Error(String(e)));
        return otherwise;
      });
  return {
    scope: store.scope,
    current: (portal, gstin) => attempt(() => store.current(portal, gstin), undefined),
    publish: (portal, gstin, session) => attempt(() => store.publish(portal, gstin, session), 'unpublished'),
    drop: (portal, gstin, version) => attempt(() => store.drop(portal, gstin, version), undefined),
    lease: (portal, gstin, holder, now, until) => attempt(() => store.lease(portal, gstin, holder, now, until), true),
    release: (portal, gstin, holder) => attempt(() => store.release(portal, gstin, holder), undefined),
  };
}
