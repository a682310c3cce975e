/**
 * Reader of GSTR-2A JSON (the per-section API answers merged under `{gstin, fp, b2b, cdn, ...}`).
 * @module
 */
import { pointer, type Outcome, type Issue } from '../issue.js';
import { readCodes, ReadContext, isObject, toJson, yesNo, type Json } from './read-common.js';
import type { DocumentSection, InwardDocument, InwardReturn, TaxLine } from './types.js';
import { diffPercent, headerOf, noteKind, type InwardReading } from './read-shared.js';

const SECTIONS = new Set(['b2b', 'b2ba', 'cdn', 'cdna', 'cdnr', 'cdnra', 'isd', 'isda', 'tds', 'tdsa', 'tcs', 'impg', 'impgsez']);
const ENVELOPE = new Set(['gstin', 'fp', 'ret_period', 'rtnprd', 'chksum', 'version']);

/** A GSTR-2A read into document rows, with the warnings met on the way. */
export type Gstr2aResult = InwardReturn & { warnings: Issue[] };

/**
 * Reads a GSTR-2A file (object, JSON text or bytes). Sections it does not know are skipped with a
 * warning; malformed content gives coded errors with JSON-pointer paths. Never throws.
 */
export function readGstr2a(input: unknown, expect?: { gstin?: string; period?: string }): Outcome<Gstr2aResult> {
  const opened = openGstr2a(input, expect);
  if (!opened.ok) return opened;
  const documents = [...opened.value.documents];
  const end = opened.value.end();
  if (!end.ok) return end;
  // Keys in the order this reader has always given them, so a result serialises as before.
  const { returnType, gstin, period, itcSummary, warnings } = end.value;
  return { ok: true, value: { returnType, gstin, period, documents, itcSummary, warnings } };
}

/** A GSTR-2A being read (see {@link InwardReading}). */
export type Gstr2aReading = InwardReading<Gstr2aResult>;

/**
 * Opens a GSTR-2A for reading one document at a time, so a caller writing them out (an export) never
 * holds a month of documents at once; {@link readGstr2a} gathers them. Errors in the header are known
 * before the walk; every error (the header's too) comes from `end()`, after it.
 */
