/**
 * Live portals' sessions and login leases on SQL: one row per company, portal and GSTIN holds both, and
 * each change is one statement, so of servers racing exactly one wins.
 * @module
 */
import type { PortalSessionRow, PortalSessionStore } from '../../ports/store.js';
import type { SqlClient } from '../sql-client.js';

/** The portal session store over `client`. */
export function sqlPortalSessionStore(client: SqlClient): PortalSessionStore {
  return {
    async getPortalSession(companyId, portal, gstin) {
      const [r] = await client.query(
        'select version, expires_at, sealed from gst_portal_session where company_id = $1 and portal = $2 and gstin = $3 and version is not null',
        [companyId, portal, gstin],
      );
      if (!r) return undefined;
      const row: PortalSessionRow = {
        companyId,
        portal,
        gstin,
        version: String(r['version']),
        expiresAt: Number(r['expires_at']),
        sealed: String(r['sealed']),
      };
      return row;
    },
    async putPortalSession(row) {
      await client.query(
        `insert into gst_portal_session (company_id, portal, gstin, version, expires_at, sealed) values ($1, $2, $3, $4, $5, $6)
         on conflict (company_id, portal, gstin) do update set version = excluded.version, expires_at = excluded.expires_at, sealed = excluded.sealed`,
        [row.companyId, row.portal, row.gstin, row.version, row.expiresAt, row.sealed],
      );
    },
    async dropPortalSession(companyId, portal, gstin, version) {
      const gone = await client.query(
        'update gst_portal_session set version = null, expires_at = null, sealed = null where company_id = $1 and portal = $2 and gstin = $3 and version = $4 returning gstin',
        [companyId, portal, gstin, version],
      );
      return gone.length > 0;
    },
    async leasePortalLogin(companyId, portal, gstin, holder, now, until) {
      // One statement: of servers racing for a free or run-out lease, exactly one gets the row back.
      const taken = await client.query(
        `insert into gst_portal_session (company_id, portal, gstin, lease_holder, lease_until) values ($1, $2, $3, $4, $6)
         on conflict (company_id, portal, gstin) do update set lease_holder = excluded.lease_holder, lease_until = excluded.lease_until
         where gst_portal_session.lease_holder is null or gst_portal_session.lease_until <= $5 or gst_portal_session.lease_holder = excluded.lease_holder
         returning gstin`,
        [companyId, portal, gstin, holder, now, until],
      );
      return taken.length > 0;
    },
    async portalSessionsEnding(portal, after, before) {
      const rows = await client.query(
        `select company_id, gstin, version, expires_at from gst_portal_session
         where portal = $1 and version is not null and expires_at > $2 and expires_at <= $3 order by expires_at`,
        [portal, after, before],
      );
      return rows.map((r) => ({
        companyId: String(r['company_id']),
        portal,
        gstin: String(r['gstin']),
        version: String(r['version']),
        expiresAt: Number(r['expires_at']),
      }));
    },
    async releasePortalLogin(companyId, portal, gstin, holder) {
      await client.query(
        'update gst_portal_session set lease_holder = null, lease_until = null where company_id = $1 and portal = $2 and gstin = $3 and lease_holder = $4',
        [companyId, portal, gstin, holder],
      );
    },
  };
}
