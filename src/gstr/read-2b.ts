/**
 * Reader of GSTR-2B JSON (`{chksum, data:{gstin, rtnprd, gendt, itcsumm, docdata, docRejdata, ...}}`),
 * both the older statements with rate-wise `items[]` and the IMS-era ones with document totals only.
 * @module
 */
import { pointer, type Issue, type Outcome } from '../issue.js';
import { readCodes, ReadContext, isObject, toJson, yesNo, type Json } from './read-common.js';
import { clean, totals } from './read-2a.js';
import { diffPercent, headerOf, noteKind, startDocument, type InwardReading, type SupplierFields } from './read-shared.js';
import type { DocumentSection, InwardDocument, ItcSummaryRow } from './types.js';
import { imsActionOf, imsPendingLimit, itcReductionOf } from './ims.js';
import type { InwardReturn } from './types.js';
import { documentsInSection, REVERSAL_KEY, reversalHolders, SECTION_LISTS } from './gstr2b-sections.js';

/** A GSTR-2B read into document rows and ITC summary rows, with the warnings met on the way. */
export type Gstr2bResult = InwardReturn & { warnings: Issue[] };

const DATA_KEYS = new Set(['gstin', 'rtnprd', 'version', 'gendt', 'itcsumm', 'cpsumm', 'docdata', 'docRejdata', 'cpSummRej', 'fc', 'chksum']);
/** First GSTR-2B period built from IMS. */
export const IMS_FROM = '2024-10';

/** Keys of a 2B document this reader knows; others are warned about once per key and section. */
const DOC_KEYS = new Set([
  'inum',
  'ntnum',
  'typ',
  'suptyp',
  'dt',
  'val',
  'pos',
  'rev',
  'itcavl',
  'rsn',
  'diffprcnt',
  'srctyp',
  'irn',
  'irngendate',
  'items',
  'txval',
  'igst',
  'cgst',
  'sgst',
  'cess',
  'oinum',
  'oidt',
  'ontnum',
  'ontdt',
  'onttyp',
  'ntty',
  'chksum',
  'docnum',
  'docdt',
  'doctyp',
  'oinvnum',
  'oinvdt',
  'odocnum',
  'odocdt',
  'odoctyp',
  'itcelg',
  'boenum',
  'boedt',
  'portcode',
  'refdt',
  'recdt',
  'isamd',
  'imsStatus',
  'imsAction',
  'action',
  'itcRedReq',
  'declIgst',
  'declCgst',
  'declSgst',
  'declCess',
  'remarks',
  'srcform',
  'srcForm',
  'oinvtyp',
  'supprd',
  'supfildt',
  'trdnm',
  'ctin',
  'num',
  'rt',
]);

export type Part = NonNullable<InwardDocument['part']>;

/**
 * Reads a GSTR-2B file (object, JSON text or bytes) as the API or the portal's JSON download gives it.
 * Unknown sections are skipped with a warning; malformed content gives coded errors. Never throws.
 */
export function readGstr2b(input: unknown, expect?: { gstin?: string; period?: string }): Outcome<Gstr2bResult> {
  const opened = openGstr2b(input, expect);
  if (!opened.ok) return opened;
  const documents = [...opened.value.documents];
  const end = opened.value.end();
  return end.ok ? { ok: true, value: { ...end.value, documents } } : end;
}

/** A GSTR-2B being read (see {@link InwardReading}). */
export type Gstr2bReading = InwardReading<Gstr2bResult>;

/**
 * Opens a GSTR-2B for reading one document at a time, so a caller writing them out (an export) never
 * holds a month of documents at once; {@link readGstr2b} gathers them. Errors in the header are known
 * before the walk; every error (the header's too) comes from `end()`, after it.
 */
