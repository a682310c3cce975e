/**
 * Live portals' sessions and login leases in memory.
 * @module
 */
import type { PortalSessionRow, PortalSessionStore } from '../../ports/store.js';
import { copyRow } from '../copy-row.js';
import { JournaledMap, type JournalSlot } from './journal.js';

/** The portal session store in memory; its maps report to the transaction open in `slot`. */
export function memoryPortalSessionStore(slot: JournalSlot): PortalSessionStore {
  const portalSessions = new JournaledMap<string, PortalSessionRow>(slot);
  const portalLeases = new JournaledMap<string, { holder: string; until: number }>(slot);
  return {
    async getPortalSession(companyId, portal, gstin) {
      const row = portalSessions.get([companyId, portal, gstin].join('\u0000'));
      return row ? copyRow(row) : undefined;
    },
    async putPortalSession(row) {
      portalSessions.set([row.companyId, row.portal, row.gstin].join('\u0000'), copyRow(row));
    },
    async dropPortalSession(companyId, portal, gstin, version) {
      const key = [companyId, portal, gstin].join('\u0000');
      if (portalSessions.get(key)?.version !== version) return false;
      portalSessions.delete(key);
      return true;
    },
    async leasePortalLogin(companyId, portal, gstin, holder, now, until) {
      const key = [companyId, portal, gstin].join('\u0000');
      const lease = portalLeases.get(key);
      if (lease && lease.holder !== holder && lease.until > now) return false;
      portalLeases.set(key, { holder, until });
      return true;
    },
    async portalSessionsEnding(portal, after, before) {
      return [...portalSessions.values()]
        .filter((r) => r.portal === portal && r.expiresAt > after && r.expiresAt <= before)
        .sort((a, b) => a.expiresAt - b.expiresAt)
        .map(({ sealed: _sealed, ...row }) => ({ ...row }));
    },
    async releasePortalLogin(companyId, portal, gstin, holder) {
      const key = [companyId, portal, gstin].join('\u0000');
      if (portalLeases.get(key)?.holder === holder) portalLeases.delete(key);
    },
  };
}
