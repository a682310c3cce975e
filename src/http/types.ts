/**
 * Options and route shapes of the HTTP adapter.
 * @module
 */
import type { Kind } from '../kinds.js';
import type { GstPortal } from '../ports/gst-portal.js';
import type { ReturnStore } from '../ports/returns.js';
import type { ScheduleStore } from '../ports/store/schedule.js';
import type {
  Authenticate,
  CaptchaVerifier,
  Company,
  EwbProvider,
  GstinRegistry,
  InquiryDelivery,
  IrpProvider,
  JobRunner,
  JobSecrets,
} from '../ports/index.js';
import type { Clock } from '../clock.js';
import type { AuditSink } from '../ports/audit.js';
import type { PdfBranding, PdfRenderer } from '../render/pdf/renderer.js';
import type { ClientRateLimits, RateLimiter } from '../ports/ratelimit.js';
import type { FlagName, FlagSpec } from './query.js';
import type { EventSink } from '../ports/events.js';
import type { WebhookStore } from '../ports/store.js';
import type { WebhookAddressPolicy } from '../webhooks/address-policy.js';

/** Webhook subscriptions: where they are kept and which URLs they may name. */
export interface WebhookOptions {
  store: WebhookStore;
  policy: WebhookAddressPolicy;
  /** Subscriptions one company may hold. Default 25. */
  maxPerCompany?: number;
}

/** A UPI payee for the dynamic payment QR. */
export interface PaymentPayee {
  upiId: string;
  payeeName: string;
  accountNumber?: string;
  ifsc?: string;
}

/** The sales inquiry's settings and hooks. */
export interface DealOptions extends InquiryDelivery {
  /** Checks the captcha token; absent means MISSING_CONFIG. */
  captcha?: CaptchaVerifier;
  /** Message of the success body. */
  successMessage?: string;
}

/**
 * Everything {@link createGstHandler} needs. Only `authenticate` is required: a route is served when
 * the providers it calls are given, and answers 404 otherwise (an e-invoice-only host passes `irp`
 * alone). See {@link routeNeeds} for which route calls which provider.
 */
export interface GstHandlerOptions {
  /** Names the calling company from the request, or refuses (401/403). */
  authenticate: Authenticate;
  /** Serves every path under this prefix: `/gst` serves `/gst/api/svc/...` and `/gst/openapi.json`. */
  basePath?: string;
  /** The e-invoice routes (generate, get, cancel IRN; e-waybill by IRN with `ewb`). */
  irp?: IrpProvider;
  /** The e-waybill routes. */
  ewb?: EwbProvider;
  /** The GSTIN lookups. */
  registry?: GstinRegistry;
  /** The GSTR pull and export jobs, their status and files. */
  jobs?: JobRunner;
  /**
   * Seals the secrets a queued job carries (the EVC OTP of `gstr1/file`), so the store and a queue never hold
   * them in clear. Give servers and workers the same key (`createJobSecrets(key)` from `gstkit/jobs`);
   * default: a random key of this process, which this process's own runner can open.
   */
  jobSecrets?: JobSecrets;
  /**
   * GSTR pulls: the portal and the store; without them the GSTR routes answer 503. A portal that speaks the
   * live flow (`LiveGstPortal`: the sandbox's, `createGstnPortal`'s) also serves the OTP connection, IMS and
   * GSTR-1 filing routes (`gst-routes.ts`).
   */
  gstPortal?: GstPortal;
  /** Where schedules are kept (the server's store): the schedule routes answer 503 without it. */
  schedules?: ScheduleStore;
  /** One store for all, or each company's own (so no company reads another's pulled returns). */
  returnStore?: ReturnStore | ((companyId: string) => ReturnStore);
  /** The e-invoices a company registered for a seller GSTIN and period (YYYY-MM); enables the GSTR-1 job. */
  issuedInvoices?: (companyId: string, sellerGstin: string, period: string) => Promise<Array<{ invoice: Record<string, unknown>; cancelled: boolean }>>;
  /** The payee of a seller GSTIN's payment QR. */
  payee?: (company: Company, gstin: string) => PaymentPayee | undefined | Promise<PaymentPayee | undefined>;
  deal?: DealOptions;
  clock?: Clock;
  /**
   * Renders the PDFs asked for with `pdf=yes` (e-invoice, e-waybill, trip sheet). Default: in line, on the
   * serving thread; `threadPdfRenderer(pool)` (gstkit/jobs) renders in worker threads, as `gstkit serve` does,
   * so a 1,000-line invoice does not hold up every other request.
   */
  pdfRenderer?: PdfRenderer;
  /**
   * Paces the bulk routes' jobs: one `take` per document sent, keyed `irp:<GSTIN>` or `ewb:<GSTIN>`, so a
   * thousand documents reach the portal at a rate it accepts. Default: no pacing (the sandbox needs none).
   */
  bulkLimiter?: RateLimiter;
  /**
   * The logo (PNG or JPEG bytes) drawn in the header of the e-invoice and e-waybill PDFs, and the terms the
   * e-invoice PDF prints. Check a logo once with `checkPdfLogo` (gstkit/render/pdf): bytes that cannot be
   * drawn fail every PDF with `SVC-760`. `gstkit serve` reads `GSTKIT_PDF_LOGO` and `GSTKIT_PDF_TERMS`.
   */
  pdfBranding?: PdfBranding;
  /** Largest accepted body in bytes. Default 5 MiB. */
  bodyLimit?: number;
  /** PEM of the certificate that signs SignedInvoice/SignedQRCode, served at `/api/sandbox/certificate`. */
  signingCertificatePem?: string;
  /** Maximum e-invoice document age in days passed to the rules (off by default). */
  reportingWindowDays?: number;
  /**
   * Told about every unexpected failure (the client gets a coded 500), and about each call that failed
   * because the database or the job queue was unavailable or full (the client gets a coded 503 or 507).
   */
  onError?: (error: unknown, request: Request) => void;
  /**
   * Checks of the dependencies by name (`database`, `queue`), served at `GET /health`: 200 when all
   * answer, 503 `SVC-951` naming those that do not. Without it, `/health` answers 404.
   */
  health?: import('./health.js').HealthChecks;
  /**
   * Limits each caller (the `keyId` the authenticate hook names, else the company): over the limit, 429
   * `SVC-974` with `Retry-After`. If the limiter fails, the request is served and `onError` told.
   */
  rateLimit?: RateLimiter;
  /**
   * Limits per client address where no API key answers: sales inquiries and refused credentials. Over a limit,
   * 429 `SVC-974` with `Retry-After`. The address is the binding's `remoteAddress` (or, with `trustedProxies`,
   * the one `X-Forwarded-For` names); a request without one is not limited. A failing limiter lets the
   * request through and tells `onError`.
   */
  clientRateLimit?: ClientRateLimits;
  /**
   * Receives an entry for every state-changing call (each authenticated route that is not a GET, new
   * routes included): key id, company, GSTIN, document, route, status, code, time. A store is one.
   */
  audit?: AuditSink;
  /** Serves `/api/svc/webhooks`: a company subscribes URLs to events (`gstkit/webhooks` delivers them). */
  webhooks?: WebhookOptions;
  /**
   * Told what the e-invoice and e-waybill routes did (`irn.registered`, `irn.cancelled`,
   * `ewaybill.generated`); `storeEventSink(store)` from `gstkit/webhooks` keeps them for webhooks.
   */
  events?: EventSink;
}