export function openGstr2b(input: unknown, expect?: { gstin?: string; period?: string }): Outcome<Gstr2bReading> {
  const ctx = new ReadContext();
  const top = toJson(input, ctx);
  if (top === undefined) return { ok: false, errors: ctx.errors };
  let root: Json = top;
  let base = '';
  if (top.data !== undefined) {
    if (!isObject(top.data)) {
      ctx.fail(readCodes.badShape, 'data should be an object', '/data');
      return { ok: false, errors: ctx.errors };
    }
    root = top.data;
    base = '/data';
  }
  const head = readHead(ctx, root, base, expect);
  warnUnknownBlocks(ctx, root, base);
  const headerErrors = [...ctx.errors];
  const reader = documentReader(ctx, head);

  function* allDocuments(): Generator<InwardDocument> {
    const docdata = ctx.object(root, 'docdata', base);
    if (docdata) yield* reader.sections(docdata, base + '/docdata', 'statement');
    const rejected = ctx.object(root, 'docRejdata', base);
    if (rejected) yield* reader.sections(rejected, base + '/docRejdata', 'rejected');
  }

  return { ok: true, value: { headerErrors, documents: allDocuments(), end: () => rest(ctx, root, base, head) } };
}

/** What a GSTR-2B's header says: the recipient, the period, when it was generated and its version. */
export interface Gstr2bHead {
  gstin: string;
  period: string;
  generatedOn: Date | undefined;
  version: string | undefined;
}

export function readHead(ctx: ReadContext, root: Json, base: string, expect: { gstin?: string; period?: string } | undefined): Gstr2bHead {
  const { gstin, period } = headerOf(ctx, root, base, ['gstin'], ['rtnprd', 'ret_period', 'fp'], expect);
  return { gstin, period, generatedOn: ctx.date(root, 'gendt', base), version: ctx.text(root, 'version') };
}

export function warnUnknownBlocks(ctx: ReadContext, root: Json, base: string): void {
  for (const key of Object.keys(root)) {
    if (!DATA_KEYS.has(key)) ctx.warn(readCodes.unknown, `block ${key} is not known to this reader and was skipped`, base + pointer(key));
  }
}

/** Reads the documents of a GSTR-2B's holders of sections, or of one entry of one section at a time. */
export interface DocumentReader {
  /** Every section of a holder (`docdata`, `docRejdata`, an ITC-reversal entry), in the reader's order. */
  sections(holder: Json, hp: string, part: Part): Generator<InwardDocument>;
  /** One entry of a known section's list (a supplier's documents, or a bill of entry for `impg`). */
  entry(key: string, value: unknown, index: number, hp: string, part: Part): Generator<InwardDocument>;
}

