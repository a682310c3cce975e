/**
 * Provider ports: the interfaces behind which the HTTP adapter reaches the outside world.
 * The sandbox implements every one of them in memory; a host plugs its own GSP client, queue,
 * captcha or CRM by implementing the same interface.
 * @module
 */
import type { Issue } from '../issue.js';

// ---- who is calling --------------------------------------------------------------------------

/** A company (tenant) and the GSTINs it may act for. */
export interface Company {
  id: string;
  gstins: readonly string[];
}

/** What the host's authentication hook answers. */
export type AuthResult =
  | { ok: true; company: Company }
  | { ok: false; status: 401 | 403; message: string };

/** The host's authentication hook: reads the request's headers and names the company, or refuses. */
export type Authenticate = (request: Request) => AuthResult | Promise<AuthResult>;

/** Passed to every provider call, so a provider can never mix companies. */
export interface ProviderContext {
  company: Company;
}

// ---- results ---------------------------------------------------------------------------------

/** A provider's refusal: portal-coded issues, an HTTP status hint and extra facts (e.g. DUPIRN). */
export interface Refusal {
  ok: false;
  errors: Issue[];
  /** 404 not found, 409 conflict, 422 refused by a rule; default 422. */
  status?: number;
  info?: Record<string, unknown>;
}

export type ProviderResult<T> = { ok: true; value: T } | Refusal;

// ---- IRP -----------------------------------------------------------------------------------

/** One registered document as the IRP keeps it. */
export interface IrnRecord {
  Irn: string;
  /** 15 digits. */
  AckNo: string;
  /** `YYYY-MM-DD HH:MM:SS` IST, as inside the signed tokens. */
  AckDt: string;
  /** `DD/MM/YYYY HH:MM:SS` IST, as on the wire. */
  AckTime: string;
  IrnStatus: 'ACT' | 'CNL';
  SignedInvoice: string;
  SignedQRCode: string;
  /** `DD/MM/YYYY HH:MM:SS`, when cancelled. */
  CancelDate?: string;
  EwbNo?: string;
  EwbTime?: string;
  EwbValidTill?: string | null;
  EwbStatus?: 'ACT' | 'CNL';
  /** Set when the IRN was issued but the e-waybill asked for in EwbDtls was refused. */
  EwbErrors?: Issue[];
  /** The canonical invoice that was registered (for PDFs). */
  invoice: Record<string, unknown>;
}

export interface DocumentKey {
  docType: string;
  docNo: string;
  /** DD/MM/YYYY */
  docDate: string;
}

export interface CancelIrnRequest {
  Irn: string;
  CnlRsn: string | number;
  CnlRem: string;
}

/** The invoice registration portal. */
export interface IrpProvider {
  generateIrn(ctx: ProviderContext, invoice: Record<string, unknown>): Promise<ProviderResult<IrnRecord>>;
  getIrn(ctx: ProviderContext, gstin: string, irn: string): Promise<ProviderResult<IrnRecord>>;
  getIrnByDocument(ctx: ProviderContext, gstin: string, doc: DocumentKey): Promise<ProviderResult<IrnRecord>>;
  cancelIrn(
    ctx: ProviderContext,
    gstin: string,
    request: CancelIrnRequest,
  ): Promise<ProviderResult<{ Irn: string; CancelDate: string }>>;
  generateEwbByIrn(
    ctx: ProviderContext,
    gstin: string,
    request: Record<string, unknown>,
  ): Promise<ProviderResult<EwbGenerated>>;
}

// ---- e-waybill portal -------------------------------------------------------------------------

export interface EwbGenerated {
  EwbNo: string;
  /** `DD/MM/YYYY HH:MM:SS` */
  EwbTime: string;
  /** `DD/MM/YYYY HH:MM:SS`, null while Part-B is missing. */
  EwbValidTill: string | null;
  EwbStatus: 'ACT' | 'CNL';
}

export interface CancelEwbRequest {
  ewbNo: string | number;
  cancelRsnCode: string | number;
  cancelRmrk: string;
}

export interface CloseEwbRequest {
  ewbNo: string | number;
  closureDate: string;
  remarks: string;
}

