/**
 * Portal sessions in this process's memory: the default when the host gives no shared store (or no
 * key to seal sessions with). Connectors given the same instance share their sessions.
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { CurrentSession, PortalSessions } from '../../ports/portal-sessions.js';

export function processPortalSessions(): PortalSessions {
  const sessions = new Map<string, CurrentSession>();
  const leases = new Map<string, { holder: string; until: number }>();
  const keyOf = (portal: string, gstin: string): string => `${portal}\u0000${gstin}`;
  return {
    scope: 'process',
    async current(portal, gstin) {
      return sessions.get(keyOf(portal, gstin));
    },
    async publish(portal, gstin, session) {
      const version = randomUUID();
      sessions.set(keyOf(portal, gstin), { expiresAt: session.expiresAt, secrets: { ...session.secrets }, version });
      return version;
    },
    async drop(portal, gstin, version) {
      const key = keyOf(portal, gstin);
      if (sessions.get(key)?.version === version) sessions.delete(key);
    },
    async lease(portal, gstin, holder, now, until) {
      const key = keyOf(portal, gstin);
      const lease = leases.get(key);
      if (lease && lease.holder !== holder && lease.until > now) return false;
      leases.set(key, { holder, until });
      return true;
    },
    async release(portal, gstin, holder) {
      const key = keyOf(portal, gstin);
      if (leases.get(key)?.holder === holder) leases.delete(key);
    },
  };
}