export function documentReader(ctx: ReadContext, head: Gstr2bHead): DocumentReader {
  const { gstin, period, generatedOn } = head;
  const ims = period >= IMS_FROM;
  const unknownSeen = new Set<string>();
  const checkKeys = (d: Json, dp: string, section: DocumentSection): void => {
    for (const k in d) {
      if (DOC_KEYS.has(k)) continue;
      const tag = section + '|' + k;
      if (unknownSeen.has(tag)) continue;
      unknownSeen.add(tag);
      ctx.warn(readCodes.unknown, `${section} documents carry ${k}, which this reader does not know; the value is not shown`, dp + pointer(k));
    }
  };
  const common = { returnType: 'gstr2b' as const, recipientGstin: gstin, period, generatedOn };

  function* readSections(holder: Json, hp: string, part: Part): Generator<InwardDocument> {
    for (const key of Object.keys(holder)) {
      if (key === REVERSAL_KEY || Object.hasOwn(SECTION_LISTS, key)) continue;
      // Named with its count, so a section GSTN adds is reported, never silently zeroed.
      const n = documentsInSection(key, holder[key]);
      ctx.warn(
        readCodes.unknown,
        `section ${key} is not known to this reader: its ${n === 1 ? '1 document was' : `${n} documents were`} skipped`,
        hp + pointer(key),
      );
    }
    yield* readB2bLike(ctx, holder, hp, 'b2b', 'B2B', part);
    yield* readB2bLike(ctx, holder, hp, 'b2ba', 'B2BA', part);
    yield* readB2bLike(ctx, holder, hp, 'ecom', 'ECO', part);
    yield* readB2bLike(ctx, holder, hp, 'ecoma', 'ECOA', part);
    yield* readB2bLike(ctx, holder, hp, 'cdnr', 'CDNR', part);
    yield* readB2bLike(ctx, holder, hp, 'cdnra', 'CDNRA', part);
    yield* readIsd(ctx, holder, hp, 'isd', 'ISD', part);
    yield* readIsd(ctx, holder, hp, 'isda', 'ISDA', part);
    yield* readImports(ctx, holder, hp, part);
    // The ITC-reversal list sits in the statement and in the IMS-rejected block alike; a rejected
    // document stays 'rejected' wherever it sits, since rejection is what decides its credit.
    const rev = holder[REVERSAL_KEY];
    if (rev !== undefined && rev !== null) {
      const list = reversalHolders(rev);
      for (let i = 0; i < list.length; i++) {
        const r = list[i];
        const rp = hp + pointer(REVERSAL_KEY) + (Array.isArray(rev) ? pointer(i) : '');
        if (isObject(r)) yield* readSections(r, rp, part === 'statement' ? 'reversal' : part);
        else ctx.fail(readCodes.badShape, `${REVERSAL_KEY} should hold objects`, rp);
      }
    }
  }

  /** A document as it is handed out: its IMS fields filled in, its undefined fields dropped. */
  const finish = (doc: InwardDocument, d?: Json, dp?: string): InwardDocument => {
    if (d !== undefined && dp !== undefined) {
      checkKeys(d, dp, doc.section);
      const action = imsActionOf(ctx, d, dp);
      if (action !== undefined) {
        doc.imsStatus = action;
        doc.imsStatusSource = 'file';
      }
      const reduction = itcReductionOf(ctx, d, dp);
      if (reduction) doc.itcReduction = reduction;
      const imsRemarks = ctx.text(d, 'remarks');
      if (imsRemarks !== undefined) doc.imsRemarks = imsRemarks;
      const sourceForm = ctx.text(d, 'srcform') ?? ctx.text(d, 'srcForm');
      if (sourceForm !== undefined) doc.sourceForm = sourceForm;
    }
    if (ims && doc.imsStatus === undefined) {
      const inIms =
        doc.part !== 'rejected' &&
        ['B2B', 'B2BA', 'CDNR', 'CDNRA', 'ECO', 'ECOA'].includes(doc.section) &&
        doc.reverseCharge !== 'Y' &&
        doc.itcAvailability !== 'N';
      doc.imsStatus = doc.part === 'rejected' ? 'Rejected' : inIms ? 'Accepted' : 'Outside IMS';
      doc.imsStatusSource = 'derived';
    }
    if (ims) {
      const limit = imsPendingLimit(doc, period);
      if (limit) {
        doc.imsPendingUntil = limit.until;
        doc.imsPendingLimit = limit.when;
      }
    }
    return doc;
  };

  function* readB2bLike(c: ReadContext, h: Json, hp: string, key: string, section: DocumentSection, part: Part): Generator<InwardDocument> {
    const suppliers = c.list(h, key, hp);
    for (let si = 0; si < suppliers.length; si++) yield* b2bSupplier(c, suppliers[si]!, hp + pointer(key, si), section, part);
  }

  function* b2bSupplier(c: ReadContext, sup: Json, sp: string, section: DocumentSection, part: Part): Generator<InwardDocument> {
    const notes = section === 'CDNR' || section === 'CDNRA';
    const docKey = notes ? 'nt' : 'inv';
    const supplier = supplierOf(c, sup, sp);
    const docs = c.list(sup, docKey, sp);
    for (let di = 0; di < docs.length; di++) {
      const d = docs[di]!;
      const dp = sp + pointer(docKey, di);
      // Optional fields are set by name, only when they have a value (see startDocument).
      const kind = notes ? noteKind(c.text(d, 'typ')) : 'Invoice';
      const doc = startDocument(common, section, part, kind, supplier);
      doc.number = c.required(d, notes ? 'ntnum' : 'inum', dp, 'document number');
      const date = c.date(d, 'dt', dp);
      if (date !== undefined) doc.date = date;
      const value = c.optNumber(d, 'val', dp);
      if (value !== undefined) doc.value = value;
      const supplyType = notes ? c.text(d, 'suptyp') : c.text(d, 'typ');
      if (supplyType !== undefined) doc.supplyType = supplyType;
      const placeOfSupply = c.text(d, 'pos');
      if (placeOfSupply !== undefined) doc.placeOfSupply = placeOfSupply;
      const reverseCharge = yesNo(c.text(d, 'rev'));
      if (reverseCharge !== undefined) doc.reverseCharge = reverseCharge;
      lines2b(c, d, dp, doc);
      const applicablePercent = diffPercent(c.optNumber(d, 'diffprcnt', dp));
      if (applicablePercent !== undefined) doc.applicablePercent = applicablePercent;
      const itcAvailability = c.text(d, 'itcavl');
      if (itcAvailability !== undefined) doc.itcAvailability = itcAvailability;
      const itcReason = c.text(d, 'rsn');
      if (itcReason !== undefined) doc.itcReason = itcReason;
      const source = c.text(d, 'srctyp');
      if (source !== undefined) doc.source = source;
      const irn = c.text(d, 'irn');
      if (irn !== undefined) doc.irn = irn;
      const irnDate = c.date(d, 'irngendate', dp);
      if (irnDate !== undefined) doc.irnDate = irnDate;
      doc.sign = kind === 'Credit Note' ? -1 : 1;
      if (section === 'CDNRA') {
        const originalNumber = c.reference(d, 'ontnum', dp, 'original note number');
        if (originalNumber !== undefined) doc.originalNumber = originalNumber;
        const originalDate = c.date(d, 'ontdt', dp);
        if (originalDate !== undefined) doc.originalDate = originalDate;
        const originalNoteType = c.text(d, 'onttyp');
        if (originalNoteType !== undefined) doc.originalNoteType = originalNoteType;
      } else if (section === 'B2BA' || section === 'ECOA') {
        const originalNumber = c.reference(d, 'oinum', dp, 'original invoice number');
        if (originalNumber !== undefined) doc.originalNumber = originalNumber;
        const originalDate = c.date(d, 'oidt', dp);
        if (originalDate !== undefined) doc.originalDate = originalDate;
      } else if (c.text(d, 'oinum') !== undefined) {
        // IMS-era credit and debit notes may name the invoice they adjust.
        const originalNumber = c.text(d, 'oinum');
        if (originalNumber !== undefined) doc.originalNumber = originalNumber;
        const originalDate = c.date(d, 'oidt', dp);
        if (originalDate !== undefined) doc.originalDate = originalDate;
      }
      yield finish(doc, d, dp);
    }
  }

  function* readIsd(c: ReadContext, h: Json, hp: string, key: string, section: DocumentSection, part: Part): Generator<InwardDocument> {
    const suppliers = c.list(h, key, hp);
    for (let si = 0; si < suppliers.length; si++) yield* isdSupplier(c, suppliers[si]!, hp + pointer(key, si), section, part);
  }

  function* isdSupplier(c: ReadContext, sup: Json, sp: string, section: DocumentSection, part: Part): Generator<InwardDocument> {
    const supplier = supplierOf(c, sup, sp);
    const docs = c.list(sup, 'doclist', sp);
    for (let di = 0; di < docs.length; di++) {
      const d = docs[di]!;
      const dp = sp + pointer('doclist', di);
      const credit = (c.text(d, 'doctyp') ?? '').toUpperCase() === 'ISDC';
      const doc = startDocument(common, section, part, credit ? 'ISD Credit Note' : 'ISD Invoice', supplier);
      doc.number = c.required(d, 'docnum', dp, 'document number');
      const date = c.date(d, 'docdt', dp);
      if (date !== undefined) doc.date = date;
      doc.rateBasis = 'document';
      doc.lines = [totals(c, d, dp, 'igst', 'cgst', 'sgst', 'cess', undefined)];
      const itcAvailability = c.text(d, 'itcelg');
      if (itcAvailability !== undefined) doc.itcAvailability = itcAvailability;
      doc.sign = credit ? -1 : 1;
      if (section === 'ISDA') {
        const originalNumber = c.reference(d, 'odocnum', dp, 'original document number');
        if (originalNumber !== undefined) doc.originalNumber = originalNumber;
        const originalDate = c.date(d, 'odocdt', dp);
        if (originalDate !== undefined) doc.originalDate = originalDate;
        const originalNoteType = c.text(d, 'odoctyp');
        if (originalNoteType !== undefined) doc.originalNoteType = originalNoteType;
      } else if (c.text(d, 'oinvnum')) {
        const originalNumber = c.text(d, 'oinvnum');
        if (originalNumber !== undefined) doc.originalNumber = originalNumber;
        const originalDate = c.date(d, 'oinvdt', dp);
        if (originalDate !== undefined) doc.originalDate = originalDate;
      }
      yield finish(doc, d, dp);
    }
  }

  function boe(c: ReadContext, d: Json, dp: string, section: DocumentSection, part: Part, sup?: SupplierFields): InwardDocument {
    const doc = startDocument(common, section, part, 'Bill of Entry', sup);
    doc.number = c.required(d, 'boenum', dp, 'bill of entry number');
    const date = c.date(d, 'boedt', dp);
    if (date !== undefined) doc.date = date;
    const portCode = c.text(d, 'portcode');
    if (portCode !== undefined) doc.portCode = portCode;
    const referenceDate = c.date(d, 'refdt', dp);
    if (referenceDate !== undefined) doc.referenceDate = referenceDate;
    const receivedDate = c.date(d, 'recdt', dp);
    if (receivedDate !== undefined) doc.receivedDate = receivedDate;
    const billOfEntryAmended = yesNo(c.text(d, 'isamd'));
    if (billOfEntryAmended !== undefined) doc.billOfEntryAmended = billOfEntryAmended;
    doc.rateBasis = 'document';
    doc.lines = [totals(c, d, dp, 'igst', undefined, undefined, 'cess', 'txval')];
    doc.sign = 1;
    return finish(doc, d, dp);
  }

  function* readImports(c: ReadContext, h: Json, hp: string, part: Part): Generator<InwardDocument> {
    const bills = c.list(h, 'impg', hp);
    for (let i = 0; i < bills.length; i++) yield boe(c, bills[i]!, hp + pointer('impg', i), 'IMPG', part);
    const suppliers = c.list(h, 'impgsez', hp);
    for (let si = 0; si < suppliers.length; si++) yield* sezSupplier(c, suppliers[si]!, hp + pointer('impgsez', si), part);
  }

  function* sezSupplier(c: ReadContext, sup: Json, sp: string, part: Part): Generator<InwardDocument> {
    const supplier = supplierOf(c, sup, sp);
    const sezBills = c.list(sup, 'boe', sp);
    for (let di = 0; di < sezBills.length; di++) yield boe(c, sezBills[di]!, sp + pointer('boe', di), 'IMPGSEZ', part, supplier);
  }

  function* entry(key: string, value: unknown, index: number, hp: string, part: Part): Generator<InwardDocument> {
    const ep = hp + pointer(key, index);
    if (!isObject(value)) {
      ctx.fail(readCodes.badShape, `${key}[${index}] should be an object`, ep);
      return;
    }
    const section = SECTION_OF[key];
    if (section === undefined) return;
    if (key === 'impg') yield boe(ctx, value, ep, 'IMPG', part);
    else if (key === 'impgsez') yield* sezSupplier(ctx, value, ep, part);
    else if (key === 'isd' || key === 'isda') yield* isdSupplier(ctx, value, ep, section, part);
    else yield* b2bSupplier(ctx, value, ep, section, part);
  }

  return { sections: readSections, entry };
}