export function openGstr2a(input: unknown, expect?: { gstin?: string; period?: string }): Outcome<Gstr2aReading> {
  const ctx = new ReadContext();
  let root = toJson(input, ctx);
  if (root === undefined) return { ok: false, errors: ctx.errors };
  let base = '';
  if (isObject(root.data) && !Object.keys(root).some((k) => SECTIONS.has(k))) {
    root = root.data;
    base = '/data';
  }
  const top: Json = root;
  const { gstin, period } = headerOf(ctx, top, base, ['gstin'], ['fp', 'ret_period', 'rtnprd'], expect);
  const common = { returnType: 'gstr2a' as const, recipientGstin: gstin, period };

  for (const key of Object.keys(top)) {
    if (SECTIONS.has(key) || ENVELOPE.has(key)) continue;
    ctx.warn(readCodes.unknown, `section ${key} is not known to this reader and was skipped`, base + pointer(key));
  }
  const headerErrors = [...ctx.errors];

  const supplierSections: Array<[string, DocumentSection]> = [
    ['b2b', 'B2B'],
    ['b2ba', 'B2BA'],
    ['cdn', 'CDNR'],
    ['cdnr', 'CDNR'],
    ['cdna', 'CDNRA'],
    ['cdnra', 'CDNRA'],
  ];

  function* readSupplierSection(key: string, section: DocumentSection): Generator<InwardDocument> {
    const notes = section === 'CDNR' || section === 'CDNRA';
    const suppliers = ctx.list(top, key, base);
    for (let si = 0; si < suppliers.length; si++) {
      const sup = suppliers[si]!;
      const sp = base + pointer(key, si);
      const supplierGstin = ctx.required(sup, 'ctin', sp, 'supplier GSTIN');
      const gstr1Filed = ctx.text(sup, 'cfs');
      const gstr3bFiled = ctx.text(sup, 'cfs3b');
      const supplierFilingDate = ctx.date(sup, 'fldtr1', sp);
      const supplierPeriod = ctx.period(sup, 'flprdr1', sp);
      const supplierCancellationDate = ctx.date(sup, 'dtcancel', sp);
      const docKey = notes ? 'nt' : 'inv';
      const docs = ctx.list(sup, docKey, sp);
      for (let di = 0; di < docs.length; di++) {
        const d = docs[di]!;
        const dp = sp + pointer(docKey, di);
        const kind = notes ? noteKind(ctx.text(d, 'ntty')) : 'Invoice';
        // Built field by field in the order the reader has always given, each optional field set by name
        // when it has a value: no spreads, no second copy, and V8's compact object layout.
        const doc = { ...common, section, kind, supplierGstin } as InwardDocument;
        if (gstr1Filed !== undefined) doc.gstr1Filed = gstr1Filed;
        if (gstr3bFiled !== undefined) doc.gstr3bFiled = gstr3bFiled;
        if (supplierFilingDate !== undefined) doc.supplierFilingDate = supplierFilingDate;
        if (supplierPeriod !== undefined) doc.supplierPeriod = supplierPeriod;
        if (supplierCancellationDate !== undefined) doc.supplierCancellationDate = supplierCancellationDate;
        doc.number = ctx.required(d, notes ? 'nt_num' : 'inum', dp, 'document number');
        const date = ctx.date(d, notes ? 'nt_dt' : 'idt', dp);
        if (date !== undefined) doc.date = date;
        const value = ctx.optNumber(d, 'val', dp);
        if (value !== undefined) doc.value = value;
        const supplyType = ctx.text(d, 'inv_typ');
        if (supplyType !== undefined) doc.supplyType = supplyType;
        const placeOfSupply = ctx.text(d, 'pos');
        if (placeOfSupply !== undefined) doc.placeOfSupply = placeOfSupply;
        const reverseCharge = yesNo(ctx.text(d, 'rchrg'));
        if (reverseCharge !== undefined) doc.reverseCharge = reverseCharge;
        const { rateBasis, lines } = lines2a(ctx, d, dp);
        doc.rateBasis = rateBasis;
        doc.lines = lines;
        const applicablePercent = diffPercent(ctx.optNumber(d, 'diff_percent', dp));
        if (applicablePercent !== undefined) doc.applicablePercent = applicablePercent;
        const amendmentType = ctx.text(d, 'atyp');
        if (amendmentType !== undefined) doc.amendmentType = amendmentType;
        const amendmentPeriod = ctx.period(d, 'aspd', dp);
        if (amendmentPeriod !== undefined) doc.amendmentPeriod = amendmentPeriod;
        const source = ctx.text(d, 'srctyp');
        if (source !== undefined) doc.source = source;
        const irn = ctx.text(d, 'irn');
        if (irn !== undefined) doc.irn = irn;
        const irnDate = ctx.date(d, 'irngendate', dp);
        if (irnDate !== undefined) doc.irnDate = irnDate;
        doc.sign = kind === 'Credit Note' ? -1 : 1;
        if (section === 'B2BA') {
          const originalNumber = ctx.reference(d, 'oinum', dp, 'original invoice number');
          if (originalNumber !== undefined) doc.originalNumber = originalNumber;
          const originalDate = ctx.date(d, 'oidt', dp);
          if (originalDate !== undefined) doc.originalDate = originalDate;
        } else if (section === 'CDNRA') {
          const originalNumber = ctx.reference(d, 'ont_num', dp, 'original note number');
          if (originalNumber !== undefined) doc.originalNumber = originalNumber;
          const originalDate = ctx.date(d, 'ont_dt', dp);
          if (originalDate !== undefined) doc.originalDate = originalDate;
          const originalNoteType = ctx.text(d, 'ont_ty') ?? ctx.text(d, 'ontty');
          if (originalNoteType !== undefined) doc.originalNoteType = originalNoteType;
        }
        yield doc;
      }
    }
  }

  function* readIsd(key: string, section: DocumentSection): Generator<InwardDocument> {
    const suppliers = ctx.list(top, key, base);
    for (let si = 0; si < suppliers.length; si++) {
      const sup = suppliers[si]!;
      const sp = base + pointer(key, si);
      const supplierGstin = ctx.required(sup, 'ctin', sp, 'ISD GSTIN');
      const filed = ctx.text(sup, 'cfs');
      const docs = ctx.list(sup, 'doclist', sp);
      for (let di = 0; di < docs.length; di++) {
        const d = docs[di]!;
        const dp = sp + pointer('doclist', di);
        const t = (ctx.text(d, 'isd_docty') ?? '').toUpperCase();
        const credit = t === 'ISDCN' || t === 'ISDC';
        const doc: InwardDocument = {
          ...common,
          section,
          kind: credit ? 'ISD Credit Note' : 'ISD Invoice',
          supplierGstin,
          gstr1Filed: filed,
          number: ctx.required(d, 'docnum', dp, 'document number'),
          date: ctx.date(d, 'docdt', dp),
          rateBasis: 'document',
          lines: [totals(ctx, d, dp, 'iamt', 'camt', 'samt', 'cess', undefined)],
          itcAvailability: ctx.text(d, 'itc_elg'),
          amendmentType: ctx.text(d, 'atyp'),
          amendmentPeriod: ctx.period(d, 'aspd', dp),
          sign: credit ? -1 : 1,
        };
        if (section === 'ISDA') {
          doc.originalNumber = ctx.reference(d, 'odocnum', dp, 'original document number');
          doc.originalDate = ctx.date(d, 'odocdt', dp);
        }
        yield clean(doc);
      }
    }
  }

  function* readImports(key: string, section: DocumentSection): Generator<InwardDocument> {
    const bills = ctx.list(top, key, base);
    for (let di = 0; di < bills.length; di++) {
      const d = bills[di]!;
      const dp = base + pointer(key, di);
      yield clean({
        ...common,
        section,
        kind: 'Bill of Entry',
        supplierGstin: section === 'IMPGSEZ' ? ctx.required(d, 'sgstin', dp, 'SEZ supplier GSTIN') : undefined,
        supplierName: ctx.text(d, 'tdname'),
        number: ctx.required(d, 'benum', dp, 'bill of entry number'),
        date: ctx.date(d, 'bedt', dp),
        portCode: ctx.text(d, 'portcd'),
        referenceDate: ctx.date(d, 'refdt', dp),
        billOfEntryAmended: yesNo(ctx.text(d, 'amd')),
        rateBasis: 'document',
        lines: [totals(ctx, d, dp, 'iamt', undefined, undefined, 'csamt', 'txval')],
        sign: 1,
      });
    }
  }

  function* readSourceCredits(key: string, section: DocumentSection): Generator<InwardDocument> {
    const credits = ctx.list(top, key, base);
    for (let di = 0; di < credits.length; di++) {
      const d = credits[di]!;
      const dp = base + pointer(key, di);
      const tcs = section === 'TCS';
      const party = ['gstin_ded', 'etin', 'gstin_ecom', 'stin', 'ctin'].map((k) => ctx.text(d, k)).find((v) => v);
      if (party === undefined) ctx.fail(readCodes.missing, 'deductor or operator GSTIN is missing', dp);
      const doc: InwardDocument = {
        ...common,
        section,
        kind: tcs ? 'TCS Credit' : 'TDS Credit',
        supplierGstin: party,
        supplierName: ctx.text(d, 'name') ?? ctx.text(d, 'trdnm'),
        number: ctx.text(d, 'month') ?? ctx.text(d, 'docnum') ?? '',
        placeOfSupply: ctx.text(d, 'pos'),
        rateBasis: 'document',
        lines: [totals(ctx, d, dp, 'iamt', 'camt', 'samt', undefined, tcs ? 'amt' : 'amt_ded')],
        sign: 1,
      };
      if (section === 'TDSA') {
        doc.originalNumber = ctx.text(d, 'omonth');
      }
      yield clean(doc);
    }
  }

  function* allDocuments(): Generator<InwardDocument> {
    for (const [key, section] of supplierSections) yield* readSupplierSection(key, section);
    for (const [key, section] of [
      ['isd', 'ISD'],
      ['isda', 'ISDA'],
    ] as const)
      yield* readIsd(key, section);
    for (const [key, section] of [
      ['impg', 'IMPG'],
      ['impgsez', 'IMPGSEZ'],
    ] as const)
      yield* readImports(key, section);
    for (const [key, section] of [
      ['tds', 'TDS'],
      ['tdsa', 'TDSA'],
      ['tcs', 'TCS'],
    ] as const)
      yield* readSourceCredits(key, section);
  }

  const end = (): Outcome<Omit<Gstr2aResult, 'documents'>> =>
    ctx.errors.length > 0
      ? { ok: false, errors: ctx.errors }
      : { ok: true, value: { returnType: 'gstr2a', gstin, period, itcSummary: [], warnings: ctx.warnings } };
  return { ok: true, value: { headerErrors, documents: allDocuments(), end } };
}

