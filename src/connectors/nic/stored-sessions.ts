/**
 * Portal sessions kept in the store, sealed under the host's key: every server on the store uses one
 * session per (portal, GSTIN), a restart finds it again, and one server at a time logs in. A row that
 * does not open (another key, a damaged row) counts as no session: the next login replaces it.
 * A store that fails is never fatal either: the connector then behaves as if it had no shared session
 * (it logs in itself), and `onError` hears of it.
 *
 * Key rotation: rows sealed under one of `previousKeys` still open (reading only), so changing the key costs
 * no login; such a row is sealed under the current key when its session is next published (at its renewal
 * or the next login). It is not re-sealed at once on reading: the store's put replaces whatever row is there,
 * so a re-seal racing another server's login could put an older session back over a newer one.
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { PortalSessions } from '../../ports/portal-sessions.js';
import type { PortalSessionStore } from '../../ports/store.js';
import { openSession, sealSession } from './session-seal.js';

/** The store's methods this needs (a whole `Store` will do): the store port's portal-session slice. */
export type { PortalSessionStore };

export interface StoredPortalSessionsOptions {
  store: PortalSessionStore;
  /** 32 bytes (see `parseSessionKey`): sessions are sealed with AES-256-GCM under it. */
  key: Buffer;
  /**
   * Keys sessions were sealed under before `key` (32 bytes each), tried in order after it when a row does
   * not open under `key`; never used to seal. For a rolling key change: see docs/connectors.md.
   */
  previousKeys?: readonly Buffer[];
  /** The company whose GSTINs these sessions are of. */
  companyId: string;
  /** Told of a store call that failed (the message names no secret). */
  onError?: (error: Error) => void;
}

export function storedPortalSessions(options: StoredPortalSessionsOptions): PortalSessions {
  const { store, key, companyId } = options;
  if (key.length !== 32) throw new RangeError('the portal session key must be 32 bytes');
  const previous = options.previousKeys ?? [];
  previous.forEach((k, i) => {
    if (k.length !== 32) throw new RangeError(`previous portal session key ${i + 1} of ${previous.length} must be 32 bytes`);
  });
  const readable = [key, ...previous.filter((k) => !k.equals(key))];
  /** Runs a store call; when it fails, tells `onError` and answers `fallback` instead. */
  const guarded = async <T>(call: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await call();
    } catch (e) {
      options.onError?.(e instanceof Error ? e : new Error(String(e)));
      return fallback;
    }
  };
  return {
    scope: 'store',
    async current(portal, gstin) {
      const row = await guarded(() => store.getPortalSession(companyId, portal, gstin), undefined);
      if (!row) return undefined;
      for (const k of readable) {
        const session = openSession(k, [companyId, portal, gstin, row.version], row.sealed);
        if (session) return { ...session, version: row.version };
      }
      return undefined;
    },
    async publish(portal, gstin, session) {
      const version = randomUUID();
      const sealed = sealSession(key, [companyId, portal, gstin, version], session);
      await guarded(() => store.putPortalSession({ companyId, portal, gstin, version, expiresAt: session.expiresAt, sealed }), undefined);
      return version;
    },
    async drop(portal, gstin, version) {
      await guarded(() => store.dropPortalSession(companyId, portal, gstin, version), false);
    },
    // Without the store nobody can be waited for: log in rather than refuse the call.
    lease: (portal, gstin, holder, now, until) => guarded(() => store.leasePortalLogin(companyId, portal, gstin, holder, now, until), true),
    async release(portal, gstin, holder) {
      await guarded(() => store.releasePortalLogin(companyId, portal, gstin, holder), undefined);
    },
  };
}
