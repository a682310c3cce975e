/**
 * The IMS actions a reconciliation suggests, as the live connector takes them: one decision per 2B
 * document with an action (A accept, R reject, P pending), the IMS section it sits in, and for an
 * accepted credit note or downward amendment the ITC-reduction declaration the portal requires
 * (`itcRedReq`, GSTN's IMSSAV0054 since the December 2025 change). `imsActionsFromReconciliation` gives
 * the `documents` of `POST /api/svc/ims/action` (and of the `ims/action` job).
 * @module
 */
import type { ImsActionPayload } from '../types/payloads.js';
import type { ImsSection } from '../ports/gst-portal.js';
import type { InwardDocument } from '../gstr/types.js';
import type { ImsAction, ReconcileResult, ReconcileRow } from './types.js';

/** Which ITC reduction is declared: the document's whole tax, a lower amount (the books'), or none. */
export type ItcReductionKind = 'full' | 'reduced' | 'none';

/** The ITC-reduction declaration of one document, per head in rupees (CGST equals SGST, as the portal wants). */
export interface ItcReductionDeclaration {
  kind: ItcReductionKind;
  /** `Y` when ITC is to be reduced (full or reduced), `N` when not. */
  itcRedReq: 'Y' | 'N';
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  /** Why this declaration, in words. */
  reason: string;
}

/** One suggested action ready to send: where the document is in IMS and what to do with it. */
export interface ImsDecision {
  /** The reconciliation row it comes from. */
  rowIndex: number;
  section: ImsSection;
  supplierGstin: string;
  number: string;
  /** `DD-MM-YYYY`, as the IMS inbox writes dates. */
  date?: string;
  action: 'A' | 'R' | 'P';
  /** On an accepted credit note or a downward amendment. */
  declaration?: ItcReductionDeclaration;
  document: InwardDocument;
  /** The reconciliation's reason for the action. */
  reason: string;
}

/** A row with a suggested action that is not sent, and why. */
export interface ImsSkipped {
  rowIndex: number;
  reason: string;
}

export interface ImsActionOptions {
  /** The recipient's GSTIN: rows of another recipient are skipped. */
  gstin: string;
  /** The GSTR-2B period `YYYY-MM` whose documents are acted on; rows of other periods are skipped. */
  period: string;
  /** Send also documents whose 2B file already states the suggested action (default false: they are skipped). */
  includeUnchanged?: boolean;
  /** Remarks sent with each action (the portal keeps them); default none. */
  remarks?: (row: ReconcileRow) => string | undefined;
}

const CODE: Record<ImsAction, 'A' | 'R' | 'P'> = { accept: 'A', reject: 'R', pending: 'P' };
const STATUS_OF: Record<ImsAction, string> = { accept: 'Accepted', reject: 'Rejected', pending: 'Pending' };

/** The IMS section of a 2B document (GSTN's IMS names: credit and debit notes apart), or undefined outside IMS. */
export function imsSectionOfDocument(doc: InwardDocument): ImsSection | undefined {
  const debit = doc.kind === 'Debit Note';
  switch (doc.section) {
    case 'B2B':
      return 'B2B';
    case 'B2BA':
      return 'B2BA';
    case 'CDNR':
      return debit ? 'DN' : 'CN';
    case 'CDNRA':
      return debit ? 'DNA' : 'CNA';
    case 'ECO':
      return 'ECOM';
    case 'ECOA':
      return 'ECOMA';
    default:
      return undefined;
  }
}