function lines2a(ctx: ReadContext, d: Json, dp: string): { rateBasis: 'line' | 'document'; lines: TaxLine[] } {
  const items = ctx.list(d, 'itms', dp);
  if (items.length === 0) {
    return { rateBasis: 'document', lines: [totals(ctx, d, dp, 'iamt', 'camt', 'samt', 'csamt', 'txval')] };
  }
  return {
    rateBasis: 'line',
    lines: items.map((it, i) => {
      const ip = dp + pointer('itms', i);
      const det = ctx.object(it, 'itm_det', ip) ?? {};
      const p = ip + pointer('itm_det');
      const line = totals(ctx, det, p, 'iamt', 'camt', 'samt', 'csamt', 'txval');
      const num = ctx.optNumber(it, 'num', ip);
      const rt = ctx.optNumber(det, 'rt', p);
      if (num !== undefined) line.lineNo = num;
      if (rt !== undefined) line.rate = rt;
      return line;
    }),
  };
}

/** One line from amount keys of an object (a missing key name reads as zero). */
export function totals(
  ctx: ReadContext,
  d: Json,
  dp: string,
  igst: string | undefined,
  cgst: string | undefined,
  sgst: string | undefined,
  cess: string | undefined,
  taxable: string | undefined,
): TaxLine {
  return {
    taxable: taxable ? ctx.amount(d, taxable, dp) : 0,
    igst: igst ? ctx.amount(d, igst, dp) : 0,
    cgst: cgst ? ctx.amount(d, cgst, dp) : 0,
    sgst: sgst ? ctx.amount(d, sgst, dp) : 0,
    cess: cess ? ctx.amount(d, cess, dp) : 0,
  };
}

/** Drops undefined fields so that rows compare and serialise cleanly. */
export function clean<T extends object>(o: T): T {
  // A copy with the defined keys rather than `delete`: a deleted key turns a V8 object into a hash table
  // several times its size, and an export holds a month of documents (42,000 or more) at once.
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) {
    const v = (o as Record<string, unknown>)[k];
    if (v === undefined) continue;
    if (k === '__proto__') Object.defineProperty(out, k, { value: v, writable: true, enumerable: true, configurable: true });
    else out[k] = v;
  }
  return out as T;
}
