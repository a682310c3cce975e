/**
 * A purchase register (CSV) and the GSTR-2B (GSTN's JSON) of the same month, made up for the page's
 * example, its Chromium test and its benchmark: most purchases match, some differ by a format of their
 * number, by paise or by rupees, some are missing from 2B and some 2B documents from the books.
 * @module
 */
import { gstinCheckChar } from '../../src/masters/gstin.js';

const RECIPIENT = '27AACCM8803K1ZW';

/** Supplier GSTINs with a correct check character, spread over a few states. */
function suppliers(count: number): string[] {
  const states = ['27', '29', '24', '33', '07', '09'];
  return Array.from({ length: count }, (_, i) => {
    const first14 = `${states[i % states.length]}AAFC${String.fromCharCode(65 + (i % 26))}${String(1000 + i).padStart(4, '0')}${String.fromCharCode(65 + ((i * 7) % 26))}1Z`;
    return first14 + gstinCheckChar(first14);
  });
}

const money = (n: number): number => Math.round(n * 100) / 100;
const gstnDate = (day: number): string => `${String(day).padStart(2, '0')}-11-2026`;
const bookDate = (day: number): string => `${String(day).padStart(2, '0')}/11/2026`;

export interface RegisterFiles {
  purchasesCsv: string;
  gstr2bJson: string;
  /** How many rows of each kind were made, for a reader to check the reconciliation against. */
  made: { purchases: number; documents2b: number };
}

/**
 * `count` purchases: per 20, 14 exact, 2 under another spelling of the number, 1 within a rupee, 1 off by
 * ₹250, 1 missing from 2B; and one 2B document in 20 the books lack.
 */
export function registerFiles(count: number): RegisterFiles {
  const gstins = suppliers(Math.max(3, Math.min(400, Math.ceil(count / 25))));
  const names = new Map(gstins.map((g, i) => [g, `Supplier ${i + 1} Private Limited`]));
  const csv = ['supplier_gstin,doc_type,doc_no,doc_date,taxable_value,igst,cgst,sgst,cess'];
  const byGstin = new Map<string, Array<Record<string, unknown>>>();
  let documents2b = 0;
  const add2b = (gstin: string, doc: Record<string, unknown>): void => {
    const list = byGstin.get(gstin) ?? [];
    list.push(doc);
    byGstin.set(gstin, list);
    documents2b++;
  };
  for (let i = 0; i < count; i++) {
    const gstin = gstins[i % gstins.length] as string;
    const intra = gstin.startsWith('27');
    const day = 1 + (i % 28);
    const taxable = 1000 + (i % 397) * 25;
    const tax = money(taxable * 0.18);
    const [igst, cgst, sgst] = intra ? [0, money(tax / 2), money(tax / 2)] : [tax, 0, 0];
    const no = `INV/26-27/${String(i + 1).padStart(5, '0')}`;
    csv.push(`${gstin},INV,${no},${bookDate(day)},${taxable.toFixed(2)},${igst.toFixed(2)},${cgst.toFixed(2)},${sgst.toFixed(2)},0`);
    const bucket = i % 20;
    if (bucket === 19) continue;
    const number = bucket === 14 || bucket === 15 ? `inv-${i + 1}` : no;
    const portalTaxable = bucket === 16 ? taxable + 0.4 : bucket === 17 ? taxable + 250 : taxable;
    const portalTax = money(portalTaxable * 0.18);
    const [pi, pc, ps] = intra ? [0, money(portalTax / 2), money(portalTax / 2)] : [portalTax, 0, 0];
    add2b(gstin, {
      inum: number,
      typ: 'R',
      dt: gstnDate(day),
      val: money(portalTaxable + portalTax),
      pos: '27',
      rev: 'N',
      itcavl: 'Y',
      txval: portalTaxable,
      igst: pi,
      cgst: pc,
      sgst: ps,
      cess: 0,
    });
    if (bucket === 3) {
      const extra = `X/${i + 1}`;
      add2b(gstin, {
        inum: extra,
        typ: 'R',
        dt: gstnDate(day),
        val: 1180,
        pos: '27',
        rev: 'N',
        itcavl: 'Y',
        txval: 1000,
        igst: intra ? 0 : 180,
        cgst: intra ? 90 : 0,
        sgst: intra ? 90 : 0,
        cess: 0,
      });
    }
  }
  const b2b = [...byGstin].map(([ctin, inv]) => ({ ctin, trdnm: names.get(ctin), supfildt: '11-12-2026', supprd: '112026', inv }));
  const gstr2b = { chksum: 'made-up', data: { gstin: RECIPIENT, rtnprd: '112026', version: '4.0', gendt: '14-12-2026', docdata: { b2b } } };
  return { purchasesCsv: `${csv.join('\n')}\n`, gstr2bJson: JSON.stringify(gstr2b), made: { purchases: count, documents2b } };
}
