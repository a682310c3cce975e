import { pointer, type Issue, type Outcome } from '../issue.js';
import { readCodes, type ReadContext, type Json, parseGstnPeriod } from './read-common.js';
import type { DocumentKind, InwardDocument } from './types.js';

const GSTIN = /^[0-9A-Z]{15}$/;

/** Reads the return's GSTIN and period from the first key present of each list. */
export function headerOf(
  ctx: ReadContext,
  root: Json,
  base: string,
  gstinKeys: string[],
  periodKeys: string[],
  expect?: { gstin?: string; period?: string },
): { gstin: string; period: string } {
  const gk = gstinKeys.find((k) => root[k] !== undefined);
  const pk = periodKeys.find((k) => root[k] !== undefined);
  let gstin = gk ? (ctx.text(root, gk) ?? '').toUpperCase() : '';
  let period = pk ? (parseGstnPeriod(String(root[pk])) ?? '') : '';
  if (gstin === '' && expect?.gstin) gstin = expect.gstin;
  if (period === '' && expect?.period) period = expect.period;
  if (!GSTIN.test(gstin)) {
    ctx.fail(readCodes.badHeader, 'the return names no valid recipient GSTIN', base + pointer(gk ?? gstinKeys[0]!));
  }
  if (period === '') {
    ctx.fail(readCodes.badHeader, 'the return names no valid return period', base + pointer(pk ?? periodKeys[0]!));
  }
  if (expect?.gstin && gstin !== '' && gstin !== expect.gstin) {
    ctx.fail(readCodes.badHeader, `the return is for ${gstin}, not ${expect.gstin}`, base + pointer(gk ?? ''));
  }
  if (expect?.period && period !== '' && period !== expect.period) {
    ctx.fail(readCodes.badHeader, `the return is for ${period}, not ${expect.period}`, base + pointer(pk ?? ''));
  }
  return { gstin, period };
}

/** Credit or debit note from a note-type flag (C/D). */
export function noteKind(flag: string | undefined): DocumentKind {
  return (flag ?? '').toUpperCase() === 'D' ? 'Debit Note' : 'Credit Note';
}

/** A GSTR-2A or GSTR-2B being read: its documents one at a time, then the rest of the return and any errors. */
export interface InwardReading<Result extends { documents: unknown }> {
  /** Errors in the return's header: the read fails whatever the documents hold (a caller may stop here). */
  headerErrors: readonly Issue[];
  /** The documents, read as they are walked (walk them once). */
  documents: Iterable<InwardDocument>;
  /** After the walk: the return without its documents, or every error met (in the documents too). */
  end(): Outcome<Omit<Result, 'documents'>>;
}

/** A GSTN differential-rate field as a percentage: a fraction (0.65) is scaled, a percentage (65) kept. */
export function diffPercent(diff: number | undefined): number | undefined {
  if (diff === undefined) return undefined;
  return diff <= 1 ? Math.round(diff * 10000) / 100 : diff;
}

/** What a return's documents share: its type, recipient, period and generation date. */
export interface ReturnHead {
  returnType: InwardDocument['returnType'];
  recipientGstin: string;
  period: string;
  generatedOn?: Date | undefined;
}

/** The supplier fields a document copies from the block that holds it. */
export interface SupplierFields {
  supplierGstin?: string;
  supplierName?: string;
  supplierFilingDate?: Date;
  supplierPeriod?: string;
}

/**
 * A document's first fields, in the order the readers have always written them, built field by field
 * rather than by spreading the return's and the supplier's objects into each one: a million documents
 * would each pay for the spreads and a second copy to drop the undefined fields. The readers then set
 * each optional field by name when it has a value (never `doc[key] = ...`): V8 turns an object that
 * grows by computed keys into a hash table, several times the size of one that grows by names.
 */
export function startDocument(
  head: ReturnHead,
  section: InwardDocument['section'],
  part: InwardDocument['part'],
  kind: InwardDocument['kind'],
  supplier: SupplierFields | undefined,
): InwardDocument {
  const doc = { returnType: head.returnType, recipientGstin: head.recipientGstin, period: head.period } as InwardDocument;
  if (head.generatedOn !== undefined) doc.generatedOn = head.generatedOn;
  doc.section = section;
  if (part !== undefined) doc.part = part;
  doc.kind = kind;
  if (supplier?.supplierGstin !== undefined) doc.supplierGstin = supplier.supplierGstin;
  if (supplier?.supplierName !== undefined) doc.supplierName = supplier.supplierName;
  if (supplier?.supplierFilingDate !== undefined) doc.supplierFilingDate = supplier.supplierFilingDate;
  if (supplier?.supplierPeriod !== undefined) doc.supplierPeriod = supplier.supplierPeriod;
  return doc;
}
