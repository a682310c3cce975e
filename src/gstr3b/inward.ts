/**
 * The inward side of GSTR-3B: the period's GSTR-2B placed in 3.1(d) and table 4 after the recipient's IMS
 * actions and the reconciliation with the books, then the purchase register (table 5, imports of services,
 * reverse charge from unregistered suppliers, blocked credits) and the adjustments the books know.
 *
 * Where a 2B document goes (the GSTR-2B advisory's mapping): imports to 4(A)(1); reverse-charge documents to
 * 3.1(d) as liability and 4(A)(3) as credit; ISD invoices to 4(A)(4) and ISD credit notes to 4(B)(2); credit
 * notes to 4(B)(2) (by the reduction declared in IMS where there is one); the ITC-reversal list to 4(B)(2);
 * documents whose ITC is not available (section 16(4), place of supply) to 4(D)(2); every other invoice and
 * debit note to 4(A)(5). An amendment counts by its difference from the original where the original is found.
 * Documents rejected or kept pending in IMS, or missing from the books, are held back.
 * @module
 */
import { error, pointer, warning, type Issue } from '../issue.js';
import { Decimal } from '../compute/decimal.js';
import type { InwardDocument, InwardReturn, TaxLine } from '../gstr/types.js';
import type { PurchaseRow, ReconcileResult } from '../reconcile/index.js';
import { gstr3bCodes } from './codes.js';
import { shares, type CellSet, type Shares } from './cells.js';
import { documentDate } from './period.js';
import type { Gstr3bAdjustment, Gstr3bDocumentRef, Gstr3bImsAction } from './types.js';

export interface InwardContext {
  gstin: string;
  month: string;
  cells: CellSet;
  warnings: Issue[];
  heldBack: Gstr3bDocumentRef[];
}

/** Natures of purchase rows that GSTR-2B never holds (see {@link placePurchases}). */
const OUTSIDE_2B = new Set(['exempt', 'nil', 'composition', 'non-gst', 'import-of-services', 'reverse-charge']);
const AMENDED: Partial<Record<string, string>> = { B2BA: 'B2B', CDNRA: 'CDNR', ECOA: 'ECO', ISDA: 'ISD' };
const numberKey = (n: unknown): string =>
  String(n ?? '')
    .toUpperCase()
    .replace(/\s+/g, '');
const docKey = (supplier: unknown, number: unknown): string => `${String(supplier ?? '').toUpperCase()}|${numberKey(number)}`;

function totalsOf(lines: readonly TaxLine[]): Record<'taxable' | 'igst' | 'cgst' | 'sgst' | 'cess', Decimal> {
  const t = { taxable: new Decimal(0), igst: new Decimal(0), cgst: new Decimal(0), sgst: new Decimal(0), cess: new Decimal(0) };
  for (const l of lines) {
    t.taxable = t.taxable.plus(l.taxable);
    t.igst = t.igst.plus(l.igst);
    t.cgst = t.cgst.plus(l.cgst);
    t.sgst = t.sgst.plus(l.sgst);
    t.cess = t.cess.plus(l.cess);
  }
  return t;
}

const dmy = (d: Date | undefined): string | undefined => (d ? documentDate(d)?.text : undefined);

/** The IMS actions by document, the later action winning. */
function imsIndex(actions: readonly Gstr3bImsAction[] | undefined): Map<string, Gstr3bImsAction['action']> {
  const m = new Map<string, Gstr3bImsAction['action']>();
  for (const a of actions ?? []) if (a && typeof a === 'object') m.set(docKey(a.supplierGstin, a.number), a.action);
  return m;
}

/** The 2B documents the reconciliation found missing in the books. */
function missingInBooks(rec: ReconcileResult | undefined): Set<string> {
  const out = new Set<string>();
  for (const row of rec?.rows ?? []) if (row.status === 'missing-in-books' && row.gstr2b) out.add(docKey(row.gstr2b.supplierGstin, row.gstr2b.number));
  return out;
}

