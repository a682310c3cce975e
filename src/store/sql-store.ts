/**
 * The store over SQL: one implementation for PGlite and PostgreSQL, since both speak the same dialect.
 * Portal uniqueness comes from the schema's constraints (`on conflict do nothing`), so two servers
 * racing on one database cannot both register a document.
 * @module
 */
import { reportingDiskFull } from './disk-full.js';
import type { AuditRow } from '../ports/audit.js';
import type { EwbEvent, EwbListed, EwbListedRow, EwbRow, FileMeta, IrnRow, JobRow, OutboxRow, PortalSessionRow, RejectedIrnRow, ReturnInfo, ReturnRow, Store, TripSheetRow } from '../ports/store.js';
import { randomUUID } from 'node:crypto';
import { migrate } from './migrate.js';
import { dayPageStatement } from './ewb-day-page.js';
import { returnPieces } from './return-pieces.js';
import type { Row, SqlClient, SqlQuery } from './sql-client.js';

/** The advisory-lock class of the rate counts (the second key is the bucket's hash). */
const RATE_LOCK = 0x67737472;

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

function irnRow(r: Row): IrnRow {
  return {
    companyId: String(r['company_id']),
    irn: String(r['irn']),
    sellerGstin: String(r['seller_gstin']),
    financialYear: String(r['financial_year']),
    docType: String(r['doc_type']),
    docKey: String(r['doc_key']),
    docDate: String(r['doc_date']),
    docPeriod: String(r['doc_period']),
    buyerGstin: String(r['buyer_gstin']),
    status: String(r['status']),
    record: json(r['record']),
  };
}

function ewbRow(r: Row): EwbRow {
  return {
    ewbNo: String(r['ewb_no']),
    companyId: String(r['company_id']),
    genGstin: String(r['gen_gstin']),
    fromGstin: String(r['from_gstin']),
    toGstin: String(r['to_gstin']),
    docType: String(r['doc_type']),
    docKey: String(r['doc_key']),
    genDate: String(r['gen_date']),
    status: String(r['status']),
    ...(r['irn'] ? { irn: String(r['irn']) } : {}),
    ...(r['transporter_id'] ? { transporterId: String(r['transporter_id']) } : {}),
    entry: json(r['entry']),
  };
}

function tripSheetRow(r: Row): TripSheetRow {
  return {
    tripSheetNo: String(r['trip_sheet_no']),
    companyId: String(r['company_id']),
    genGstin: String(r['gen_gstin']),
    genDate: String(r['gen_date']),
    status: String(r['status']),
    record: json(r['record']),
  };
}

/** What a return's head row says, common to its info and its whole text: who, which return, when pulled, how many documents. */
function returnHead(key: readonly [companyId: string, gstin: string, returnType: string, period: string], r: Row): Omit<ReturnInfo, 'version' | 'pieces'> {
  const [companyId, gstin, returnType, period] = key;
  return {
    companyId,
    gstin,
    returnType,
    period,
    pulledAt: iso(r['pulled_at']),
    ...(r['documents'] !== null && r['documents'] !== undefined ? { documents: Number(r['documents']) } : {}),
  };
}

function jobRow(r: Row): JobRow {
  return {
    jobId: String(r['job_id']),
    companyId: String(r['company_id']),
    type: String(r['type']),
    params: json(r['params']),
    state: Number(r['state']) as JobRow['state'],
    done: Number(r['done']),
    total: Number(r['total']),
    progress: Number(r['progress']),
    attempts: Number(r['attempts']),
    ...(r['error'] ? { error: json(r['error']) } : {}),
    ...(r['result'] !== null && r['result'] !== undefined ? { result: json(r['result']) } : {}),
    ...(r['file_id'] ? { fileId: String(r['file_id']) } : {}),
    createdAt: iso(r['created_at']),
    updatedAt: iso(r['updated_at']),
    ...(r['lease_until'] ? { leaseUntil: iso(r['lease_until']) } : {}),
    ...(r['owner'] ? { owner: String(r['owner']) } : {}),
  };
}

function outboxRow(r: Row): OutboxRow {
  return {
    inquiryId: String(r['inquiry_id']),
    payload: json(r['payload']),
    state: String(r['state']) as OutboxRow['state'],
    attempts: Number(r['attempts']),
    nextAttemptAt: iso(r['next_attempt_at']),
    ...(r['last_error'] ? { lastError: String(r['last_error']) } : {}),
    createdAt: iso(r['created_at']),
  };
}

