/**
 * The port through which returns are fetched from the GST System (a GSP client, or the sandbox), and its
 * extension {@link LiveGstPortal}: connecting a GSTIN by OTP, IMS and GSTR-1 filing, which the live
 * connector (`gstkit/connectors/gstn`) and the sandbox both speak.
 * @module
 */
import type { Outcome } from '../issue.js';

/** The returns the portal gives: GSTR-2A, GSTR-2B and GSTR-3B. */
export type ReturnType = 'gstr2a' | 'gstr2b' | 'gstr3b';

export interface GstPortal {
  /** True when the taxpayer has connected this GSTIN (API access granted by OTP). */
  isConnected(gstin: string): boolean | Promise<boolean>;
  /** The return as GSTN JSON (GSTR-2A sections merged under `{gstin, fp, ...}`). */
  fetchReturn(gstin: string, returnType: ReturnType, period: string): Promise<Outcome<unknown>>;
}

/** IMS sections the portal lists (`section=` of GETINV). */
export type ImsSection = 'B2B' | 'B2BA' | 'CN' | 'CNA' | 'DN' | 'DNA' | 'ECOM' | 'ECOMA';

/** Every IMS section, in the portal's order. */
export const imsSections: readonly ImsSection[] = ['B2B', 'B2BA', 'CN', 'CNA', 'DN', 'DNA', 'ECOM', 'ECOMA'];

/** What a GSTIN's connection looks like now (no secret in it). */
export interface GstPortalConnection {
  gstin: string;
  connected: boolean;
  /** When the current token lapses (it is refreshed before), epoch ms; absent when not connected. */
  tokenExpiresAt?: number;
  /** When the taxpayer's grant of API access ends, as far as the portal said; epoch ms. */
  accessEndsAt?: number;
}

/** One IMS save or reset: the request as the portal takes it (`invdata` by section), the portal adds `rtin` and `reqtyp`. */
export interface ImsActionRequest {
  gstin: string;
  /** Records by section key (`b2b`, `cn`, ...), each carrying `action` (A/R/P/N), `stin`, `inum`/`nt_num`, `hash` and, for credit notes, `itcRedReq`. */
  invdata: Record<string, unknown>;
}

/** GSTR-1 filing with EVC: the summary is the portal's own (RETSUM), signed by the OTP sent to the authorised signatory. */
export interface Gstr1FileRequest {
  gstin: string;
  /** `YYYY-MM`. */
  period: string;
  /** The authorised signatory's PAN (with the OTP it forms `sid`). */
  pan: string;
  /** The EVC OTP the signatory received (after {@link LiveGstPortal.requestEvcOtp}). */
  otp: string;
}

/**
 * What a GST portal offers beyond pulls: the taxpayer's connection by OTP, the IMS inbox and its actions,
 * and GSTR-1 upload and filing with EVC. Failures carry the portal's own codes (`AUTH4034` a wrong OTP, ...).
 */
export interface LiveGstPortal extends GstPortal {
  /** Asks the portal to send the taxpayer an OTP (OTPREQUEST); `username` is the taxpayer's GST portal user name. */
  requestOtp(gstin: string, username: string): Promise<Outcome<{ gstin: string; otpSent: true }>>;
  /** Completes the connection with the OTP the taxpayer read on their phone (AUTHTOKEN). */
  connect(gstin: string, otp: string): Promise<Outcome<GstPortalConnection>>;
  /** Ends the GSTIN's session on the portal (LOGOUT, best effort) and forgets it here. */
  disconnect(gstin: string): Promise<Outcome<GstPortalConnection>>;
  connection(gstin: string): Promise<GstPortalConnection>;

  /** IMS records of a section (GETINV); `period` (YYYY-MM) is a hint a portal may ignore (GSTN's inbox spans periods). */
  imsRecords(gstin: string, section: ImsSection, period?: string): Promise<Outcome<unknown>>;
  /** IMS accept/reject/pending (SAVE); answers the portal's reference to poll with {@link imsRequestStatus}. */
  imsSave(request: ImsActionRequest): Promise<Outcome<{ referenceId: string }>>;
  /** Status of an IMS save or reset (REQSTS). */
  imsRequestStatus(gstin: string, referenceId: string): Promise<Outcome<unknown>>;

  /** Saves GSTR-1 data (RETSAVE, the portal's JSON); answers the reference to poll with {@link gstr1Status}. */
  gstr1Save(gstin: string, period: string, data: unknown): Promise<Outcome<{ referenceId: string }>>;
  /** Status of a GSTR-1 save or proceed (RETSTATUS): `status_cd` P, PE, ER or IP, with `error_report`. */
  gstr1Status(gstin: string, period: string, referenceId: string): Promise<Outcome<unknown>>;
  /** Proceeds to file (RETNEWPTF): the portal freezes the data and builds the summary. */
  gstr1Proceed(gstin: string, period: string, options?: { nilReturn?: boolean }): Promise<Outcome<{ referenceId: string }>>;
  /** Sends the EVC OTP to the authorised signatory (EVCOTP, form R1). */
  requestEvcOtp(gstin: string, pan: string): Promise<Outcome<{ otpSent: true }>>;
  /** Files GSTR-1 with EVC (RETFILE) and answers the ARN; a return already filed answers its ARN, never files twice. */
  gstr1File(request: Gstr1FileRequest): Promise<Outcome<{ arn: string; alreadyFiled: boolean }>>;
}

/** Whether a portal speaks the live flow (OTP, IMS, GSTR-1 filing), as the connector and the sandbox do. */
export function isLiveGstPortal(portal: GstPortal | undefined): portal is LiveGstPortal {
  const p = portal as Partial<LiveGstPortal> | undefined;
  return typeof p?.requestOtp === 'function' && typeof p.connection === 'function' && typeof p.gstr1File === 'function' && typeof p.imsRecords === 'function';
}

/** Codes of the GSTR operations (the Svc-ErrorCode values of the specification). */
export const gstrCodes = {
  /** The export range is longer than 24 months. */
  periodRange: '100',
  badRequest: '1000',
  notConnected: '2000',
  /** Nothing stored for the requested returns (our own code, not in the specification). */
  nothingStored: '1001',
} as const;

/** @deprecated The name before the code tables were named alike; use {@link gstrCodes} (`rangeTooLong` is `periodRange`). */
export const GstrCode = {
  rangeTooLong: gstrCodes.periodRange,
  badRequest: gstrCodes.badRequest,
  notConnected: gstrCodes.notConnected,
  nothingStored: gstrCodes.nothingStored,
} as const;
