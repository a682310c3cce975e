/**
 * The invoice registration portal (IRP) port: what the sandbox IRP and a live IRP client implement.
 * @module
 */
import type { EwbGenerated } from './ewaybill.js';
import type { ProviderContext } from './company.js';
import type { Issue } from '../issue.js';
import type { ProviderResult } from './result.js';
import type { EwbByIrnPayload, IrnPayload, IrnRecord as WireIrnRecord } from '../types/payloads.js';

/**
 * One registered document as the IRP keeps it. Its fields are those of the `irn-record` answer (the
 * generated `IrnRecord`, from schemas/), the ones every registration has made required, plus what the
 * provider keeps beside them: the portal's AckDt, the IRP's name, the cancellation and the invoice itself.
 */
export type RegisteredIrn = Required<Pick<WireIrnRecord, 'Irn' | 'AckNo' | 'AckTime' | 'IrnStatus' | 'SignedInvoice' | 'SignedQRCode'>> &
  Pick<WireIrnRecord, 'EwbNo' | 'EwbTime' | 'EwbValidTill' | 'EwbStatus'> & {
    /** `YYYY-MM-DD HH:MM:SS` IST, as inside the signed tokens. */
    AckDt: string;
    /** The registration portal that issued the IRN (IRP1..IRP6); only it can return or cancel the IRN (2148 elsewhere). */
    Irp?: string;
    /** `DD/MM/YYYY HH:MM:SS`, when cancelled. */
    CancelDate?: string;
    /** Set when the IRN was issued but the e-waybill asked for in EwbDtls was refused. */
    EwbErrors?: Issue[];
    /** The canonical invoice that was registered (for PDFs). */
    invoice: IrnPayload;
  };

/**
 * @deprecated Renamed {@link RegisteredIrn}; `IrnRecord` from `gstkit` is the `irn-record` answer on the wire.
 */
export type IrnRecord = RegisteredIrn;

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
  generateIrn(ctx: ProviderContext, invoice: IrnPayload): Promise<ProviderResult<RegisteredIrn>>;
  getIrn(ctx: ProviderContext, gstin: string, irn: string): Promise<ProviderResult<RegisteredIrn>>;
  getIrnByDocument(ctx: ProviderContext, gstin: string, doc: DocumentKey): Promise<ProviderResult<RegisteredIrn>>;
  cancelIrn(ctx: ProviderContext, gstin: string, request: CancelIrnRequest): Promise<ProviderResult<{ Irn: string; CancelDate: string }>>;
  generateEwbByIrn(ctx: ProviderContext, gstin: string, request: EwbByIrnPayload): Promise<ProviderResult<EwbGenerated>>;
}