/** The e-waybill portal. */
export interface EwbProvider {
  generate(ctx: ProviderContext, gstin: string, request: Record<string, unknown>): Promise<ProviderResult<EwbGenerated>>;
  get(ctx: ProviderContext, gstin: string, ewbNo: string): Promise<ProviderResult<Record<string, unknown>>>;
  cancel(ctx: ProviderContext, gstin: string, request: CancelEwbRequest): Promise<ProviderResult<{ CancelTime: string }>>;
  close(ctx: ProviderContext, gstin: string, request: CloseEwbRequest): Promise<ProviderResult<{ ClosureAckTime: string }>>;
  listByDate(ctx: ProviderContext, gstin: string, date: string): Promise<ProviderResult<Record<string, unknown>[]>>;
  listOfOtherParty(ctx: ProviderContext, gstin: string, date: string): Promise<ProviderResult<Record<string, unknown>[]>>;
}

// ---- GSTIN registry ---------------------------------------------------------------------------

export interface GstinSuggestion {
  Gstin: string;
  LegalName: string;
  TradeName: string;
  StateName: string;
  StateCode: string;
}

/** Taxpayer search (SPEC 2.10) and the party record of the e-invoice area (SPEC 2.11). */
export interface GstinRegistry {
  /** GstinInfo fields; a refusal carries `info.Suggestions`. */
  lookup(gstin: string): Promise<ProviderResult<Record<string, unknown>>>;
  /** Party GSTIN record (without `Success`). */
  party(gstin: string): Promise<ProviderResult<Record<string, unknown>>>;
}

// ---- jobs -----------------------------------------------------------------------------------

export type JobType =
  | 'gstr2a/pull'
  | 'gstr2b/pull'
  | 'gstr3b/pull'
  | 'gstr2a/export'
  | 'gstr2b/export'
  | 'gstr3b/export';

/** What a job is asked to do; plain data, so a distributed queue can carry it. */
export interface JobRequest {
  type: JobType;
  companyId: string;
  params: Record<string, unknown>;
}

/** 0 waiting, 1 working, 100 done, 101 failed. */
export type JobState = 0 | 1 | 100 | 101;

export interface JobStatusRecord {
  jobId: string;
  jobType: JobType;
  jobStatus: JobState;
  jobStatusText: 'waiting' | 'working' | 'done' | 'failed';
  createdAt: string;
  updatedAt: string;
  /** 0..100 */
  progress?: number;
  error?: { code: string; message: string };
  url?: string;
  result?: unknown;
}

export interface JobFile {
  fileName: string;
  contentType: string;
  data: Uint8Array;
}

/** What the work of a job produced. */
export type JobOutput =
  | { ok: true; result?: unknown; file?: JobFile }
  | { ok: false; error: { code: string; message: string } };

/** Does the work of one job; progress is 0..100. */
export type JobExecutor = (job: JobRequest & { jobId: string }, progress: (percent: number) => void) => Promise<JobOutput>;

/** Accepts jobs at once and runs them later, here or elsewhere. */
export interface JobRunner {
  /** Starts the runner's work with this executor (called once by the handler). */
  attach(executor: JobExecutor): void;
  submit(job: JobRequest): Promise<{ jobId: string }>;
  /** undefined when the job does not exist or belongs to another company. */
  status(companyId: string, jobId: string): Promise<JobStatusRecord | undefined>;
  file(companyId: string, jobId: string): Promise<JobFile | undefined>;
  close?(): Promise<void>;
}

// ---- sales inquiry ------------------------------------------------------------------------------

export interface CaptchaInput {
  token: string;
  remoteIp?: string;
  /** Same key on a retry of the same token. */
  idempotencyKey: string;
}

export type CaptchaVerdict =
  | { ok: true }
  | { ok: false; kind: 'rejected' | 'unavailable' | 'misconfigured'; codes: string[] };

/** Checks a captcha token with its issuer. */
export interface CaptchaVerifier {
  verify(input: CaptchaInput): Promise<CaptchaVerdict>;
}

/** A sales inquiry that passed validation and the captcha. */
export interface Inquiry {
  inquiryId: string;
  receivedAt: string;
  contactName: string;
  businessName: string;
  email: string;
  mobile: string;
  requirements?: string;
}

/** Carries inquiries to the CRM; rejects (throws) when the CRM did not take it. */
export interface InquiryForwarder {
  forward(inquiry: Inquiry): Promise<void>;
}
