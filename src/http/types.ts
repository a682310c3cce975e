/**
 * Options and route shapes of the HTTP adapter.
 * @module
 */
import type { Kind } from '../kinds.js';
import type { GstPortal } from '../gstr/portal.js';
import type { ReturnStore } from '../gstr/store.js';
import type {
  Authenticate,
  CaptchaVerifier,
  Company,
  EwbProvider,
  GstinRegistry,
  Inquiry,
  InquiryForwarder,
  IrpProvider,
  JobRunner,
} from '../ports/index.js';
import type { Clock } from '../sandbox/time.js';
import type { FlagName, FlagSpec } from './query.js';

/** A UPI payee for the dynamic payment QR. */
export interface PaymentPayee {
  upiId: string;
  payeeName: string;
  accountNumber?: string;
  ifsc?: string;
}

/** The sales inquiry's settings and hooks. */
export interface DealOptions {
  /** Checks the captcha token; absent means MISSING_CONFIG. */
  captcha?: CaptchaVerifier;
  /** Carries inquiries to the CRM; absent means MISSING_CONFIG. */
  forwarder?: InquiryForwarder;
  /**
   * Called with every inquiry that passed the captcha, before it is forwarded: the host's chance to
   * store it, so that none is lost whatever happens to the CRM.
   */
  onInquiry?: (inquiry: Inquiry) => void | Promise<void>;
  /** Called when forwarding failed after all retries. */
  onForwardFailed?: (inquiry: Inquiry, reason: Error) => void | Promise<void>;
  /** Message of the success body. */
  successMessage?: string;
}

/** Everything {@link createGstHandler} needs. */
export interface GstHandlerOptions {
  /** Names the calling company from the request, or refuses (401/403). */
  authenticate: Authenticate;
  irp: IrpProvider;
  ewb: EwbProvider;
  registry: GstinRegistry;
  jobs: JobRunner;
  /** GSTR pulls: the portal and the store; without them the GSTR routes answer 503. */
  gstPortal?: GstPortal;
  /** One store for all, or each company's own (so no company reads another's pulled returns). */
  returnStore?: ReturnStore | ((companyId: string) => ReturnStore);
  /** The payee of a seller GSTIN's payment QR. */
  payee?: (company: Company, gstin: string) => PaymentPayee | undefined | Promise<PaymentPayee | undefined>;
  deal?: DealOptions;
  clock?: Clock;
  /** Largest accepted body in bytes. Default 5 MiB. */
  bodyLimit?: number;
  /** PEM of the certificate that signs SignedInvoice/SignedQRCode, served at `/api/sandbox/certificate`. */
  signingCertificatePem?: string;
  /** Maximum e-invoice document age in days passed to the rules (off by default). */
  reportingWindowDays?: number;
  /** Told about every unexpected failure (the client gets a coded 500). */
  onError?: (error: unknown, request: Request) => void;
}

/** Extra facts a host binding may pass along with the request. */
export interface RequestExtras {
  /** A body the host already parsed (Express `req.body`, Fastify `request.body`). */
  parsedBody?: unknown;
  hasParsedBody?: boolean;
  /** The client's address, passed to the captcha check. */
  remoteAddress?: string;
}

/** The fetch-style handler. */
export type GstHandler = (request: Request, extras?: RequestExtras) => Promise<Response>;

export type ResponseStyle = 'svc' | 'gstr' | 'deal' | 'plain';

/** What a route's code receives. */
export interface RouteContext {
  request: Request;
  url: URL;
  extras: RequestExtras;
  company: Company;
  flags: Partial<Record<FlagName, string>>;
  params: Record<string, string>;
  /** The canonical, validated body (routes with a request kind). */
  body: Record<string, unknown>;
  options: GstHandlerOptions;
  clock: Clock;
}

/** One row of the route table. */
export interface Route {
  operationId: string;
  method: 'GET' | 'POST';
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
  run(ctx: RouteContext): Promise<Response>;
}