/** Places the period's GSTR-2B. */
export function placeGstr2b(
  gstr2b: InwardReturn,
  input: { earlier?: readonly InwardReturn[]; ims?: readonly Gstr3bImsAction[]; reconciliation?: ReconcileResult },
  ctx: InwardContext,
): void {
  const actions = imsIndex(input.ims);
  const used = new Set<string>();
  const notInBooks = missingInBooks(input.reconciliation);
  // Originals of amendments: by class of section, supplier and number, in this 2B and the earlier ones.
  const originals = new Map<string, InwardDocument>();
  for (const ret of [...(input.earlier ?? []), gstr2b]) {
    for (const d of ret.documents) if (!AMENDED[d.section] && d.part !== 'rejected') originals.set(`${d.section}|${docKey(d.supplierGstin, d.number)}`, d);
  }

  gstr2b.documents.forEach((doc, index) => {
    const key = docKey(doc.supplierGstin, doc.number);
    const base: Omit<Gstr3bDocumentRef, 'amounts' | 'reason'> = {
      source: 'gstr2b',
      index,
      type: doc.kind,
      number: doc.number,
      ...(doc.date ? { date: dmy(doc.date) as string } : {}),
      ...(doc.supplierGstin ? { party: doc.supplierGstin } : {}),
      ...(doc.placeOfSupply ? { placeOfSupply: doc.placeOfSupply } : {}),
    };
    const t = totalsOf(doc.lines);
    let amounts: Shares = { ...t };
    let amendNote = '';
    const originalSection = AMENDED[doc.section];
    if (originalSection && doc.originalNumber) {
      const o = originals.get(`${originalSection}|${docKey(doc.supplierGstin, doc.originalNumber)}`);
      if (o) {
        const ot = totalsOf(o.lines);
        amounts = {
          taxable: t.taxable.minus(ot.taxable),
          igst: t.igst.minus(ot.igst),
          cgst: t.cgst.minus(ot.cgst),
          sgst: t.sgst.minus(ot.sgst),
          cess: t.cess.minus(ot.cess),
        };
        amendNote = `, the difference from ${o.number} of ${o.period}`;
      } else {
        ctx.warnings.push(
          warning(
            gstr3bCodes.amendmentWithoutOriginal,
            `${doc.section} ${doc.number} of ${doc.supplierGstin ?? ''}: the original ${doc.originalNumber} is not in the GSTR-2B given; counted at its full value`,
            pointer('gstr2b', 'documents', index),
          ),
        );
      }
    }
    const zero = (reason: string): void => {
      ctx.heldBack.push({
        ...base,
        reason,
        amounts: { taxable: t.taxable.toNumber(), igst: t.igst.toNumber(), cgst: t.cgst.toNumber(), sgst: t.sgst.toNumber(), cess: t.cess.toNumber() },
      });
    };
    const action = actions.get(key);
    if (action) used.add(key);
    const status = action === 'reject' ? 'Rejected' : action === 'pending' ? 'Pending' : action === 'accept' ? 'Accepted' : doc.imsStatus;
    if (doc.part === 'rejected' && action !== 'accept') return zero('rejected in IMS: no ITC');
    if (status === 'Rejected') return zero('rejected in IMS: no ITC');
    if (status === 'Pending') return zero('kept pending in IMS: its ITC waits for a later period');
    if (notInBooks.has(key)) return zero('in GSTR-2B but not in the purchase register: held back until it is booked');

    const sign = doc.sign;
    const tax = (s: Shares, k: number): Shares =>
      ({ igst: s.igst?.times(k), cgst: s.cgst?.times(k), sgst: s.sgst?.times(k), cess: s.cess?.times(k) }) as Shares;
    if (doc.part === 'reversal') {
      ctx.cells.get('4B(2)').add({ ...base, reason: `in GSTR-2B's ITC-reversal list${amendNote}` }, tax(amounts, 1));
      return;
    }
    if (doc.itcAvailability === 'N') {
      if (doc.reverseCharge === 'Y') ctx.cells.get('3.1(d)').add({ ...base, reason: `reverse charge (ITC not available)${amendNote}` }, shares(amounts, sign));
      ctx.cells
        .get('4D(2)')
        .add({ ...base, reason: `ITC not available in GSTR-2B${doc.itcReason ? ` (reason ${doc.itcReason})` : ''}${amendNote}` }, tax(amounts, sign));
      return;
    }
    switch (doc.section) {
      case 'IMPG':
      case 'IMPGSEZ':
        ctx.cells.get('4A(1)').add({ ...base, reason: `import of goods (${doc.section})` }, tax(amounts, 1));
        return;
      case 'ISD':
      case 'ISDA':
        if (doc.kind === 'ISD Credit Note') ctx.cells.get('4B(2)').add({ ...base, reason: `ISD credit note${amendNote}` }, tax(amounts, 1));
        else ctx.cells.get('4A(4)').add({ ...base, reason: `distributed by an ISD${amendNote}` }, tax(amounts, 1));
        return;
      case 'TDS':
      case 'TDSA':
      case 'TCS':
        return;
      default:
        break;
    }
    if (doc.reverseCharge === 'Y') {
      ctx.cells.get('3.1(d)').add({ ...base, reason: `reverse charge: tax payable by this recipient${amendNote}` }, shares(amounts, sign));
      ctx.cells.get('4A(3)').add({ ...base, reason: `reverse charge: credit of the tax paid${amendNote}` }, tax(amounts, sign));
      return;
    }
    if (doc.kind === 'Credit Note') {
      const red = doc.itcReduction;
      if (red && (red.required ?? '').toUpperCase() === 'N') return zero('credit note: no reduction of ITC declared in IMS');
      const declared = red && (red.igst || red.cgst || red.sgst || red.cess);
      const reduce = declared
        ? { igst: new Decimal(red.igst), cgst: new Decimal(red.cgst), sgst: new Decimal(red.sgst), cess: new Decimal(red.cess) }
        : tax(amounts, 1);
      ctx.cells.get('4B(2)').add({ ...base, reason: `credit note${declared ? ': the reduction declared in IMS' : ''}${amendNote}` }, reduce);
      return;
    }
    ctx.cells.get('4A(5)').add({ ...base, reason: `${doc.section} ${doc.kind.toLowerCase()}${amendNote}` }, tax(amounts, sign));
  });
  for (const a of input.ims ?? []) {
    if (!a || typeof a !== 'object') continue;
    if (!used.has(docKey(a.supplierGstin, a.number)))
      ctx.warnings.push(
        warning(gstr3bCodes.imsUnmatched, `the IMS action on ${a.number} of ${a.supplierGstin} names a document this GSTR-2B does not hold`, '/ims'),
      );
  }
  for (const row of input.reconciliation?.rows ?? []) {
    if (row.status !== 'missing-in-2b' || !row.purchase) continue;
    const p = row.purchase;
    // Imports of services, supplies from unregistered persons and exempt supplies never reach GSTR-2B.
    if (OUTSIDE_2B.has(extra(p, 'nature', 'supply_nature').toLowerCase())) continue;
    const date = documentDate(p.docDate);
    ctx.heldBack.push({
      source: 'purchases',
      index: row.purchaseIndex ?? -1,
      type: p.docType,
      number: p.docNo,
      ...(date ? { date: date.text } : {}),
      party: p.supplierGstin,
      reason: 'in the books but not in GSTR-2B: no ITC until the supplier reports it (section 16(2)(aa))',
      amounts: { taxable: p.taxable, igst: p.igst, cgst: p.cgst, sgst: p.sgst, cess: p.cess },
    });
  }
}

