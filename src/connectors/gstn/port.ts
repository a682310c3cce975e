/**
 * The live GST portal's port: the existing {@link GstPortal} (is a GSTIN connected, fetch a return) plus
 * what only a live portal needs: connecting a GSTIN by OTP, IMS actions and GSTR-1 filing.
 *
 * Every type this folder takes from the rest of gstkit comes through this one file, so that a move of the
 * GST portal port (to `src/ports/gst-portal.ts`) is a one-line change here.
 * @module
 */
import { GstrCode, type GstPortal } from '../../ports/gst-portal.js';
import type { Issue, Outcome } from '../../issue.js';

export { GstrCode };
export type { GstPortal, Issue, Outcome };
export type { ReturnType as GstReturnType } from '../../gstr/types.js';

/** IMS sections the portal lists (`section=` of GETINV). */
export type ImsSection = 'B2B' | 'B2BA' | 'CN' | 'CNA' | 'DN' | 'DNA' | 'ECOM' | 'ECOMA';

/** What a GSTIN's connection looks like now (no secret in it). */
export interface GstnConnection {
  gstin: string;
  connected: boolean;
  /** When the current token lapses (it is refreshed before), epoch ms; absent when not connected. */
  tokenExpiresAt?: number;
  /** When the taxpayer's grant of API access ends, as far as the portal said; epoch ms. */
  accessEndsAt?: number;
}

/** One IMS save or reset: the request as the portal takes it (`invdata` by section), gstkit adds `rtin` and `reqtyp`. */
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
  /** The EVC OTP the signatory received (after {@link GstnPortal.requestEvcOtp}). */
  otp: string;
}

export interface GstnPortal extends GstPortal {
  /** Asks the portal to send the taxpayer an OTP (OTPREQUEST); `username` is the taxpayer's GST portal user name. */
  requestOtp(gstin: string, username: string): Promise<Outcome<{ gstin: string; otpSent: true }>>;
  /** Completes the connection with the OTP the taxpayer read on their phone (AUTHTOKEN). */
  connect(gstin: string, otp: string): Promise<Outcome<GstnConnection>>;
  /** Renews the GSTIN's token now (REFRESHTOKEN); calls renew by themselves a margin before it lapses. */
  refresh(gstin: string): Promise<Outcome<GstnConnection>>;
  /** Ends the GSTIN's session on the portal (LOGOUT, best effort) and forgets it here. */
  disconnect(gstin: string): Promise<Outcome<GstnConnection>>;
  connection(gstin: string): Promise<GstnConnection>;

  /** IMS records of a section (GETINV; large lists come through the portal's file download). */
  imsRecords(gstin: string, section: ImsSection): Promise<Outcome<unknown>>;
  /** IMS accept/reject/pending (SAVE); answers the portal's reference to poll with {@link imsRequestStatus}. */
  imsSave(request: ImsActionRequest): Promise<Outcome<{ referenceId: string }>>;
  /** IMS reset of saved actions (RESETIMS). */
  imsReset(request: ImsActionRequest): Promise<Outcome<{ referenceId: string }>>;
  /** Status of an IMS save or reset (REQSTS). */
  imsRequestStatus(gstin: string, referenceId: string): Promise<Outcome<unknown>>;

  /** Saves GSTR-1 data (RETSAVE, the portal's JSON); answers the reference to poll with {@link gstr1Status}. */
  gstr1Save(gstin: string, period: string, data: unknown): Promise<Outcome<{ referenceId: string }>>;
  /** Status of a GSTR-1 save or proceed (RETSTATUS). */
  gstr1Status(gstin: string, period: string, referenceId: string): Promise<Outcome<unknown>>;
  /** Proceeds to file (RETNEWPTF): the portal freezes the data and builds the summary. */
  gstr1Proceed(gstin: string, period: string, options?: { nilReturn?: boolean }): Promise<Outcome<{ referenceId: string }>>;
  /** The GSTR-1 summary to be filed (RETSUM). */
  gstr1Summary(gstin: string, period: string): Promise<Outcome<unknown>>;
  /** Sends the EVC OTP to the authorised signatory (EVCOTP, form R1). */
  requestEvcOtp(gstin: string, pan: string): Promise<Outcome<{ otpSent: true }>>;
  /**
   * Files GSTR-1 with EVC (RETFILE, `st: EVC`, `sid: PAN|OTP`) and answers the ARN. When an attempt's answer
   * was lost, the return's filing status is asked before anything is sent again, so a return is never filed twice.
   */
  gstr1File(request: Gstr1FileRequest): Promise<Outcome<{ arn: string; alreadyFiled: boolean }>>;
}
