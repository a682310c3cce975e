/**
 * The invoice registration portal (IRP) port: what the sandbox IRP and a live IRP client implement.
 * @module
 */
import type { EwbGenerated } from './ewb.js';
import type { ProviderContext } from './company.js';
import type { Issue } from '../issue.js';
import type { ProviderResult } from './result.js';

/** One registered document as the IRP keeps it. */
export interface IrnRecord {
  Irn: string;
  /** 15 digits. */
  AckNo: string;
  /** `YYYY-MM-DD HH:MM:SS` IST, as inside the signed tokens. */
  AckDt: string;
  /** `DD/MM/YYYY HH:MM:SS` IST, as on the wire. */
  AckTime: string;
  /** ACT active, CNL cancelled, REJ rejected by the central duplicate check across the IRPs. */
  IrnStatus: 'ACT' | 'CNL' | 'REJ';
  /** The registration portal that issued the IRN (IRP1..IRP6); only it can return or cancel the IRN (2148 elsewhere). */
  Irp?: string;
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