const text = (v: unknown): string => JSON.stringify(v);

function auditRow(r: Row): AuditRow {
  const optional = (name: string): string | undefined => (r[name] === null || r[name] === undefined ? undefined : String(r[name]));
  const gstin = optional('gstin');
  const document = optional('document');
  const result = optional('result');
  const code = optional('code');
  return {
    seq: Number(r['seq']),
    at: iso(r['at']),
    companyId: String(r['company_id']),
    keyId: String(r['key_id']),
    operation: String(r['operation']),
    method: String(r['method']),
    path: String(r['path']),
    ...(gstin !== undefined ? { gstin } : {}),
    ...(document !== undefined ? { document } : {}),
    ...(result !== undefined ? { result } : {}),
    status: Number(r['status']),
    ...(code !== undefined ? { code } : {}),
  };
}

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
  const q = (sql: string, params: readonly unknown[] = []): Promise<Row[]> => client.query(sql, params);

  const store: Store = {
    kind,

    atomically(work) {
      if (inTransaction) return work(store);
      return client.transaction((tx) => work(sqlStore(joined(tx), kind, true)));
    },

    async insertIrn(row) {
      const inserted = await q(
        `insert into gst_irn (irn, company_id, seller_gstin, financial_year, doc_type, doc_key, doc_date, doc_period, buyer_gstin, status, record)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb) on conflict do nothing returning irn`,
        [row.irn, row.companyId, row.sellerGstin, row.financialYear, row.docType, row.docKey, row.docDate, row.docPeriod, row.buyerGstin, row.status, text(row.record)],
      );
      if (inserted.length > 0) return { inserted: true };
      const existing = await q(
        `select * from gst_irn where irn = $1 or (seller_gstin = $2 and financial_year = $3 and doc_type = $4 and doc_key = $5) limit 1`,
        [row.irn, row.sellerGstin, row.financialYear, row.docType, row.docKey],
      );
      if (existing.length === 0) throw new Error('the IRN conflicted with a row that is gone; retry');
      return { inserted: false, existing: irnRow(existing[0]!) };
    },

    async getIrn(companyId, irn) {
      const rows = await q('select * from gst_irn where irn = $1 and company_id = $2', [irn, companyId]);
      return rows[0] ? irnRow(rows[0]) : undefined;
    },

    async updateIrn(companyId, irn, status, record) {
      await q('update gst_irn set status = $3, record = $4::jsonb where irn = $1 and company_id = $2', [irn, companyId, status, text(record)]);
    },

    async irnsOfSeller(companyId, sellerGstin, period) {
      const rows = await q(`select * from gst_irn where company_id = $1 and seller_gstin = $2 and doc_period = $3 order by created_at, irn`, [companyId, sellerGstin, period]);
      return rows.map(irnRow);
    },

    async irnsForBuyer(buyerGstin, period) {
      const rows = await q(`select * from gst_irn where buyer_gstin = $1 and doc_period = $2 and status = 'ACT' order by created_at, irn`, [buyerGstin, period]);
      return rows.map(irnRow);
    },

    async insertEwb(row, event) {
      return client.transaction(async (tx) => {
        const inserted = await tx.query(
          `insert into gst_ewb (ewb_no, company_id, gen_gstin, from_gstin, to_gstin, doc_type, doc_key, gen_date, status, irn, entry, transporter_id, listed)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13::jsonb) on conflict do nothing returning ewb_no`,
          [row.ewbNo, row.companyId, row.genGstin, row.fromGstin, row.toGstin, row.docType, row.docKey, row.genDate, row.status, row.irn ?? null, text(row.entry), row.transporterId ?? null, row.listed ? text(row.listed) : null],
        );
        if (inserted.length === 0) {
          const existing = await tx.query(
            `select ewb_no from gst_ewb where from_gstin = $1 and doc_type = $2 and doc_key = $3 and status = 'ACT'`,
            [row.fromGstin, row.docType, row.docKey],
          );
          return { inserted: false as const, existingEwbNo: String(existing[0]?.['ewb_no'] ?? row.ewbNo) };
        }
        await tx.query('insert into gst_ewb_event (ewb_no, at, event, detail) values ($1, $2, $3, $4::jsonb)', [event.ewbNo, event.at, event.event, text(event.detail)]);
        return { inserted: true as const };
      });
    },

    async getEwb(ewbNo) {
      const rows = await q('select * from gst_ewb where ewb_no = $1', [ewbNo]);
      return rows[0] ? ewbRow(rows[0]) : undefined;
    },

    async updateEwb(ewbNo, status, entry, event) {
      await client.transaction(async (tx) => {
        await tx.query('update gst_ewb set status = $2, entry = $3::jsonb, listed = null where ewb_no = $1', [ewbNo, status, text(entry)]);
        await tx.query('insert into gst_ewb_event (ewb_no, at, event, detail) values ($1, $2, $3, $4::jsonb)', [event.ewbNo, event.at, event.event, text(event.detail)]);
      });
    },

    async reviseEwb(change) {
      return client.transaction(async (tx) => {
        // The revision check and the write are one statement, so two servers racing cannot both win.
        const updated = await tx.query(
          `update gst_ewb set status = $3, transporter_id = $4, entry = $5::jsonb, listed = $6::jsonb
           where ewb_no = $1 and coalesce((entry->>'revision')::bigint, 0) = $2 returning ewb_no`,
          [change.ewbNo, change.revision, change.status, change.transporterId, text(change.entry), change.listed ? text(change.listed) : null],
        );
        if (updated.length === 0) return false;
        await tx.query('insert into gst_ewb_event (ewb_no, at, event, detail) values ($1, $2, $3, $4::jsonb)', [change.event.ewbNo, change.event.at, change.event.event, text(change.event.detail)]);
        return true;
      });
    },

    async ewbDayPage(query, after, limit) {
      const { sql, params } = dayPageStatement(query, after, limit);
      const rows = await q(sql, params);
      // Rows stored before the listed fields existed: their entries, in a second statement, so the page's
      // own statement reads the covering index alone.
      const unlisted = rows.filter((r) => r['listed'] === null || r['listed'] === undefined).map((r) => String(r['ewb_no']));
      const entries = new Map<string, Record<string, unknown>>();
      if (unlisted.length > 0) {
        for (const r of await q('select ewb_no, entry from gst_ewb where ewb_no = any($1::text[])', [unlisted])) entries.set(String(r['ewb_no']), json(r['entry']));
      }
      return rows.map((r): EwbListedRow => {
        const ewbNo = String(r['ewb_no']);
        const listed = r['listed'];
        return listed === null || listed === undefined ? { ewbNo, entry: entries.get(ewbNo) ?? {} } : { ewbNo, listed: json<EwbListed>(listed) };
      });
    },

    async ewbsForTransporter(transporterId, genDate) {
      const rows = await q('select * from gst_ewb where transporter_id = $1 and gen_date = $2 order by ewb_no', [transporterId, genDate]);
      return rows.map(ewbRow);
    },

    async ewbHistory(ewbNo) {
      const rows = await q('select * from gst_ewb_event where ewb_no = $1 order by seq', [ewbNo]);
      return rows.map((r) => ({ ewbNo: String(r['ewb_no']), at: iso(r['at']), event: String(r['event']), detail: json(r['detail']) }));
    },

    async ewbsGeneratedOn(companyId, genGstin, genDate) {
      const rows = await q('select * from gst_ewb where company_id = $1 and gen_gstin = $2 and gen_date = $3 order by ewb_no', [companyId, genGstin, genDate]);
      return rows.map(ewbRow);
    },

    async ewbsOfOtherParty(gstin, genDate) {
      const rows = await q(
        'select * from gst_ewb where gen_date = $2 and gen_gstin <> $1 and (to_gstin = $1 or from_gstin = $1) order by ewb_no',
        [gstin, genDate],
      );
      return rows.map(ewbRow);
    },

    async insertTripSheet(row) {
      const inserted = await q(
        `insert into gst_trip_sheet (trip_sheet_no, company_id, gen_gstin, gen_date, status, record)
         values ($1, $2, $3, $4, $5, $6::jsonb) on conflict do nothing returning trip_sheet_no`,
        [row.tripSheetNo, row.companyId, row.genGstin, row.genDate, row.status, text(row.record)],
      );
      return { inserted: inserted.length > 0 };
    },

    async getTripSheet(tripSheetNo) {
      const rows = await q('select * from gst_trip_sheet where trip_sheet_no = $1', [tripSheetNo]);
      return rows[0] ? tripSheetRow(rows[0]) : undefined;
    },

    async updateTripSheet(tripSheetNo, status, record) {
      await q('update gst_trip_sheet set status = $2, record = $3::jsonb where trip_sheet_no = $1', [tripSheetNo, status, text(record)]);
    },

    async addRejectedIrn(row) {
      await q(
        `insert into gst_rejected_irn (company_id, irn, irp, seller_gstin, rejected_on, entry) values ($1, $2, $3, $4, $5, $6::jsonb)
         on conflict do nothing`,
        [row.companyId, row.irn, row.irp, row.sellerGstin, row.rejectedOn, text(row.entry)],
      );
    },

    async rejectedIrns(companyId, irp, sellerGstin, rejectedOn) {
      const rows = await q(
        'select * from gst_rejected_irn where company_id = $1 and irp = $2 and seller_gstin = $3 and rejected_on = $4 order by seq',
        [companyId, irp, sellerGstin, rejectedOn],
      );
      return rows.map((r): RejectedIrnRow => ({ companyId, irp, sellerGstin, irn: String(r['irn']), rejectedOn, entry: json(r['entry']) }));
    },

    async nextNumber(name, start) {
      const rows = await q(
        'insert into gst_counter (name, value) values ($1, $2) on conflict (name) do update set value = gst_counter.value + 1 returning value',
        [name, start],
      );
      return Number(rows[0]!['value']);
    },

    async putTaxpayer(gstin, data) {
      await q('insert into gst_taxpayer (gstin, data) values ($1, $2::jsonb) on conflict (gstin) do update set data = excluded.data', [gstin, text(data)]);
    },

    async listTaxpayers() {
      const rows = await q('select gstin, data from gst_taxpayer order by gstin');
      return rows.map((r) => ({ gstin: String(r['gstin']), data: json(r['data']) }));
    },

    async putReturn(row: ReturnRow) {
      const pieces = returnPieces(row.json);
      const version = randomUUID();
      const key = [row.companyId, row.gstin, row.returnType, row.period];
      await client.transaction(async (tx) => {
        for (let seq = 0; seq < pieces.length; seq++) {
          await tx.query('insert into gst_return_piece (version, seq, piece) values ($1, $2, $3)', [version, seq, pieces[seq]]);
        }
        const inserted = await tx.query(
          `insert into gst_return (company_id, gstin, return_type, period, pulled_at, version, pieces, documents) values ($1, $2, $3, $4, $5, $6, $7, $8)
           on conflict (company_id, gstin, return_type, period) do nothing returning version`,
          [...key, row.pulledAt, version, pieces.length, row.documents ?? null],
        );
        if (inserted.length > 0) return;
        // Replacing an earlier pull: its row is locked until this commits, so two pulls of one return queue.
        const old = await tx.query('select version from gst_return where company_id = $1 and gstin = $2 and return_type = $3 and period = $4 for update', key);
        await tx.query('update gst_return set pulled_at = $5, version = $6, pieces = $7, documents = $8 where company_id = $1 and gstin = $2 and return_type = $3 and period = $4', [
          ...key,
          row.pulledAt,
          version,
          pieces.length,
          row.documents ?? null,
        ]);
        if (old[0]) await tx.query('delete from gst_return_piece where version = $1', [old[0]['version']]);
      });
    },

    async getReturnInfo(companyId, gstin, returnType, period) {
      const key = [companyId, gstin, returnType, period] as const;
      const rows = await q('select pulled_at, version, pieces, documents from gst_return where company_id = $1 and gstin = $2 and return_type = $3 and period = $4', [...key]);
      const r = rows[0];
      if (!r) return undefined;
      return { ...returnHead(key, r), version: String(r['version']), pieces: Number(r['pieces']) };
    },

    async getReturnPiece(version, seq) {
      const rows = await q('select piece from gst_return_piece where version = $1 and seq = $2', [version, seq]);
      return rows[0] ? String(rows[0]['piece']) : undefined;
    },

    async getReturn(companyId, gstin, returnType, period) {
      const key = [companyId, gstin, returnType, period] as const;
      // One consistent read: the head and its pieces in one statement, so a concurrent pull cannot mix in.
      const rows = await q(
        `select r.pulled_at, r.documents, p.piece from gst_return r join gst_return_piece p on p.version = r.version
         where r.company_id = $1 and r.gstin = $2 and r.return_type = $3 and r.period = $4 order by p.seq`,
        [...key],
      );
      const r = rows[0];
      if (!r) return undefined;
      return { ...returnHead(key, r), json: rows.map((p) => String(p['piece'])).join('') };
    },

    async insertJob(row: JobRow) {
      await q(
        `insert into gst_job (job_id, company_id, type, params, state, done, total, progress, attempts, created_at, updated_at, lease_until, owner)
         values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [row.jobId, row.companyId, row.type, text(row.params), row.state, row.done, row.total, row.progress, row.attempts, row.createdAt, row.updatedAt, row.leaseUntil ?? null, row.owner ?? null],
      );
    },

    async getJob(companyId, jobId) {
      const rows = await q('select * from gst_job where job_id = $1 and company_id = $2', [jobId, companyId]);
      return rows[0] ? jobRow(rows[0]) : undefined;
    },

    async claimJob(owner, now, leaseUntil, policy, only = {}) {
      await store.recoverJobs(now, policy);
      const rows = await client.transaction(async (tx) => {
        const pick = await tx.query(
          `select job_id from gst_job where state = 0 and ($1::text[] is null or type = any($1::text[])) and ($2::text is null or job_id = $2)
           order by created_at, job_id limit 1 for update skip locked`,
          [only.types ? [...only.types] : null, only.jobId ?? null],
        );
        if (pick.length === 0) return [];
        return tx.query(
          `update gst_job set state = 1, owner = $2, lease_until = $3, attempts = attempts + 1, updated_at = $4, progress = 0, done = 0
           where job_id = $1 returning *`,
          [pick[0]!['job_id'], owner, leaseUntil, now],
        );
      });
      return rows[0] ? jobRow(rows[0]) : undefined;
    },

    async touchJob(jobId, owner, patch) {
      // greatest(): a write that lands late (a slow progress write overtaken by a renewal) never shortens the lease.
      const rows = await q(
        `update gst_job set lease_until = greatest(lease_until, $3::timestamptz), updated_at = $4, done = coalesce($5, done), total = coalesce($6, total), progress = coalesce($7, progress)
         where job_id = $1 and owner = $2 and state = 1 returning job_id`,
        [jobId, owner, patch.leaseUntil, patch.updatedAt, patch.done ?? null, patch.total ?? null, patch.progress ?? null],
      );
      return rows.length > 0;
    },

    async finishJob(jobId, owner, end) {
      const rows = await q(
        `update gst_job set state = $3::smallint, updated_at = $4, result = $5::jsonb, error = $6::jsonb, file_id = $7, lease_until = null,
           progress = case when $3::smallint = 100 then 100 else progress end, done = case when $3::smallint = 100 and total > 0 then total else done end
         where job_id = $1 and state = 1 and ($2::text is null or owner = $2) returning job_id`,
        [jobId, owner ?? null, end.state, end.updatedAt, end.result === undefined ? null : text(end.result), end.error ? text(end.error) : null, end.fileId ?? null],
      );
      return rows.length > 0;
    },

    async waitingJobs(limit) {
      const rows = await q('select * from gst_job where state = 0 order by updated_at, job_id limit $1', [limit]);
      return rows.map(jobRow);
    },

    async recoverJobs(now, policy) {
      const failed = await q(
        `update gst_job set state = 101, error = $3::jsonb, updated_at = $1, owner = null, lease_until = null
         where state = 1 and coalesce(lease_until, '-infinity') < $1 and attempts >= $2 returning job_id`,
        [now, policy.maxAttempts, text(policy.error)],
      );
      const requeued = await q(
        `update gst_job set state = 0, updated_at = $1, owner = null, lease_until = null where state = 1 and coalesce(lease_until, '-infinity') < $1 returning job_id`,
        [now],
      );
      return { requeued: requeued.length, failed: failed.length };
    },

    async pruneJobs(before) {
      return client.transaction(async (tx) => {
        const gone = await tx.query('delete from gst_job where state >= 100 and updated_at < $1 returning file_id', [before]);
        const files = gone.map((r) => r['file_id']).filter(Boolean);
        if (files.length > 0) await tx.query('delete from gst_file where file_id = any($1::text[])', [files]);
        await tx.query('delete from gst_file where complete = false and created_at < $1', [before]);
        return gone.length;
      });
    },

    async createFile(meta) {
      await q('insert into gst_file (file_id, company_id, file_name, content_type) values ($1, $2, $3, $4)', [meta.fileId, meta.companyId, meta.fileName, meta.contentType]);
    },

    async appendFileChunk(fileId, seq, bytes) {
      await q('insert into gst_file_chunk (file_id, seq, bytes) values ($1, $2, $3)', [fileId, seq, bytes]);
    },

    async completeFile(fileId, size) {
      await q('update gst_file set size = $2, complete = true where file_id = $1', [fileId, size]);
    },

    async getFile(companyId, fileId): Promise<FileMeta | undefined> {
      const rows = await q('select * from gst_file where file_id = $1 and company_id = $2', [fileId, companyId]);
      const r = rows[0];
      return r
        ? {
            fileId,
            companyId,
            fileName: String(r['file_name']),
            contentType: String(r['content_type']),
            size: Number(r['size']),
            complete: r['complete'] === true,
          }
        : undefined;
    },

    readFile(fileId) {
      return {
        async *[Symbol.asyncIterator]() {
          for (let seq = 0; ; seq++) {
            const rows = await q('select bytes from gst_file_chunk where file_id = $1 and seq = $2', [fileId, seq]);
            const bytes = rows[0]?.['bytes'];
            if (!bytes) return;
            yield bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes as ArrayBuffer);
          }
        },
      };
    },

    async addInquiry(row: OutboxRow) {
      await q(
        `insert into gst_inquiry (inquiry_id, payload, state, attempts, next_attempt_at, last_error, created_at)
         values ($1, $2::jsonb, $3, $4, $5, $6, $7) on conflict (inquiry_id) do nothing`,
        [row.inquiryId, text(row.payload), row.state, row.attempts, row.nextAttemptAt, row.lastError ?? null, row.createdAt],
      );
    },

    async dueInquiries(now, limit) {
      const rows = await q(`select * from gst_inquiry where state = 'pending' and next_attempt_at <= $1 order by next_attempt_at limit $2`, [now, limit]);
      return rows.map(outboxRow);
    },

    async claimDueInquiries(now, leaseUntil, limit) {
      // Rows another server is claiming are skipped, and the claim is re-checked on the row it locks.
      const rows = await q(
        `with picked as materialized (
           select inquiry_id from gst_inquiry where state = 'pending' and next_attempt_at <= $1
           order by next_attempt_at limit $3 for update skip locked)
         update gst_inquiry g set next_attempt_at = $2 from picked
         where g.inquiry_id = picked.inquiry_id and g.state = 'pending' and g.next_attempt_at <= $1
         returning g.*`,
        [now, leaseUntil, limit],
      );
      return rows.map(outboxRow).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    async markInquiryDelivered(inquiryId) {
      await q(`update gst_inquiry set state = 'delivered', attempts = attempts + 1, last_error = null where inquiry_id = $1`, [inquiryId]);
    },

    async markInquiryRetry(inquiryId, nextAttemptAt, error, claim) {
      await q(
        `update gst_inquiry set attempts = attempts + 1, next_attempt_at = $2, last_error = $3
         where inquiry_id = $1 and state = 'pending' and ($4::timestamptz is null or next_attempt_at = $4::timestamptz)`,
        [inquiryId, nextAttemptAt, error, claim ?? null],
      );
    },

    async getInquiry(inquiryId) {
      const rows = await q('select * from gst_inquiry where inquiry_id = $1', [inquiryId]);
      return rows[0] ? outboxRow(rows[0]) : undefined;
    },

    async revokeApiKey(keyId, at) {
      await q('insert into gst_revoked_key (key_id, revoked_at) values ($1, $2) on conflict (key_id) do nothing', [keyId, at]);
    },

    async restoreApiKey(keyId) {
      const rows = await q('delete from gst_revoked_key where key_id = $1 returning key_id', [keyId]);
      return rows.length > 0;
    },

    async revokedApiKeys() {
      const rows = await q('select key_id, revoked_at from gst_revoked_key order by key_id');
      return rows.map((r) => ({ keyId: String(r['key_id']), revokedAt: iso(r['revoked_at']) }));
    },

    async addAudit(e) {
      await q(
        `insert into gst_audit (at, company_id, key_id, operation, method, path, gstin, document, result, status, code)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [e.at, e.companyId, e.keyId, e.operation, e.method, e.path, e.gstin ?? null, e.document ?? null, e.result ?? null, e.status, e.code ?? null],
      );
    },
    async listAudit(companyId, query) {
      const rows = await q(
        `select * from gst_audit where company_id = $1
           and ($2::bigint is null or seq < $2) and ($3::timestamptz is null or at >= $3) and ($4::timestamptz is null or at < $4)
         order by seq desc limit $5`,
        [companyId, query.beforeSeq ?? null, query.since ?? null, query.until ?? null, query.limit],
      );
      return rows.map(auditRow);
    },
    async pruneAudit(before) {
      const gone = await q('delete from gst_audit where at < $1 returning seq', [before]);
      return gone.length;
    },
    async countRequest(bucket, slotStart, since, cap, by = 1) {
      return client.transaction(async (tx) => {
        // One bucket's step at a time across every server: the check and the addition must not interleave.
        await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [RATE_LOCK, bucket]);
        // Only a step that adds forgets old slots: a read changes nothing.
        if (by !== 0) await tx.query('delete from gst_rate_window where bucket = $1 and window_start < $2', [bucket, since]);
        const rows = await tx.query('select window_start, hits from gst_rate_window where bucket = $1 and window_start >= $2 order by window_start', [bucket, since]);
        const slots = rows.map((r) => ({ start: Number(r['window_start']), hits: Number(r['hits']) }));
        const total = slots.reduce((n, s) => n + s.hits, 0);
        const added = by !== 0 && total + by <= cap;
        if (!added) return { slots, added };
        const [row] = await tx.query(
          `insert into gst_rate_window (bucket, window_start, hits) values ($1, $2, $3)
           on conflict (bucket, window_start) do update set hits = gst_rate_window.hits + excluded.hits
           returning hits`,
          [bucket, slotStart, by],
        );
        const others = slots.filter((s) => s.start !== slotStart);
        return { slots: [...others, { start: slotStart, hits: Number(row!['hits']) }].sort((a, b) => a.start - b.start), added };
      });
    },
    async secret(name, create) {
      const existing = await q('select value from gst_secret where name = $1', [name]);
      if (existing[0]) return String(existing[0]['value']);
      await q('insert into gst_secret (name, value) values ($1, $2) on conflict (name) do nothing', [name, create()]);
      const rows = await q('select value from gst_secret where name = $1', [name]);
      return String(rows[0]!['value']);
    },

    async getPortalSession(companyId, portal, gstin) {
      const [r] = await q('select version, expires_at, sealed from gst_portal_session where company_id = $1 and portal = $2 and gstin = $3 and version is not null', [
        companyId,
        portal,
        gstin,
      ]);
      if (!r) return undefined;
      const row: PortalSessionRow = { companyId, portal, gstin, version: String(r['version']), expiresAt: Number(r['expires_at']), sealed: String(r['sealed']) };
      return row;
    },
    async putPortalSession(row) {
      await q(
        `insert into gst_portal_session (company_id, portal, gstin, version, expires_at, sealed) values ($1, $2, $3, $4, $5, $6)
         on conflict (company_id, portal, gstin) do update set version = excluded.version, expires_at = excluded.expires_at, sealed = excluded.sealed`,
        [row.companyId, row.portal, row.gstin, row.version, row.expiresAt, row.sealed],
      );
    },
    async dropPortalSession(companyId, portal, gstin, version) {
      const gone = await q(
        'update gst_portal_session set version = null, expires_at = null, sealed = null where company_id = $1 and portal = $2 and gstin = $3 and version = $4 returning gstin',
        [companyId, portal, gstin, version],
      );
      return gone.length > 0;
    },
    async leasePortalLogin(companyId, portal, gstin, holder, now, until) {
      // One statement: of servers racing for a free or run-out lease, exactly one gets the row back.
      const taken = await q(
        `insert into gst_portal_session (company_id, portal, gstin, lease_holder, lease_until) values ($1, $2, $3, $4, $6)
         on conflict (company_id, portal, gstin) do update set lease_holder = excluded.lease_holder, lease_until = excluded.lease_until
         where gst_portal_session.lease_holder is null or gst_portal_session.lease_until <= $5 or gst_portal_session.lease_holder = excluded.lease_holder
         returning gstin`,
        [companyId, portal, gstin, holder, now, until],
      );
      return taken.length > 0;
    },
    async releasePortalLogin(companyId, portal, gstin, holder) {
      await q('update gst_portal_session set lease_holder = null, lease_until = null where company_id = $1 and portal = $2 and gstin = $3 and lease_holder = $4', [
        companyId,
        portal,
        gstin,
        holder,
      ]);
    },

    async ping() {
      await q('select 1');
    },

    close: () => client.close(),
  };
  return store;
}

export type { EwbEvent };