/** `DD-MM-YYYY` of a UTC calendar date. */
export function imsDate(date: Date | undefined): string | undefined {
  if (date === undefined || Number.isNaN(date.getTime())) return undefined;
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${date.getUTCFullYear()}`;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

type Tax = { igst: number; cgst: number; sgst: number; cess: number };

function taxOf(doc: InwardDocument): Tax {
  return doc.lines.reduce((t, l) => ({ igst: t.igst + l.igst, cgst: t.cgst + l.cgst, sgst: t.sgst + l.sgst, cess: t.cess + l.cess }), {
    igst: 0,
    cgst: 0,
    sgst: 0,
    cess: 0,
  });
}

const total = (t: Tax): number => t.igst + t.cgst + t.sgst + t.cess;

/** A declaration of `tax`, clamped to the document and never negative, with CGST and SGST made equal (the lower). */
function declare(kind: ItcReductionKind, tax: Tax, cap: Tax, reason: string): ItcReductionDeclaration {
  const clamp = (v: number, max: number): number => round2(Math.min(Math.max(v, 0), Math.max(max, 0)));
  const central = Math.min(clamp(tax.cgst, cap.cgst), clamp(tax.sgst, cap.sgst));
  const out = { igst: clamp(tax.igst, cap.igst), cgst: central, sgst: central, cess: clamp(tax.cess, cap.cess) };
  if (kind === 'none' || total(out) === 0) return { kind: 'none', itcRedReq: 'N', igst: 0, cgst: 0, sgst: 0, cess: 0, reason };
  return { kind, itcRedReq: 'Y', ...out, reason };
}

/**
 * The ITC-reduction declaration for an accepted document, or undefined when the portal asks none.
 * A credit note: the books' tax on it when booked (full when it agrees with the note within ₹1, reduced
 * when lower), else the note's whole tax. A downward amendment (the 2B original known and higher): the
 * tax by which the amendment lowers the original.
 */
export function itcReductionFor(row: ReconcileRow, section: ImsSection): ItcReductionDeclaration | undefined {
  const doc = row.gstr2b;
  if (doc === undefined) return undefined;
  const noteTax = taxOf(doc);
  if (section === 'CN' || section === 'CNA') {
    if (total(noteTax) === 0) return declare('none', noteTax, noteTax, 'the credit note carries no tax: no ITC to reduce');
    const p = row.purchase;
    if (p === undefined) return declare('full', noteTax, noteTax, "not in the books: the note's whole tax is declared");
    const books = { igst: p.igst, cgst: p.cgst, sgst: p.sgst, cess: p.cess };
    const lower = (['igst', 'cgst', 'sgst', 'cess'] as const).some((h) => books[h] < noteTax[h] - 1);
    return lower
      ? declare('reduced', books, noteTax, "the books carry less tax on the note than the supplier: the books' tax is declared")
      : declare('full', noteTax, noteTax, 'the books agree with the note: its whole tax is declared');
  }
  const original = row.gstr2bOriginal;
  if ((section === 'B2BA' || section === 'DNA' || section === 'ECOMA') && original !== undefined) {
    const before = taxOf(original);
    const drop = { igst: before.igst - noteTax.igst, cgst: before.cgst - noteTax.cgst, sgst: before.sgst - noteTax.sgst, cess: before.cess - noteTax.cess };
    if (total(drop) <= 0) return undefined;
    return declare('full', drop, before, 'the amendment lowers the original: the tax it removes is declared');
  }
  return undefined;
}

/** Rows of one recipient and period with a suggested action, as decisions to send, and the rows left out. */
export function imsDecisionsFromReconciliation(result: ReconcileResult, options: ImsActionOptions): { decisions: ImsDecision[]; skipped: ImsSkipped[] } {
  const decisions: ImsDecision[] = [];
  const skipped: ImsSkipped[] = [];
  result.rows.forEach((row, rowIndex) => {
    const doc = row.gstr2b;
    const suggested = row.suggestedImsAction;
    if (doc === undefined || suggested === null) return;
    const section = imsSectionOfDocument(doc);
    if (section === undefined || !doc.supplierGstin) {
      skipped.push({ rowIndex, reason: `${doc.section} has no IMS section or no supplier GSTIN` });
      return;
    }
    if (doc.recipientGstin && doc.recipientGstin !== options.gstin) {
      skipped.push({ rowIndex, reason: `the 2B document is of recipient ${doc.recipientGstin}, not ${options.gstin}` });
      return;
    }
    if (doc.period !== options.period) {
      skipped.push({ rowIndex, reason: `the 2B document is of period ${doc.period}, not ${options.period}` });
      return;
    }
    if (!options.includeUnchanged && doc.imsStatusSource === 'file' && doc.imsStatus === STATUS_OF[suggested]) {
      skipped.push({ rowIndex, reason: `already ${doc.imsStatus} in IMS` });
      return;
    }
    const action = CODE[suggested];
    const declaration = action === 'A' ? itcReductionFor(row, section) : undefined;
    const date = imsDate(doc.date);
    decisions.push({
      rowIndex,
      section,
      supplierGstin: doc.supplierGstin,
      number: doc.number,
      ...(date !== undefined ? { date } : {}),
      action,
      ...(declaration !== undefined ? { declaration } : {}),
      document: doc,
      reason: row.imsActionReason,
    });
  });
  return { decisions, skipped };
}

/** One document of `POST /api/svc/ims/action`'s body (its generated type). */
export type ImsActionDocument = ImsActionPayload['documents'][number];

const NOTE_SECTIONS = new Set<ImsSection>(['CN', 'CNA', 'DN', 'DNA']);

/**
 * The `documents` of `POST /api/svc/ims/action` (and of the `ims/action` job) for the actions a
 * reconciliation suggests: section, supplier, number and date by which gstkit finds the record in the
 * pulled inbox, the action, and `itcRedReq` on an accepted credit note or downward amendment. The route
 * takes the declaration as `Y`/`N` only; the declared amounts per head go in the offline JSON.
 */
export function imsActionsFromReconciliation(result: ReconcileResult, options: ImsActionOptions): ImsActionDocument[] {
  const { decisions } = imsDecisionsFromReconciliation(result, options);
  return decisions.map((d) => {
    const note = NOTE_SECTIONS.has(d.section);
    const remarks = options.remarks?.(result.rows[d.rowIndex] as ReconcileRow);
    return {
      section: d.section.toLowerCase() as ImsActionDocument['section'],
      stin: d.supplierGstin,
      ...(note ? { nt_num: d.number } : { inum: d.number }),
      ...(d.date !== undefined ? (note ? { nt_dt: d.date } : { idt: d.date }) : {}),
      action: d.action,
      ...(d.declaration !== undefined ? { itcRedReq: d.declaration.itcRedReq } : {}),
      ...(remarks ? { remarks: remarks.slice(0, 500) } : {}),
    };
  });
}