/** A column of the register's further columns, read without regard to case. */
function extra(row: PurchaseRow, ...names: string[]): string {
  for (const [k, v] of Object.entries(row.extra ?? {})) if (names.includes(k.toLowerCase())) return String(v).trim();
  return '';
}

/** Places the purchase register's rows dated in the period that GSTR-3B reads beyond GSTR-2B. */
export function placePurchases(rows: readonly PurchaseRow[], ctx: InwardContext): void {
  const own = ctx.gstin.slice(0, 2);
  rows.forEach((row, index) => {
    const date = documentDate(row.docDate);
    if (!date || date.month !== ctx.month) return;
    const nature = extra(row, 'nature', 'supply_nature').toLowerCase();
    const blocked = extra(row, 'itc_blocked', 'blocked').toUpperCase() === 'Y';
    if (nature === '' && !blocked) return;
    const supplier = (row.supplierGstin ?? '').toUpperCase();
    const sign = row.docType === 'CRN' ? -1 : 1;
    const base = { source: 'purchases' as const, index, type: row.docType, number: row.docNo, date: date.text, party: supplier };
    const posColumn = extra(row, 'pos', 'place_of_supply');
    const supplierState = /^\d{2}/.test(supplier) ? supplier.slice(0, 2) : posColumn.padStart(2, '0');
    const inter = row.igst !== 0 || (supplierState !== '' && supplierState !== '00' && supplierState !== own);
    const heads = { igst: row.igst, cgst: row.cgst, sgst: row.sgst, cess: row.cess };
    switch (nature) {
      case '':
        break;
      case 'exempt':
      case 'nil':
      case 'composition':
        ctx.cells.get('5 GST').add({ ...base, reason: `${nature} inward supply` }, shares(inter ? { inter: row.taxable } : { intra: row.taxable }, sign));
        break;
      case 'non-gst':
        ctx.cells.get('5 NONGST').add({ ...base, reason: 'non-GST inward supply' }, shares(inter ? { inter: row.taxable } : { intra: row.taxable }, sign));
        break;
      case 'import-of-services':
        ctx.cells.get('3.1(d)').add({ ...base, reason: 'import of services: tax payable by this recipient' }, shares({ taxable: row.taxable, ...heads }, sign));
        ctx.cells.get('4A(2)').add({ ...base, reason: 'import of services: credit of the tax paid' }, shares(heads, sign));
        break;
      case 'reverse-charge':
        if (supplier !== '' && supplier !== 'URP') break; // a registered supplier's reverse-charge document comes from GSTR-2B
        ctx.cells
          .get('3.1(d)')
          .add({ ...base, reason: 'reverse charge on a supply from an unregistered person' }, shares({ taxable: row.taxable, ...heads }, sign));
        ctx.cells.get('4A(3)').add({ ...base, reason: 'reverse charge: credit of the tax paid' }, shares(heads, sign));
        break;
      default:
        ctx.warnings.push(
          warning(
            gstr3bCodes.badPurchaseRow,
            `${row.docNo}: nature ${nature} is not exempt, nil, composition, non-gst, import-of-services or reverse-charge; not read for GSTR-3B`,
            pointer('purchases', index),
          ),
        );
    }
    if (blocked) ctx.cells.get('4B(1)').add({ ...base, reason: 'blocked credit (section 17(5)) claimed through GSTR-2B, reversed' }, shares(heads, sign));
  });
}