/** The section each known list holds. */
export const SECTION_OF: Readonly<Record<string, DocumentSection>> = {
  b2b: 'B2B',
  b2ba: 'B2BA',
  ecom: 'ECO',
  ecoma: 'ECOA',
  cdnr: 'CDNR',
  cdnra: 'CDNRA',
  isd: 'ISD',
  isda: 'ISDA',
  impg: 'IMPG',
  impgsez: 'IMPGSEZ',
};

/** What follows the documents: the ITC summary, and the outcome of the whole read. */
export function rest(
  ctx: ReadContext,
  root: Json,
  base: string,
  head: { gstin: string; period: string; generatedOn: Date | undefined; version: string | undefined },
): Outcome<Omit<Gstr2bResult, 'documents'>> {
  const { gstin, period, generatedOn, version } = head;
  const itcSummary: ItcSummaryRow[] = [];
  const summ = ctx.object(root, 'itcsumm', base);
  if (summ) {
    for (const [block, groups] of Object.entries(summ)) {
      const bp = base + pointer('itcsumm', block);
      if (!isObject(groups)) {
        // GSTN adds summary blocks without versioning them: skip what has another shape.
        ctx.warn(readCodes.unknown, `itcsumm.${block} is not an object and was skipped`, bp);
        continue;
      }
      for (const [group, g] of Object.entries(groups)) {
        if (!isObject(g)) continue;
        const gp = bp + pointer(group);
        itcSummary.push({ block, group, section: '', ...heads(ctx, g, gp) });
        for (const [section, s] of Object.entries(g)) {
          if (isObject(s)) itcSummary.push({ block, group, section, ...heads(ctx, s, gp + pointer(section)) });
        }
      }
    }
  }

  if (ctx.errors.length > 0) return { ok: false, errors: ctx.errors };
  const value: Omit<Gstr2bResult, 'documents'> = { returnType: 'gstr2b', gstin, period, itcSummary, warnings: ctx.warnings };
  if (generatedOn) value.generatedOn = generatedOn;
  if (version) value.version = version;
  return { ok: true, value };
}

