/**
 * The one SQL schema of the store (PostgreSQL dialect: PGlite and PostgreSQL run the same text), as
 * numbered migrations. A migration is never edited once released; a change is a new migration.
 * @module
 */

/** One step of the schema. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'records, jobs, files, outbox, keys',
    sql: `
create table gst_irn (
  irn text primary key,
  company_id text not null,
  seller_gstin text not null,
  financial_year text not null,
  doc_type text not null,
  doc_key text not null,
  doc_date text not null,
  doc_period text not null,
  buyer_gstin text not null,
  status text not null,
  record jsonb not null,
  created_at timestamptz not null default now(),
  -- The IRP's duplicate rule: one IRN per GSTIN, financial year, document type and document number.
  constraint gst_irn_one_per_document unique (seller_gstin, financial_year, doc_type, doc_key)
);
create index gst_irn_by_buyer on gst_irn (buyer_gstin, doc_period);

create table gst_ewb (
  ewb_no text primary key,
  company_id text not null,
  gen_gstin text not null,
  from_gstin text not null,
  to_gstin text not null,
  doc_type text not null,
  doc_key text not null,
  gen_date text not null,
  status text not null,
  irn text,
  entry jsonb not null
);
-- The e-waybill portal's rule: one active e-waybill per document.
create unique index gst_ewb_one_per_document on gst_ewb (from_gstin, doc_type, doc_key) where status = 'ACT';
create index gst_ewb_by_generator on gst_ewb (gen_gstin, gen_date);
create index gst_ewb_by_to on gst_ewb (to_gstin, gen_date);
create index gst_ewb_by_from on gst_ewb (from_gstin, gen_date);

create table gst_ewb_event (
  ewb_no text not null references gst_ewb (ewb_no) on delete cascade,
  seq bigserial not null,
  at timestamptz not null,
  event text not null,
  detail jsonb not null,
  primary key (ewb_no, seq)
);

create table gst_counter (
  name text primary key,
  value bigint not null
);

create table gst_taxpayer (
  gstin text primary key,
  data jsonb not null
);

create table gst_return (
  company_id text not null,
  gstin text not null,
  return_type text not null,
  period text not null,
  pulled_at timestamptz not null,
  json text not null,
  primary key (company_id, gstin, return_type, period)
);

create table gst_job (
  job_id text primary key,
  company_id text not null,
  type text not null,
  params jsonb not null,
  state smallint not null,
  done bigint not null default 0,
  total bigint not null default 0,
  progress real not null default 0,
  attempts integer not null default 0,
  error jsonb,
  result jsonb,
  file_id text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  lease_until timestamptz,
  owner text
);
create index gst_job_waiting on gst_job (state, created_at);

create table gst_file (
  file_id text primary key,
  company_id text not null,
  file_name text not null,
  content_type text not null,
  size bigint not null default 0,
  complete boolean not null default false,
  created_at timestamptz not null default now()
);

create table gst_file_chunk (
  file_id text not null references gst_file (file_id) on delete cascade,
  seq integer not null,
  bytes bytea not null,
  primary key (file_id, seq)
);

create table gst_inquiry (
  inquiry_id text primary key,
  payload jsonb not null,
  state text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  last_error text,
  created_at timestamptz not null
);
create index gst_inquiry_due on gst_inquiry (state, next_attempt_at);

create table gst_api_key (
  key_id text primary key,
  company_id text not null,
  secret_sha256 text not null
);

create table gst_secret (
  name text primary key,
  value text not null
);
`,
  },
  {
    version: 2,
    name: 'e-waybill transporter and revisions',
    sql: `
-- The transporter an e-waybill is assigned to now (updatetransporter changes it), for the transporter's lists.
alter table gst_ewb add column transporter_id text;
update gst_ewb set transporter_id = nullif(entry->'partA'->>'transporterId', '') where transporter_id is null;
create index gst_ewb_by_transporter on gst_ewb (transporter_id, gen_date);
`,
  },
  {
    version: 3,
    name: 'consolidated e-waybills (trip sheets)',
    sql: `
create table gst_trip_sheet (
  trip_sheet_no text primary key,
  company_id text not null,
  gen_gstin text not null,
  gen_date text not null,
  status text not null,
  record jsonb not null
);
create index gst_trip_sheet_by_generator on gst_trip_sheet (gen_gstin, gen_date);
`,
  },
  {
    version: 4,
    name: 'audit log, rate-limit windows',
    sql: `
-- One row per state-changing call: who (the key id, never a secret), which company, document and route, the outcome.
create table gst_audit (
  seq bigserial primary key,
  at timestamptz not null,
  company_id text not null,
  key_id text not null,
  operation text not null,
  method text not null,
  path text not null,
  gstin text,
  document text,
  result text,
  status integer not null,
  code text
);
create index gst_audit_by_company on gst_audit (company_id, seq);

-- Requests counted per key in fixed windows, shared by every server on the database.
create table gst_rate_window (
  bucket text not null,
  window_start bigint not null,
  hits integer not null,
  primary key (bucket, window_start)
);
`,
  },
  {
    version: 5,
    name: 'rejected IRNs, audit retention',
    sql: `
-- The IRNs the central duplicate check rejected (NIC's Get-Rejected-IRNs), listed by the IRP that issued them:
-- one entry per company, IRN and day.
create table gst_rejected_irn (
  company_id text not null,
  irn text not null,
  irp text not null,
  seller_gstin text not null,
  rejected_on text not null,
  seq bigserial not null,
  entry jsonb not null,
  primary key (company_id, irn, rejected_on)
);
create index gst_rejected_irn_by_day on gst_rejected_irn (company_id, irp, seller_gstin, rejected_on, seq);

-- Pruning the audit log by age reads it by time.
create index gst_audit_by_time on gst_audit (at);
`,
  },
  {
    version: 6,
    name: 'pulled returns in pieces, with their document count',
    sql: `
-- A pulled return's JSON (about 9 MB for 40,000 documents) is kept in pieces of a bounded size, so that no
-- statement moves it whole: PGlite's WebAssembly memory grows to the largest value it handles and never
-- shrinks. version names one pull; a new pull writes new pieces and removes the old in one transaction.
create table gst_return_piece (
  version text not null,
  seq integer not null,
  piece text not null,
  primary key (version, seq)
);
alter table gst_return add column version text;
alter table gst_return add column pieces integer not null default 1;
-- The documents the pull counted, so that an export's progress has its total without reading the returns.
alter table gst_return add column documents integer;
update gst_return set version = md5(company_id || '|' || gstin || '|' || return_type || '|' || period);
insert into gst_return_piece (version, seq, piece) select version, 0, json from gst_return;
alter table gst_return alter column version set not null;
alter table gst_return drop column json;
`,
  },
  {
    version: 7,
    name: 'live portal sessions and login leases',
    sql: `
-- The live connectors' portal sessions, one per company, portal and GSTIN, shared by every server on the
-- database. sealed is encrypted (AES-256-GCM) by the connector under a key the host holds; the database never
-- sees a token or session key. The lease columns let one server at a time log in for the row's GSTIN.
create table gst_portal_session (
  company_id text not null,
  portal text not null,
  gstin text not null,
  version text,
  expires_at bigint,
  sealed text,
  lease_holder text,
  lease_until bigint,
  primary key (company_id, portal, gstin)
);
`,
  },
  {
    version: 8,
    name: 'e-waybill day lists read listed fields through covering indexes',
    sql: `
-- What the day lists show of each e-waybill (src/ports/ewaybill-listed.ts), written with every change of its entry,
-- so that a list reads these few fields and never the whole entry. Rows written before carry none until
-- their next change; the lists read their entries instead.
alter table gst_ewb add column listed jsonb;
-- One index per list, ordered as the list is (by number) and covering what it reads, so a page of a list
-- is a range of one index: its cost follows the bills it lists, not the bills held. They replace the
-- indexes by generator, consignee, consignor and transporter.
create index gst_ewb_day_of_generator on gst_ewb (company_id, gen_gstin, gen_date, ewb_no) include (listed);
create index gst_ewb_day_rejected on gst_ewb (company_id, gen_gstin, gen_date, ewb_no) include (listed) where (listed->>'rejectStatus') = 'Y';
-- E-waybills not yet given their listed fields (stored before this version, unchanged since), for the
-- rejected list, whose own index holds only rows that have them.
create index gst_ewb_unlisted on gst_ewb (company_id, gen_gstin, gen_date, ewb_no) where listed is null;
create index gst_ewb_day_of_consignee on gst_ewb (to_gstin, gen_date, ewb_no) include (gen_gstin, listed);
create index gst_ewb_day_of_consignor on gst_ewb (from_gstin, gen_date, ewb_no) include (gen_gstin, to_gstin, listed);
create index gst_ewb_day_of_transporter on gst_ewb (transporter_id, gen_date, ewb_no) include (listed);
drop index gst_ewb_by_generator;
drop index gst_ewb_by_to;
drop index gst_ewb_by_from;
drop index gst_ewb_by_transporter;
`,
  },
  {
    version: 9,
    name: 'api keys come from the configuration; the store keeps revocations',
    sql: `
-- Every key ever configured on any server used to be kept here and accepted by every server. Each server now
-- accepts only the keys of its own configuration, so these digests are dropped, and the store keeps only
-- revoked key ids, which every server reads within seconds.
drop table gst_api_key;
create table gst_revoked_key (
  key_id text primary key,
  revoked_at timestamptz not null
);
`,
  },
  {
    version: 10,
    name: 'schedules',
    sql: `
-- What a company asked to run on a calendar (a cron expression read in IST). A due schedule is claimed for a
-- lease (claimed_until) by one server, which submits its jobs and records the run with the next due time.
create table gst_schedule (
  schedule_id text primary key,
  company_id text not null,
  type text not null,
  gstins jsonb not null,
  cron text not null,
  params jsonb not null,
  next_run_at timestamptz not null,
  claimed_until timestamptz,
  last_run_at timestamptz,
  last_outcome jsonb,
  memo jsonb not null,
  runs integer not null default 0,
  created_at timestamptz not null
);
create index gst_schedule_by_company on gst_schedule (company_id, created_at);
create index gst_schedule_due on gst_schedule (next_run_at);
`,
  },
  {
    version: 11,
    name: 'the steps of resumable jobs',
    sql: `
-- A resumable job's checkpoint (a bulk registration: each document started, then done with its outcome);
-- pruning the job deletes them.
create table gst_job_step (
  job_id text not null references gst_job (job_id) on delete cascade,
  step integer not null,
  state text not null,
  data jsonb,
  primary key (job_id, step)
);
`,
  },
  {
    version: 12,
    name: 'webhook subscriptions and their delivery outbox',
    sql: `
-- A company's webhook subscriptions (events: a JSON array of event types) and one delivery row per event and
-- subscription. A delivery keeps the exact body it signs, its id (the webhook-id of every attempt) and its
-- latest attempts; an attempt claims its row by moving next_attempt_at to the claim's end.
create table gst_webhook (
  webhook_id text primary key,
  company_id text not null,
  url text not null,
  events jsonb not null,
  secret text not null,
  created_at timestamptz not null
);
create index gst_webhook_of_company on gst_webhook (company_id, created_at);
create table gst_webhook_delivery (
  delivery_id text primary key,
  webhook_id text not null references gst_webhook (webhook_id) on delete cascade,
  company_id text not null,
  event_type text not null,
  body text not null,
  state text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  retry_from timestamptz not null,
  created_at timestamptz not null,
  delivered_at timestamptz,
  recent jsonb not null default '[]'
);
create index gst_webhook_delivery_due on gst_webhook_delivery (next_attempt_at) where state = 'pending';
create index gst_webhook_delivery_of_webhook on gst_webhook_delivery (webhook_id, created_at desc);
`,
  },
  {
    version: 13,
    name: 'once-only notices, and what the watch pass looks up',
    sql: `
-- A notice given once (an event a watch pass found due: a deadline near, a session ending), claimed by its
-- key in the transaction that emits it, so of several servers exactly one tells it.
create table gst_notice (
  key text primary key,
  created_at timestamptz not null
);
-- The watch pass asks for the sessions ending soon and for every pull of one return type and period.
create index gst_portal_session_expiry on gst_portal_session (portal, expires_at) where version is not null;
create index gst_return_of_period on gst_return (return_type, period);
-- When an e-waybill's validity ends (epoch ms: the entry's validUpto, an IST reading of its last minute, plus
-- a minute), kept by every write of the entry, so the bills whose extension window is open are found by index.
alter table gst_ewb add column valid_until bigint;
update gst_ewb set valid_until =
  ((extract(epoch from to_timestamp(entry->>'validUpto', 'DD/MM/YYYY HH24:MI:SS')::timestamp) * 1000)::bigint - 19800000 + 60000)
  where entry->>'validUpto' ~ '^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2}$';
create index gst_ewb_ending on gst_ewb (valid_until) where status = 'ACT';
`,
  },
];

/** The version the code expects. */
export const schemaVersion = migrations[migrations.length - 1]!.version;