/** Places the reversals and reclaims the books know; a reclaim is reported in 4(A)(5) and in 4(D)(1). */
export function placeAdjustments(adjustments: readonly Gstr3bAdjustment[], ctx: InwardContext, errors: Issue[]): void {
  const rows = { '4B1': '4B(1)', '4B2': '4B(2)', '4D1': '4D(1)', '4D2': '4D(2)' } as const;
  adjustments.forEach((a, index) => {
    const id = rows[a?.row as keyof typeof rows];
    const heads = { igst: a?.igst ?? 0, cgst: a?.cgst ?? 0, sgst: a?.sgst ?? 0, cess: a?.cess ?? 0 };
    if (!id || !Object.values(heads).every((v) => typeof v === 'number' && Number.isFinite(v))) {
      errors.push(
        error(gstr3bCodes.badAdjustment, 'an adjustment needs row 4B1, 4B2, 4D1 or 4D2 and numeric amounts; left out', pointer('adjustments', index)),
      );
      return;
    }
    const base = { source: 'adjustment' as const, index, type: 'Adjustment', number: String(a.reference ?? ''), reason: a.reason ?? `entered as ${a.row}` };
    ctx.cells.get(id).add(base, shares(heads));
    if (a.row === '4D1') ctx.cells.get('4A(5)').add({ ...base, reason: `${base.reason}: ITC reclaimed, also shown in 4(D)(1)` }, shares(heads));
  });
}