/** Extra facts a host binding may pass along with the request. */
export interface RequestExtras {
  /** A body the host already parsed (Express `req.body`, Fastify `request.body`). */
  parsedBody?: unknown;
  hasParsedBody?: boolean;
  /**
   * The body's bytes, when the binding has read them from the socket already (node:http): the handler
   * parses these instead of reading `request.body`, which is then empty. Saves a stream per request.
   */
  bodyBytes?: Uint8Array;
  /** The client's address, passed to the captcha check. */
  remoteAddress?: string;
}

/** The options that enable routes. */
export type ProviderName = 'irp' | 'ewb' | 'registry' | 'jobs' | 'payee' | 'signingCertificatePem' | 'audit' | 'gstPortal' | 'webhooks';

/** The fetch-style handler. `basePath` (normalized, '' for none) tells the host bindings where it is mounted. */
export type GstHandler = ((request: Request, extras?: RequestExtras) => Promise<Response>) & {
  readonly basePath?: string;
  /** The methods served at a path (HEAD where GET is), none when no route has it: the Allow of a binding's own 405. */
  readonly methodsAt?: (pathname: string) => string[];
  /**
   * True when the handler takes a body already read through `extras.bodyBytes` (gstkit's own handler does):
   * the node binding then builds the Request without a body stream. Any other fetch handler gets the body
   * in its Request as usual.
   */
  readonly readsBodyBytes?: boolean;
};

/** The options as a route's code sees them: a route runs only when the providers it calls were given. */
export type EnabledOptions = GstHandlerOptions & Required<Pick<GstHandlerOptions, 'irp' | 'ewb' | 'registry' | 'jobs'>>;

export type ResponseStyle = 'svc' | 'gstr' | 'deal' | 'plain';

/** What a route's code receives. */
export interface RouteContext {
  request: Request;
  /**
   * A JSON reply (as `json` in responses.ts builds it). On the node binding's path it carries no body stream
   * and the binding writes its text, so a route's hot answers should be built with this.
   */
  reply(status: number, body: unknown, headers?: Record<string, string>): Response;
  url: URL;
  extras: RequestExtras;
  company: Company;
  /** Who called: the authenticate hook's `keyId`, else the company's id; '' on routes without authentication. */
  keyId: string;
  flags: Partial<Record<FlagName, string>>;
  params: Record<string, string>;
  /** The canonical, validated body (routes with a request kind). */
  body: Record<string, unknown>;
  options: EnabledOptions;
  clock: Clock;
}

/** One row of the route table. */
export interface Route {
  operationId: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** Path with `{name}` parameters. */
  path: string;
  style: ResponseStyle;
  auth: boolean;
  summary: string;
  tag: string;
  flags: FlagSpec[];
  /** Which flag names the company's own GSTIN (ownership checked: 403). */
  ownGstinFlag?: 'gstin';
  requestKind?: Kind;
  responseKind?: Kind;
  /** Response media type when not JSON. */
  produces?: string;
  /** The providers the route calls; by default read from its tag (see {@link routeNeeds}). */
  needs?: readonly ProviderName[];
  /**
   * The limiter of `clientRateLimit` that counts this route's calls per client address, before its body is
   * read (a route that takes no credentials has no API key to count against).
   */
  addressLimit?: 'inquiries';
  /** Its OpenAPI operation, when the one read from the row does not fit; `ref` names a payload kind's schema. */
  openApi?: (ref: (kind: Kind) => Record<string, unknown>) => Record<string, unknown>;
  run(ctx: RouteContext): Promise<Response>;
}
