/**
 * The store over SQL: one implementation for PGlite and PostgreSQL, since both speak the same dialect.
 * Portal uniqueness comes from the schema's constraints (`on conflict do nothing`), so two servers
 * racing on one database cannot both register a document. Each aggregate lives in `sql/`; this puts them
 * together over one client (or one transaction's).
 * @module
 */
import { reportingDiskFull } from './disk-full.js';
import type { EwbEvent, Store } from '../ports/store.js';
import { migrate } from './migrate.js';
import type { SqlClient, SqlQuery } from './sql-client.js';
import { sqlAuditStore } from './sql/audit.js';
import { sqlCounterStore } from './sql/counter.js';
import { sqlEwbStore } from './sql/ewaybill.js';
import { sqlIrnStore } from './sql/irn.js';
import { sqlJobStore } from './sql/job.js';
import { sqlOutboxStore } from './sql/outbox.js';
import { sqlPortalSessionStore } from './sql/portal-session.js';
import { sqlPulledReturnStore } from './sql/pulled-return.js';
import { sqlRateCountStore } from './sql/rate-count.js';
import { sqlRevokedKeyStore } from './sql/revoked-key.js';
import { sqlScheduleStore } from './sql/schedule.js';
import { sqlSecretStore } from './sql/secret.js';
import { sqlTaxpayerStore } from './sql/taxpayer.js';
import { sqlTripSheetStore } from './sql/trip-sheet.js';
import { sqlWebhookStore } from './sql/webhook.js';
import { sqlNoticeStore } from './sql/notice.js';

/** Builds the store over a SQL client, bringing its schema up to date first. */
export async function createSqlStore(raw: SqlClient, kind: 'pglite' | 'postgres'): Promise<Store> {
  // A full disk is foreseen: callers get StoreFullError (507 SVC-957), not the database's own message.
  const client = reportingDiskFull(raw);
  await migrate(client);
  return sqlStore(client, kind, false);
}

/** The statements of a transaction already open: nested transactions join it. */
function joined(tx: SqlQuery): SqlClient {
  return {
    query: (text, params) => tx.query(text, params),
    transaction: (work) => work(tx),
    exec: (script) => tx.query(script).then(() => undefined),
    // The transaction's handle closes nothing; the outer store owns the connection.
    close: async () => {},
  };
}

function sqlStore(client: SqlClient, kind: 'pglite' | 'postgres', inTransaction: boolean): Store {
  const store: Store = {
    kind,

    atomically(work) {
      if (inTransaction) return work(store);
      return client.transaction((tx) => work(sqlStore(joined(tx), kind, true)));
    },

    ...sqlIrnStore(client),
    ...sqlEwbStore(client),
    ...sqlTripSheetStore(client),
    ...sqlCounterStore(client),
    ...sqlTaxpayerStore(client),
    ...sqlPulledReturnStore(client),
    ...sqlJobStore(client),
    ...sqlOutboxStore(client),
    ...sqlScheduleStore(client),
    ...sqlRevokedKeyStore(client),
    ...sqlSecretStore(client),
    ...sqlAuditStore(client),
    ...sqlRateCountStore(client),
    ...sqlPortalSessionStore(client),
    ...sqlWebhookStore(client),
    ...sqlNoticeStore(client),

    async ping() {
      await client.query('select 1', []);
    },

    close: () => client.close(),
  };
  return store;
}

export type { EwbEvent };