function heads(ctx: ReadContext, o: Json, p: string): { igst: number; cgst: number; sgst: number; cess: number } {
  return { igst: ctx.amount(o, 'igst', p), cgst: ctx.amount(o, 'cgst', p), sgst: ctx.amount(o, 'sgst', p), cess: ctx.amount(o, 'cess', p) };
}

function supplierOf(ctx: ReadContext, sup: Json, sp: string): SupplierFields {
  return clean({
    supplierGstin: ctx.required(sup, 'ctin', sp, 'supplier GSTIN'),
    supplierName: ctx.text(sup, 'trdnm'),
    supplierFilingDate: ctx.date(sup, 'supfildt', sp),
    supplierPeriod: ctx.period(sup, 'supprd', sp),
  });
}

/** A document's tax lines: its rate-wise items, or one line of document totals. */
function lines2b(ctx: ReadContext, d: Json, dp: string, doc: InwardDocument): void {
  const items = ctx.list(d, 'items', dp);
  if (items.length === 0) {
    doc.rateBasis = 'document';
    doc.lines = [totals(ctx, d, dp, 'igst', 'cgst', 'sgst', 'cess', 'txval')];
    return;
  }
  doc.rateBasis = 'line';
  doc.lines = items.map((it, i) => {
    const ip = dp + pointer('items', i);
    const line = totals(ctx, it, ip, 'igst', 'cgst', 'sgst', 'cess', 'txval');
    const num = ctx.optNumber(it, 'num', ip);
    const rt = ctx.optNumber(it, 'rt', ip);
    if (num !== undefined) line.lineNo = num;
    if (rt !== undefined) line.rate = rt;
    return line;
  });
}
