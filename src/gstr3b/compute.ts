/**
 * `computeGstr3b`: GSTR-3B for one GSTIN and month from the books and the portal's statements: the sales
 * (registered e-invoices and a register of what is not e-invoiced), the period's GSTR-2B after IMS actions
 * and the reconciliation, the purchase register and the adjustments the books know. Every cell carries the
 * documents that make it up; the cells the portal locks carry its value; the two ledgers the portal checks
 * before filing are checked. Never throws: unreadable input is a coded error and is left out.
 * @module
 */
import { error, type Issue } from '../issue.js';
import { isValidGstin } from '../masters/gstin.js';
import { Decimal } from '../compute/decimal.js';
import { gstr3bCodes } from './codes.js';
import { CellSet } from './cells.js';
import { ledgerChecks } from './ledgers.js';
import { applyPortalLocks } from './locks.js';
import { placeAdjustments, placeGstr2b, placePurchases, type InwardContext } from './inward.js';
import { returnPeriod } from './period.js';
import { placeEinvoices, placeSalesRegister, type OutwardContext } from './sales.js';
import type { Gstr3bCell, Gstr3bDocumentRef, Gstr3bInput, Gstr3bResult } from './types.js';

const HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;

/** Whether `value` has the shape of a read return: a GSTIN, a period and the list `list`. */
function readLike(value: unknown, list: 'documents' | 'rows'): boolean {
  const o = value as Record<string, unknown> | null;
  return !!o && typeof o === 'object' && typeof o['gstin'] === 'string' && typeof o['period'] === 'string' && Array.isArray(o[list]);
}

/** 4(C): 4(A) less 4(B), with every document of both (a reversal's share negated). */
function netItc(cells: Gstr3bCell[]): void {
  const net = cells.find((c) => c.id === '4C') as Gstr3bCell;
  const documents: Gstr3bDocumentRef[] = [];
  const sums = { igst: new Decimal(0), cgst: new Decimal(0), sgst: new Decimal(0), cess: new Decimal(0) };
  for (const c of cells) {
    if (c.table !== '4' || !/^[AB]\(/.test(c.code)) continue;
    const sign = c.code.startsWith('A') ? 1 : -1;
    for (const h of HEADS) sums[h] = sums[h].plus(new Decimal(c.amounts[h] ?? 0).times(sign));
    for (const d of c.documents) {
      const amounts = { ...d.amounts };
      for (const h of HEADS) amounts[h] = sign * (d.amounts[h] ?? 0) || 0;
      documents.push({ ...d, reason: `${c.id}: ${d.reason}`, amounts });
    }
  }
  const total = { igst: sums.igst.toNumber() || 0, cgst: sums.cgst.toNumber() || 0, sgst: sums.sgst.toNumber() || 0, cess: sums.cess.toNumber() || 0 };
  net.amounts = { ...total };
  net.computed = { ...total };
  net.documents = documents;
}

/** Computes GSTR-3B (tables 3.1, 3.1.1, 3.2, 4 and 5) with the documents behind each cell. */
export function computeGstr3b(input: Gstr3bInput): Gstr3bResult {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const gstin = String(input?.gstin ?? '')
    .trim()
    .toUpperCase();
  const period = returnPeriod(String(input?.period ?? ''));
  if (!isValidGstin(gstin)) errors.push(error(gstr3bCodes.badHeader, `the return's GSTIN ${gstin || '(none)'} is not valid`, '/gstin'));
  if (!period) errors.push(error(gstr3bCodes.badHeader, `the period ${String(input?.period ?? '')} is not MMYYYY or YYYY-MM`, '/period'));
  const month = period?.month ?? '';
  const cells = new CellSet();
  const heldBack: Gstr3bDocumentRef[] = [];
  if (errors.length === 0) {
    const outward: OutwardContext = {
      gstin,
      month,
      cells,
      errors,
      warnings,
      compositionBuyers: new Set((input.compositionBuyers ?? []).map((g) => String(g).trim().toUpperCase())),
      seen: new Set(),
    };
    placeEinvoices(Array.isArray(input.sales) ? input.sales : [], outward);
    placeSalesRegister(Array.isArray(input.salesRegister) ? input.salesRegister : [], outward);
    const inward: InwardContext = { gstin, month, cells, warnings, heldBack };
    const g2b = input.gstr2b;
    if (g2b !== undefined && !readLike(g2b, 'documents')) {
      errors.push(error(gstr3bCodes.otherReturn, 'gstr2b should be a GSTR-2B as readGstr2b reads it; it is not read', '/gstr2b'));
    } else if (g2b) {
      if (g2b.gstin.toUpperCase() !== gstin || g2b.period !== month) {
        errors.push(error(gstr3bCodes.otherReturn, `the GSTR-2B given is for ${g2b.gstin} ${g2b.period}, not ${gstin} ${month}; it is not read`, '/gstr2b'));
      } else {
        const earlier = Array.isArray(input.earlierGstr2b) ? input.earlierGstr2b.filter((r) => readLike(r, 'documents')) : [];
        const reconciliation = input.reconciliation && Array.isArray(input.reconciliation.rows) ? input.reconciliation : undefined;
        placeGstr2b(g2b, { earlier, ...(Array.isArray(input.ims) ? { ims: input.ims } : {}), ...(reconciliation ? { reconciliation } : {}) }, inward);
      }
    }
    placePurchases(Array.isArray(input.purchases) ? input.purchases.filter((r) => r && typeof r === 'object') : [], inward);
    placeAdjustments(Array.isArray(input.adjustments) ? input.adjustments : [], inward, errors);
  }
  let list = cells.all().map((c) => c.cell());
  netItc(list);
  let portal = input?.portal;
  if (portal !== undefined && !readLike(portal, 'rows')) {
    errors.push(error(gstr3bCodes.otherReturn, 'portal should be a GSTR-3B as readGstr3b reads it; it is not read', '/portal'));
    portal = undefined;
  } else if (portal && (portal.gstin.toUpperCase() !== gstin || portal.period !== month)) {
    errors.push(
      error(gstr3bCodes.otherReturn, `the portal's GSTR-3B given is for ${portal.gstin} ${portal.period}, not ${gstin} ${month}; it is not read`, '/portal'),
    );
    portal = undefined;
  }
  if (period) list = applyPortalLocks(list, month, portal, warnings);
  const ledgers = ledgerChecks(list, Array.isArray(input?.adjustments) ? input.adjustments : [], input?.ledgers);
  warnings.push(...ledgers.warnings);
  return {
    gstin,
    period: period?.fp ?? String(input?.period ?? ''),
    cells: list,
    heldBack,
    ledgers: { reclaim: ledgers.reclaim, reverseCharge: ledgers.reverseCharge },
    errors,
    warnings,
  };
}
